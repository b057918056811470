import type { CallbackResult, ChannelProvider, InboundMessage, StatusUpdate } from '../channel';
import { callProvider } from '../channel';
import { e164, json, parseJson, sameSecret, smsCost, str, type SmsConfig } from './sms-common';

/**
 * Clickatell Platform (One API): POST /v1/message with the API key in
 * Authorization and { messages: [{ channel: 'sms', to, content, clientMessageId }] };
 * each answer item has an apiMessageId (or accepted: false with an error).
 * Status callbacks POST { messageId, clientMessageId, statusCode, status, … };
 * replies POST { messageId, fromNumber, text, … }. Unsigned: the callback URL
 * given to Clickatell holds a secret token (?token=…).
 */
export interface ClickatellConfig extends SmsConfig {
  apiKey: string;
  webhookSecret: string;
}

/** Clickatell's status codes: 3 delivered to gateway, 4 received by recipient; 5, 6, 7, 9, 10, 12 errors or expiry. */
const CODE: Record<number, 'sent' | 'delivered' | 'failed'> = {
  2: 'sent',
  3: 'sent',
  4: 'delivered',
  5: 'failed',
  6: 'failed',
  7: 'failed',
  9: 'failed',
  10: 'failed',
  12: 'failed',
};

export function createClickatell(c: ClickatellConfig): ChannelProvider {
  return {
    channel: 'sms',
    name: 'clickatell',
    cost: smsCost(c.priceUnits),
    async send(m) {
      const res = await callProvider(
        `${c.base}/v1/message`,
        {
          method: 'POST',
          headers: { authorization: c.apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            messages: [
              {
                channel: 'sms',
                to: m.to.replace(/^\+/, ''),
                content: m.text,
                clientMessageId: m.deliveryId,
                ...(c.senderId ? { from: c.senderId } : {}),
              },
            ],
          }),
        },
        c.fetchImpl,
      );
      if (!res.ok)
        return { ok: false, retryable: res.retryable, reason: res.status === 401 ? 'Clickatell refused the API key' : res.reason };
      const item = json((json(res.body)?.messages as unknown[] | undefined)?.[0]);
      if (!item || item.accepted === false) {
        const err = json(item?.error);
        return { ok: false, retryable: false, reason: `Clickatell: ${str(err?.description) || str(item?.error) || 'not accepted'}` };
      }
      const id = str(item.apiMessageId);
      return id ? { ok: true, providerMessageId: id } : { ok: false, retryable: true, reason: 'Clickatell sent no message id' };
    },
    status: async () => null,
    verifyCallback(req): CallbackResult {
      if (!sameSecret(req.query.token, c.webhookSecret)) return { ok: false, reason: 'bad token' };
      const b = json(parseJson(req.rawBody));
      if (!b) return { ok: false, reason: 'not JSON' };
      const statuses: StatusUpdate[] = [];
      const inbound: InboundMessage[] = [];
      if (b.fromNumber !== undefined && b.text !== undefined) {
        const from = e164(b.fromNumber);
        if (from) inbound.push({ from, text: str(b.text), eventKey: `mo:${str(b.messageId)}` });
      } else {
        const code = Number(b.statusCode);
        const state = CODE[code];
        if (state && str(b.messageId))
          statuses.push({
            providerMessageId: str(b.messageId),
            state,
            reason: state === 'failed' ? `Clickatell: ${str(b.statusDescription) || str(b.status)}` : undefined,
            eventKey: `dlr:${str(b.messageId)}:${code}`,
          });
      }
      return { ok: true, statuses, inbound };
    },
  };
}
