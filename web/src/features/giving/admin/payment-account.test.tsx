import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MERCHANT_TEXTS, type MerchantSettings } from '@church/contract/giving-merchant';
import { renderAt } from '../../../test/render';
import { PaymentAccount } from './payment-account';

const stored: MerchantSettings = {
  source: 'settings',
  provider: 'payfast',
  merchantId: '10000111',
  merchantKey: 'settingsKey42',
  passphraseSet: true,
  sandbox: false,
  updatedAt: '2026-11-26T10:00:00Z',
};

/** The payment-account API; every PUT body is kept so the test can read what left the page. */
function serve(initial: MerchantSettings) {
  let merchant = initial;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'PUT') {
        const body = JSON.parse(String(init?.body)) as { merchantId: string; merchantKey: string; passphrase?: string; sandbox: boolean };
        puts.push(body);
        merchant = { ...merchant, merchantId: body.merchantId, merchantKey: body.merchantKey, sandbox: body.sandbox, passphraseSet: true };
        return Response.json({ status: 'success', message: MERCHANT_TEXTS.saved, data: { merchant } });
      }
      expect(new URL(String(input), 'http://church.test').pathname).toBe('/api/giving/payment-account');
      return Response.json({ status: 'success', data: { merchant } });
    }),
  );
  return puts;
}
afterEach(() => vi.unstubAllGlobals());

describe('PaymentAccount', () => {
  it('keeps the stored passphrase when its field is left empty, and sends a new one only when typed', async () => {
    const puts = serve(stored);
    renderAt(<PaymentAccount />, { path: '/giving' });
    expect(await screen.findByText('Card payments are on.')).toBeInTheDocument();
    expect(screen.getByLabelText('Merchant ID')).toHaveValue('10000111');
    expect(screen.getByText('A passphrase is stored. Leave empty to keep it.')).toBeInTheDocument();
    // The passphrase itself is never in the page: the field starts empty.
    expect(screen.getByLabelText('Passphrase')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Merchant key'), { target: { value: 'newKey7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card payment account' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ merchantId: '10000111', merchantKey: 'newKey7', clearPassphrase: false, sandbox: false });
    expect(await screen.findByText(MERCHANT_TEXTS.saved)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Passphrase'), { target: { value: 'Brand-New-Pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card payment account' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ passphrase: 'Brand-New-Pass' });
  });

  it('an account from the server environment is shown read-only, with where to change it', async () => {
    serve({ ...stored, source: 'environment', updatedAt: null });
    renderAt(<PaymentAccount />, { path: '/giving' });
    expect(await screen.findByText(MERCHANT_TEXTS.fromEnvironment)).toBeInTheDocument();
    expect(screen.getByLabelText('Merchant ID')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Passphrase')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save card payment account' })).not.toBeInTheDocument();
  });

  it('says plainly when card payments are not set up', async () => {
    serve({ ...stored, source: 'none', merchantId: null, merchantKey: null, passphraseSet: false, updatedAt: null });
    renderAt(<PaymentAccount />, { path: '/giving' });
    expect(
      await screen.findByText('Card payments are not set up: members can give by bank transfer or in person only.'),
    ).toBeInTheDocument();
    expect(screen.getByText('As set in PayFast under Settings → Integration.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove account' })).not.toBeInTheDocument();
  });
});
