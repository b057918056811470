import crypto from 'node:crypto';
import type { CallbackResult, ChannelProvider, InboundMessage, StatusUpdate } from '../channel';
import { callProvider, header } from '../channel';
import { e164, json, sameSecret, smsCost, str, type SmsConfig } from './sms-common';

/**
 * Twilio Programmable Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json
 * (form: To, From, Body, StatusCallback) with Basic AccountSid : AuthToken; the
 * answer's `sid` identifies the message. Status callbacks and replies are form
 * posts signed in X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth
 * token, of the full URL followed by every form field's name and value in
 * name order. Twilio keeps its own opt-out list: a number that replied STOP
 * is refused with error 21610.
 */
export interface TwilioConfig extends SmsConfig {
  accountSid: string;
  authToken: string;
  /** The Twilio number or sender id messages come from. */
  from: string;
  statusCallback: string;
}

export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const STATE: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
};

export function createTwilio(c: TwilioConfig): ChannelProvider {
  const auth = `Basic ${Buffer.from(`${c.accountSid}:${c.authToken}`).toString('base64')}`;
  return {
    channel: 'sms',
    name: 'twilio',
    cost: smsCost(c.priceUnits),
    async send(m) {
      const form = new URLSearchParams({ To: m.to, From: c.from || c.senderId, Body: m.text, StatusCallback: c.statusCallback });
      const res = await callProvider(
        `${c.base}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid)}/Messages.json`,
        { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
        c.fetchImpl,
      );
      if (!res.ok) {
        const b = json(res.body);
        const code = Number(b?.code);
        return {
          ok: false,
          retryable: res.retryable,
          reason: b?.message ? `Twilio ${code || ''}: ${str(b.message)}`.replace(' :', ':') : res.reason,
          optedOut: code === 21610,
        };
      }
      const sid = str(json(res.body)?.sid);
      return sid ? { ok: true, providerMessageId: sid } : { ok: false, retryable: true, reason: 'Twilio sent no message sid' };
    },
    status: async () => null,
    verifyCallback(req): CallbackResult {
      const params = Object.fromEntries(new URLSearchParams(req.rawBody));
      const sig = header(req.headers, 'x-twilio-signature');
      if (!sameSecret(sig, twilioSignature(c.authToken, req.url, params))) return { ok: false, reason: 'bad signature' };
      const statuses: StatusUpdate[] = [];
      const inbound: InboundMessage[] = [];
      const sid = params.MessageSid ?? params.SmsSid ?? '';
      if (params.MessageStatus) {
        const state = STATE[params.MessageStatus];
        if (state && sid)
          statuses.push({
            providerMessageId: sid,
            state,
            reason: state === 'failed' ? `Twilio ${params.ErrorCode ?? ''}: ${params.MessageStatus}`.replace(' :', ':') : undefined,
            eventKey: `dlr:${sid}:${params.MessageStatus}`,
          });
      } else if (params.Body !== undefined && params.From) {
        inbound.push({ from: e164(params.From), text: params.Body, eventKey: `mo:${sid}` });
      }
      return { ok: true, statuses, inbound };
    },
  };
}
