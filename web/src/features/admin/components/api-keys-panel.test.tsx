import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminApiKey } from '@church/contract/developers';
import { renderAt } from '../../../test/render';
import { ApiKeysPanel } from './api-keys-panel';

afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function key(over: Partial<AdminApiKey> & { id: string; name: string }): AdminApiKey {
  return {
    _id: over.id,
    description: '',
    pricingTier: 'free',
    permissions: ['read:events'],
    planStatus: 'free',
    approvedAt: null,
    rateLimit: { requestsPerHour: 100, requestsPerMonth: 1000 },
    usage: { monthlyRequests: 1234, totalRequests: 5678, lastUsed: null, currentPeriodStart: '2026-12-01T00:00:00Z' },
    usageStats: { requestsThisMonth: 1234 },
    keyPreview: 'chk_live_…a1B2',
    createdAt: '2026-12-01T08:00:00Z',
    expiresAt: null,
    isActive: true,
    revokedAt: null,
    owner: { id: 'dev-1', name: 'Sipho Dev', email: 'sipho@example.org', role: 'developer', accountEnabled: true },
    ...over,
  } as AdminApiKey;
}

const live = [
  key({ id: 'k1', name: 'Website widget', pricingTier: 'professional', planStatus: 'pending' }),
  key({
    id: 'k2',
    name: 'Office sync',
    owner: { id: 'staff-1', name: 'Pastor Thandi', email: 'thandi@example.org', role: 'pastor', accountEnabled: true },
  }),
];
const revoked = key({ id: 'k3', name: 'Old script', revokedAt: '2026-11-01T08:00:00Z', isActive: false });

function mockServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.includes('/api/admin/api-keys'))
      return json(200, { status: 'success', data: { apiKeys: url.includes('include=all') ? [...live, revoked] : live } });
    if (method === 'DELETE' && url.endsWith('/api/admin/api-keys/k1')) return json(200, { status: 'success', message: 'API key revoked' });
    if (method === 'PUT' && url.endsWith('/api/admin/developers/dev-1/access'))
      return json(200, { status: 'success', message: 'Developer account disabled: its API keys no longer work' });
    return json(404, { status: 'error', message: 'not in this test' });
  });
}
const calls = (spy: ReturnType<typeof mockServer>, method: string) =>
  spy.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url, init]) => ({ url: String(url), body: init?.body }));

describe('ApiKeysPanel', () => {
  it('lists every live key by owner with tier, plan status and usage; a staff owner has no developer switch', async () => {
    mockServer();
    renderAt(<ApiKeysPanel />);
    const dev = await screen.findByRole('region', { name: 'Sipho Dev' });
    expect(within(dev).getByText('sipho@example.org')).toBeInTheDocument();
    expect(within(dev).getByText('developer')).toBeInTheDocument();
    expect(within(dev).getByText('Active')).toBeInTheDocument();
    const widget = within(dev).getByRole('region', { name: 'API key Website widget' });
    expect(within(widget).getByText('Professional')).toBeInTheDocument();
    expect(within(widget).getByText('Plan waiting for approval')).toBeInTheDocument();
    expect(within(widget).getByText('1,234 requests this month · 5,678 in all')).toBeInTheDocument();
    expect(within(widget).getByText('Last used: Never')).toBeInTheDocument();
    expect(within(dev).getByRole('button', { name: 'Disable developer' })).toBeInTheDocument();
    const staff = screen.getByRole('region', { name: 'Pastor Thandi' });
    expect(within(staff).queryByRole('button', { name: /developer/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Old script')).not.toBeInTheDocument();
  });

  it('shows revoked keys too when asked, without a Revoke button', async () => {
    const spy = mockServer();
    renderAt(<ApiKeysPanel />);
    await screen.findByText('Website widget');
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Show revoked keys' }));
    const old = await screen.findByRole('region', { name: 'API key Old script' });
    expect(within(old).getByText(/^Revoked/)).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(calls(spy, 'GET').some((c) => c.url.includes('include=all'))).toBe(true);
  });

  it('revokes a key only after the confirmation and shows the server message', async () => {
    const spy = mockServer();
    renderAt(<ApiKeysPanel />);
    const user = userEvent.setup();
    const widget = await screen.findByRole('region', { name: 'API key Website widget' });
    await user.click(within(widget).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    expect(calls(spy, 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    expect(calls(spy, 'DELETE').map((c) => c.url)).toEqual([expect.stringMatching(/\/api\/admin\/api-keys\/k1$/)]);
  });

  it('disables a developer after the confirmation', async () => {
    const spy = mockServer();
    renderAt(<ApiKeysPanel />);
    const user = userEvent.setup();
    const dev = await screen.findByRole('region', { name: 'Sipho Dev' });
    await user.click(within(dev).getByRole('button', { name: 'Disable developer' }));
    const dialog = await screen.findByRole('dialog', { name: /Disable the developer account of Sipho Dev/ });
    await user.click(within(dialog).getByRole('button', { name: 'Disable developer' }));
    expect(await screen.findByText('Developer account disabled: its API keys no longer work')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls(spy, 'PUT')[0]!.body))).toEqual({ enabled: false });
  });

  it("shows the server's refusal", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
      (init?.method ?? 'GET') === 'GET'
        ? json(200, { status: 'success', data: { apiKeys: live } })
        : json(404, { status: 'error', message: 'No live API key with that id (it may be revoked already)' }),
    );
    renderAt(<ApiKeysPanel />);
    const user = userEvent.setup();
    const widget = await screen.findByRole('region', { name: 'API key Website widget' });
    await user.click(within(widget).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('No live API key with that id (it may be revoked already)')).toBeInTheDocument();
  });
});
