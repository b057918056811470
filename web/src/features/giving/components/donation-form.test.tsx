import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { DonationForm } from './donation-form';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const donation = {
  _id: 'd1',
  id: 'd1',
  amount: 150.5,
  paymentMethod: 'card',
  frequency: 'one-time',
  fund: 'General',
  note: null,
  status: 'pending',
  reference: 'GIV-ABCDEFGH',
  date: '2026-11-21T10:00:00Z',
  createdAt: '2026-11-21T10:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

const options = (card: boolean) =>
  reply(200, {
    status: 'success',
    data: {
      card: { available: card, provider: card ? 'payfast' : null },
      bank: { available: true, details: null },
      funds: ['General', 'Missions'],
    },
  });
/** Answers GET /giving/options itself and hands every other call to `rest`. */
const routed = (rest: (url: string, init?: RequestInit) => unknown, card = true) =>
  vi.fn((url: string, init?: RequestInit) => (String(url).includes('/giving/options') ? Promise.resolve(options(card)) : rest(url, init)));
const bankPayment = {
  kind: 'bank',
  bankName: 'FNB',
  accountName: 'Grace Church',
  accountNumber: '628',
  branchCode: '250655',
  reference: 'GIV-ABCDEFGH',
};

describe('DonationForm', () => {
  it('refuses an amount under R 1.00 without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', routed(fetchMock));
    renderAt(<DonationForm />);
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('The minimum donation is R 1.00')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('retries a failed donation with the same idempotency key, then thanks the giver', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(reply(503, { status: 'error', message: 'Database unavailable' }))
      .mockResolvedValueOnce(
        reply(201, { status: 'success', message: 'Thank you for your generous donation!', data: { donation, payment: bankPayment } }),
      );
    vi.stubGlobal('fetch', routed(fetchMock));
    renderAt(<DonationForm />);
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: '150.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    // The toast library loads on the first toast: give it time on a busy machine.
    expect(await screen.findByText('Failed to process donation', undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('Thank you for your generous donation!')).toBeInTheDocument();
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init as RequestInit);
    const key = (init: RequestInit) => (init.headers as Record<string, string>)['idempotency-key'];
    expect(key(first!)).toBeTruthy();
    expect(key(second!)).toBe(key(first!));
    expect(JSON.parse(second!.body as string)).toEqual({
      amount: 150.5,
      paymentMethod: 'card',
      frequency: 'one-time',
      fund: 'General',
      note: null,
    });
    await waitFor(() => expect(screen.getByLabelText(/Amount/)).toHaveValue(''));
    expect(await screen.findByTestId('bank-reference')).toHaveTextContent('GIV-ABCDEFGH');
    // The failure is stale once the retry succeeded: its toast closes (issue 18).
    await waitFor(() => expect(screen.queryByText('Failed to process donation')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('says why a donation was refused, in the server’s words, for any refusal the giver can act on', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        reply(409, {
          status: 'error',
          message: 'This donation was already submitted with a different amount. Please start a new donation.',
        }),
      )
      .mockResolvedValueOnce(reply(429, { status: 'error', message: 'Too many requests. Please try again in 60 seconds.' }));
    vi.stubGlobal('fetch', routed(fetchMock));
    renderAt(<DonationForm />);
    fireEvent.change(await screen.findByLabelText(/Amount/), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(
      await screen.findByText('This donation was already submitted with a different amount. Please start a new donation.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('Too many requests. Please try again in 60 seconds.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Failed to process donation')).not.toBeInTheDocument();
  });

  it('says plainly that card payments are not set up', async () => {
    vi.stubGlobal('fetch', routed(vi.fn(), false));
    renderAt(<DonationForm />);
    expect(await screen.findByTestId('card-not-set-up')).toHaveTextContent('Card payments are not set up yet.');
  });
});
