import crypto from 'node:crypto';
import type { CallbackResult, ChannelProvider, InboundMessage, StatusUpdate } from '../channel';
import { callProvider, header } from '../channel';
import { e164, json, parseJson, sameSecret, smppState, smsCost, str, type SmsConfig } from './sms-common';

/**
 * SMSPortal (South Africa) REST API: a bearer token from GET /v1/Authentication
 * (Basic client id : API secret, valid 24 h), then POST /v1/bulkmessages with
 * { messages: [{ content, destination, customerId }] }; the answer's eventId
 * identifies the send. Delivery statuses and replies arrive as JSON webhooks
 * signed with HMAC-SHA256 over `v1:{timestamp}|{METHOD}|{url}|{body}` with the
 * account's webhook signature secret, sent in X-SMSPortal-Signature (hex) and
 * X-SMSPortal-Timestamp (Unix seconds); older than five minutes is refused.
 */
export interface SmsPortalConfig extends SmsConfig {
  clientId: string;
  apiSecret: string;
  webhookSecret: string;
}

export const SMSPORTAL_SIGNATURE = 'x-smsportal-signature';
export const SMSPORTAL_TIMESTAMP = 'x-smsportal-timestamp';
const TOLERANCE_S = 300;

export const smsportalSignature = (secret: string, timestamp: string, method: string, url: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`v1:${timestamp}|${method.toUpperCase()}|${url}|${body}`).digest('hex');

export function createSmsPortal(c: SmsPortalConfig): ChannelProvider {
  let token: { value: string; until: number } | null = null;
  async function auth(): Promise<string | { retryable: boolean; reason: string }> {
    if (token && token.until > Date.now()) return token.value;
    const res = await callProvider(
      `${c.base}/v1/Authentication`,
      { method: 'GET', headers: { authorization: `Basic ${Buffer.from(`${c.clientId}:${c.apiSecret}`).toString('base64')}` } },
      c.fetchImpl,
    );
    if (!res.ok) return { retryable: res.retryable, reason: res.status === 401 ? 'SMSPortal refused the API keys' : res.reason };
    const t = str(json(res.body)?.token);
    if (!t) return { retryable: true, reason: 'SMSPortal sent no token' };
    token = { value: t, until: Date.now() + 23 * 3_600_000 };
    return t;
  }

  return {
    channel: 'sms',
    name: 'smsportal',
    cost: smsCost(c.priceUnits),
    async send(m) {
      const t = await auth();
      if (typeof t !== 'string') return { ok: false, ...t };
      const res = await callProvider(
        `${c.base}/v1/bulkmessages`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messages: [{ content: m.text, destination: m.to.replace(/^\+/, ''), customerId: m.deliveryId }],
            ...(c.senderId ? { sendOptions: { senderId: c.senderId } } : {}),
          }),
        },
        c.fetchImpl,
      );
      if (!res.ok) {
        if (res.status === 401) token = null;
        const said = str(json(res.body)?.errorDescription);
        return { ok: false, retryable: res.retryable, reason: said ? `SMSPortal: ${said}` : res.reason };
      }
      const body = json(res.body);
      const faults = (json(body?.errorReport)?.faults as unknown[] | undefined) ?? [];
      if (faults.length) {
        const f = json(faults[0]);
        const reason = str(f?.reason) || 'SMSPortal refused the number';
        return { ok: false, retryable: false, reason, optedOut: /opt.?out/i.test(reason) };
      }
      const id = str(body?.eventId);
      return id ? { ok: true, providerMessageId: id } : { ok: false, retryable: true, reason: 'SMSPortal sent no event id' };
    },
    status: async () => null,
    verifyCallback(req): CallbackResult {
      const sig = header(req.headers, SMSPORTAL_SIGNATURE);
      const ts = header(req.headers, SMSPORTAL_TIMESTAMP);
      if (!sig || !ts || !/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'missing signature' };
      if (Math.abs(Date.now() / 1000 - Number(ts)) > TOLERANCE_S) return { ok: false, reason: 'stale timestamp' };
      if (!sameSecret(sig, smsportalSignature(c.webhookSecret, ts, req.method, req.url, req.rawBody)))
        return { ok: false, reason: 'bad signature' };
      const body = json(parseJson(req.rawBody));
      if (!body) return { ok: false, reason: 'not JSON' };
      const statuses: StatusUpdate[] = [];
      const inbound: InboundMessage[] = [];
      const type = str(body.Type).toLowerCase();
      if (type === 'reply' || type === 'mo') {
        const from = e164(body.Phonenumber);
        if (from) inbound.push({ from, text: str(body.IncomingData ?? body.Data), eventKey: `mo:${str(body.Id ?? body.ID)}` });
      } else {
        const state = smppState(str(body.Status));
        const id = str(body.EventId ?? body.EventID);
        if (state && id)
          statuses.push({
            providerMessageId: id,
            state,
            reason: state === 'failed' ? `SMSPortal: ${str(body.Status)}` : undefined,
            eventKey: `dlr:${str(body.Id ?? body.ID)}:${str(body.Status)}`,
          });
      }
      return { ok: true, statuses, inbound };
    },
  };
}
