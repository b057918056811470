import type { CallbackResult, ChannelProvider, InboundMessage, StatusUpdate } from '../channel';
import { callProvider } from '../channel';
import { e164, json, parseJson, sameSecret, smsCost, str, type SmsConfig } from './sms-common';

/**
 * BulkSMS JSON REST API: POST /v1/messages?auto-unicode=true with Basic
 * username : password and [{ to, body, from, userSuppliedId }]; the answer is
 * an array of message objects whose `id` we keep. Its webhooks POST the same
 * kind of array (type SENT with a status, or RECEIVED with a reply's body)
 * and carry no signature: BulkSMS is told a callback URL holding a secret
 * token (?token=…), which is what we check.
 */
export interface BulkSmsConfig extends SmsConfig {
  username: string;
  password: string;
  webhookSecret: string;
}

const STATE: Record<string, 'sent' | 'delivered' | 'failed'> = {
  ACCEPTED: 'sent',
  SCHEDULED: 'sent',
  SENT: 'sent',
  DELIVERED: 'delivered',
  FAILED: 'failed',
};

export function createBulkSms(c: BulkSmsConfig): ChannelProvider {
  const auth = `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`;
  return {
    channel: 'sms',
    name: 'bulksms',
    cost: smsCost(c.priceUnits),
    async send(m) {
      const res = await callProvider(
        `${c.base}/v1/messages?auto-unicode=true`,
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify([{ to: m.to, body: m.text, userSuppliedId: m.deliveryId, ...(c.senderId ? { from: c.senderId } : {}) }]),
        },
        c.fetchImpl,
      );
      if (!res.ok) {
        const detail = str(json(res.body)?.detail) || str(json(res.body)?.title);
        return { ok: false, retryable: res.retryable, reason: detail ? `BulkSMS: ${detail}` : res.reason };
      }
      const first = json(Array.isArray(res.body) ? res.body[0] : null);
      const id = str(first?.id);
      const status = json(first?.status);
      if (str(status?.type) === 'FAILED') return { ok: false, retryable: false, reason: `BulkSMS: ${str(status?.subtype) || 'failed'}` };
      return id ? { ok: true, providerMessageId: id } : { ok: false, retryable: true, reason: 'BulkSMS sent no message id' };
    },
    status: async () => null,
    verifyCallback(req): CallbackResult {
      if (!sameSecret(req.query.token, c.webhookSecret)) return { ok: false, reason: 'bad token' };
      const list = parseJson(req.rawBody);
      if (!Array.isArray(list)) return { ok: false, reason: 'not a list' };
      const statuses: StatusUpdate[] = [];
      const inbound: InboundMessage[] = [];
      for (const item of list.slice(0, 1000)) {
        const m = json(item);
        if (!m) continue;
        if (str(m.type) === 'RECEIVED') {
          const from = e164(m.from);
          if (from) inbound.push({ from, text: str(m.body), eventKey: `mo:${str(m.id)}` });
          continue;
        }
        const status = json(m.status);
        const state = STATE[str(status?.type)];
        if (state && str(m.id))
          statuses.push({
            providerMessageId: str(m.id),
            state,
            reason: state === 'failed' ? `BulkSMS: ${str(status?.subtype) || 'failed'}` : undefined,
            eventKey: `dlr:${str(m.id)}:${str(status?.id)}`,
          });
      }
      return { ok: true, statuses, inbound };
    },
  };
}
