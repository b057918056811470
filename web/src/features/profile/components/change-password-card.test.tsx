import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_UPDATE_TEXTS } from '@church/contract/auth';
import { WRONG_CURRENT_PASSWORD } from '@church/contract/members';
import { renderAt } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';
import { ChangePasswordCard } from './change-password-card';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([url]) => String(url).includes('/auth/update-password'));
const box = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function fill(current: string, next: string, confirm = next) {
  const ue = userEvent.setup();
  if (current) await ue.type(box(/^Current password/), current);
  if (next) await ue.type(box(/^New password/), next);
  if (confirm) await ue.type(box(/^Confirm new password/), confirm);
  await ue.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('ChangePasswordCard', () => {
  it('checks the fields with the contract rule before calling the server', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    renderAt(<ChangePasswordCard />);
    await fill('', 'short', 'other');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_UPDATE_TEXTS.mismatch)).toBeInTheDocument();
    expect(calls(spy)).toEqual([]);
  });

  it('sends the change, keeps the new token and says so', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url).includes('/auth/update-password')
          ? json(200, { status: 'success', message: PASSWORD_UPDATE_TEXTS.updated, token: 'fresh-token', user: makeUser() })
          : json(404, { status: 'error', message: 'not in this test' }),
      );
    renderAt(<ChangePasswordCard />);
    await fill('Old-Password-1', 'Harvest-2026-New');
    expect(await screen.findByText(PASSWORD_UPDATE_TEXTS.updated)).toBeInTheDocument();
    const [, init] = calls(spy)[0]! as [string, RequestInit];
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ currentPassword: 'Old-Password-1', newPassword: 'Harvest-2026-New' });
    await waitFor(() => expect(localStorage.getItem('token')).toBe('fresh-token'));
    expect(box(/^New password/)).toHaveValue('');
  });

  it('puts a wrong current password on its field', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(400, { status: 'error', message: WRONG_CURRENT_PASSWORD }));
    renderAt(<ChangePasswordCard />);
    await fill('Not-My-Password', 'Harvest-2026-New');
    expect(await screen.findByText(WRONG_CURRENT_PASSWORD)).toBeInTheDocument();
  });

  it("says 'Password update failed' when the server gives no reason", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(500, { status: 'error', message: 'Something went wrong on our side.' }),
    );
    renderAt(<ChangePasswordCard />);
    await fill('Old-Password-1', 'Harvest-2026-New');
    expect(await screen.findByText(PASSWORD_UPDATE_TEXTS.failed)).toBeInTheDocument();
  });
});
