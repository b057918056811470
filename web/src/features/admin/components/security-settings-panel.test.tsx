import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../../test/render';
import { SecuritySettingsPanel } from './security-settings-panel';

afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const settings = (over: Record<string, unknown> = {}) => ({
  status: 'success',
  data: {
    settings: {
      namedGivingHiddenFromPastors: false,
      developerSelfRegistration: true,
      twoFactorRequiredRoles: [],
      updatedAt: null,
      ...over,
    },
  },
});

describe('SecuritySettingsPanel', () => {
  it('closes developer self-registration with its switch and says so', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) =>
        init?.method === 'PUT'
          ? json(200, settings({ developerSelfRegistration: false, updatedAt: '2026-12-05T08:00:00Z' }))
          : json(200, settings()),
      );
    renderAt(<SecuritySettingsPanel />);
    const open = await screen.findByRole('switch', { name: /^Let anyone register a developer account/ });
    expect(open).toBeChecked();
    await userEvent.setup().click(open);
    expect(await screen.findByText('New developer accounts are closed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Let anyone register a developer account/ })).not.toBeChecked());
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toMatch(/\/api\/admin\/security-settings$/);
    expect(JSON.parse(String(put[1]!.body))).toEqual({ developerSelfRegistration: false });
  });

  it("shows the server's refusal", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
      init?.method === 'PUT' ? json(403, { status: 'error', message: 'Only an administrator may change this' }) : json(200, settings()),
    );
    renderAt(<SecuritySettingsPanel />);
    await userEvent.setup().click(await screen.findByRole('switch', { name: /^Let anyone register a developer account/ }));
    expect(await screen.findByText('Only an administrator may change this')).toBeInTheDocument();
  });
});
