import type { PayfastConfig } from '../../config';
import type { Checkout, CheckoutInput, PaymentProvider, VerifyResult } from './payment-provider';
import { ipAllowed, paramString, parseForm, sameSignature, sign, signApiRequest } from './payfast-signature';

/** PayFast's subscription frequencies: 2 weekly, 3 monthly. */
const FREQUENCY = { weekly: '2', monthly: '3' } as const;
const STATUS = { COMPLETE: 'complete', FAILED: 'failed', CANCELLED: 'cancelled' } as const;
const TIMEOUT_MS = 10_000;

const rand = (cents: number) => (cents / 100).toFixed(2);

/** PayFast: hosted checkout, ITN notifications, the validate call and the subscriptions API. */
export function createPayfastProvider(cfg: PayfastConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  return {
    name: 'payfast',
    createCheckout(input: CheckoutInput): Checkout {
      // The order is PayFast's documented attribute order: the signature depends on it.
      const fields: Array<[string, string]> = [
        ['merchant_id', cfg.merchantId],
        ['merchant_key', cfg.merchantKey],
        ['return_url', input.returnUrl],
        ['cancel_url', input.cancelUrl],
        ['notify_url', input.notifyUrl],
        ['name_first', input.donor.firstName.slice(0, 100)],
        ['name_last', input.donor.lastName.slice(0, 100)],
        ['email_address', input.donor.email.slice(0, 100)],
        ['m_payment_id', input.reference],
        ['amount', rand(input.amountCents)],
        ['item_name', input.itemName.slice(0, 100)],
      ];
      if (input.recurring) {
        fields.push(
          ['subscription_type', '1'],
          ['recurring_amount', rand(input.amountCents)],
          ['frequency', FREQUENCY[input.recurring]],
          ['cycles', '0'],
        );
      }
      const kept = fields.filter(([, v]) => v.trim() !== '');
      kept.push(['signature', sign(kept, 'checkout', cfg.passphrase)]);
      return { action: `${cfg.baseUrl}/eng/process`, fields: kept };
    },

    verifyNotification(rawBody: string, sourceIp: string): VerifyResult {
      const pairs = parseForm(rawBody);
      const fields = Object.fromEntries(pairs);
      if (!ipAllowed(sourceIp, cfg.notifyIps)) return { ok: false, reason: `source ${sourceIp} is not a PayFast address`, fields };
      const given = fields.signature ?? '';
      if (!given || !sameSignature(sign(pairs, 'notification', cfg.passphrase), given)) {
        return { ok: false, reason: 'signature does not match', fields };
      }
      if (fields.merchant_id !== cfg.merchantId) return { ok: false, reason: 'merchant id is not ours', fields };
      const status = STATUS[fields.payment_status as keyof typeof STATUS];
      const gross = fields.amount_gross ?? '';
      if (!status) return { ok: false, reason: `unknown payment_status ${fields.payment_status ?? ''}`, fields };
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(gross)) return { ok: false, reason: 'amount_gross is not an amount', fields };
      if (!fields.m_payment_id || !fields.pf_payment_id) return { ok: false, reason: 'reference or payment id missing', fields };
      return {
        ok: true,
        notification: {
          reference: fields.m_payment_id,
          providerPaymentId: fields.pf_payment_id,
          status,
          amountCents: Math.round(Number(gross) * 100),
          token: fields.token || null,
          fields,
        },
      };
    },

    async confirmNotification(rawBody: string): Promise<boolean> {
      const body = paramString(parseForm(rawBody), 'notification');
      const res = await fetchImpl(`${cfg.baseUrl}/eng/query/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return res.ok && (await res.text()).trim() === 'VALID';
    },

    async cancelSubscription(token: string): Promise<void> {
      const headers = { 'merchant-id': cfg.merchantId, version: 'v1', timestamp: new Date().toISOString().slice(0, 19) };
      const signature = signApiRequest(headers, cfg.passphrase);
      const url = `${cfg.apiUrl}/subscriptions/${encodeURIComponent(token)}/cancel${cfg.sandbox ? '?testing=true' : ''}`;
      const res = await fetchImpl(url, { method: 'PUT', headers: { ...headers, signature }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`PayFast refused the cancellation (HTTP ${res.status})`);
    },
  };
}
