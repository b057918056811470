import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEV_TEXTS } from '@church/contract/developer-texts';
import { renderAt } from '../../../test/render';
import { ApiConnectionTest } from './api-connection-test';

afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const plans = {
  status: 'success',
  data: {
    plans: [],
    payPerUse: { perExtraRequest: 0.001, storagePerMbMonth: 0.1, prioritySupportMonthly: 49 },
    trialDays: 14,
    currency: 'USD',
  },
};

describe('ApiConnectionTest', () => {
  it('calls GET /api/plans and says the API answered', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, plans));
    renderAt(<ApiConnectionTest />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/API connected: 0 plans answered in \d+ ms/)).toBeInTheDocument();
    expect(spy.mock.calls.some(([url]) => String(url).endsWith('/api/plans'))).toBe(true);
  });

  it("shows 'API Connection Failed' with the reason when the call fails", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(503, { status: 'error', message: 'The database is unavailable.' }));
    renderAt(<ApiConnectionTest />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('api-connection-result');
    expect(within(result).getByText(DEV_TEXTS.apiConnectionFailed)).toBeInTheDocument();
    expect(within(result).getByText('The database is unavailable.')).toBeInTheDocument();
  });

  it('says the server could not be reached when there is no answer', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt(<ApiConnectionTest />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
  });
});
