import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_CHANGE_TEXTS } from '@church/contract/members-manage';
import { sessionStore } from '../../../lib/storage';
import { renderAt } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';
import { ConfirmEmailPage } from './confirm-email-page';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const confirmCalls = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([url]) => String(url).endsWith('/api/members/email-change/confirm'));
const TOKEN = 'tok_abcdefghijklmnop';

describe('ConfirmEmailPage', () => {
  it('waits for the click (mail scanners open links), then posts the token and shows the server message and Sign In', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url).endsWith('/email-change/confirm')
          ? json(200, { status: 'success', message: EMAIL_CHANGE_TEXTS.confirmed })
          : json(404, { status: 'error', message: 'not in this test' }),
      );
    renderAt(<ConfirmEmailPage />, { path: '/confirm-email', entry: `/confirm-email?token=${TOKEN}` });
    const button = await screen.findByRole('button', { name: 'Confirm new e-mail' });
    expect(confirmCalls(spy)).toEqual([]);
    await userEvent.setup().click(button);
    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.confirmed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    const [[, init]] = confirmCalls(spy) as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ token: TOKEN });
  });

  it("shows the server's refusal of a used or expired link", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(400, { status: 'error', message: EMAIL_CHANGE_TEXTS.invalid }));
    renderAt(<ConfirmEmailPage />, { path: '/confirm-email', entry: `/confirm-email?token=${TOKEN}` });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm new e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CHANGE_TEXTS.invalid);
    expect(screen.queryByRole('button', { name: 'Confirm new e-mail' })).not.toBeInTheDocument();
  });

  it('says the link is incomplete without a token, and calls nothing', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(404, { status: 'error', message: 'no' }));
    renderAt(<ConfirmEmailPage />, { path: '/confirm-email' });
    expect(await screen.findByText(/This confirmation link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm new e-mail' })).not.toBeInTheDocument();
    expect(confirmCalls(spy)).toEqual([]);
  });

  it('forgets a session on this browser once confirmed (the server ended it)', async () => {
    sessionStore.save('stored-token', makeUser());
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).endsWith('/auth/me')
        ? json(200, { status: 'success', data: { user: makeUser() } })
        : String(url).endsWith('/email-change/confirm')
          ? json(200, { status: 'success', message: EMAIL_CHANGE_TEXTS.confirmed })
          : json(404, { status: 'error', message: 'not in this test' }),
    );
    renderAt(<ConfirmEmailPage />, { path: '/confirm-email', entry: `/confirm-email?token=${TOKEN}` });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm new e-mail' }));
    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.confirmed)).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.token()).toBeNull());
    expect(sessionStore.user()).toBeNull();
  });
});
