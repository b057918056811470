import crypto from 'node:crypto';
import { smsportalSignature, SMSPORTAL_SIGNATURE, SMSPORTAL_TIMESTAMP } from '../providers/smsportal';
import { twilioSignature } from '../providers/twilio';
import { whatsappSignature } from '../providers/whatsapp';

/** What the stand-in signs callbacks with: the same secrets the church entered for each provider. */
export interface StandinSecrets {
  smsportal?: string;
  bulksms?: string;
  clickatell?: string;
  twilio?: string;
  whatsapp?: string;
}

type Deliver = (req: { url: string; method: string; headers: Record<string, string>; body: string }) => Promise<number>;

const httpDeliver: Deliver = async (r) =>
  (await fetch(r.url, { method: r.method, headers: r.headers, body: r.body, signal: AbortSignal.timeout(10_000) })).status;

/**
 * The providers' callbacks, each in its own shape and with its own proof:
 * SMSPortal's signed JSON, BulkSMS's and Clickatell's tokened JSON, Twilio's
 * signed form, Meta's signed WhatsApp event.
 */
export function createCallbackSender(o: {
  callbackBase: string;
  secrets: () => Promise<StandinSecrets>;
  deliver?: Deliver;
  callbackDelayMs?: number;
  whatsappRead?: boolean;
}) {
  const deliver = o.deliver ?? httpDeliver;
  const pending = new Set<Promise<unknown>>();
  const twilioStops = new Set<string>();
  let seq = 0;

  function track(p: Promise<unknown>) {
    const q = p.catch(() => undefined).finally(() => pending.delete(q));
    pending.add(q);
  }

  /** As the providers do: a 503 (a report that came before our send was recorded) is sent again, a few times. */
  async function post(provider: string, body: string, contentType: string) {
    let status = await postOnce(provider, body, contentType);
    for (let attempt = 1; status === 503 && attempt <= 8; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      status = await postOnce(provider, body, contentType);
    }
    return status;
  }

  async function postOnce(provider: string, body: string, contentType: string) {
    const s = await o.secrets();
    let url = `${o.callbackBase}/${provider}`;
    const headers: Record<string, string> = { 'content-type': contentType };
    if (provider === 'smsportal') {
      const ts = String(Math.floor(Date.now() / 1000));
      headers[SMSPORTAL_TIMESTAMP] = ts;
      headers[SMSPORTAL_SIGNATURE] = smsportalSignature(s.smsportal ?? '', ts, 'POST', url, body);
    } else if (provider === 'bulksms' || provider === 'clickatell') {
      url += `?token=${encodeURIComponent(s[provider] ?? '')}`;
    } else if (provider === 'twilio') {
      headers['x-twilio-signature'] = twilioSignature(s.twilio ?? '', url, Object.fromEntries(new URLSearchParams(body)));
    } else if (provider === 'whatsapp') {
      headers['x-hub-signature-256'] = whatsappSignature(s.whatsapp ?? '', body);
    }
    return deliver({ url, method: 'POST', headers, body });
  }

  const later = (fn: () => Promise<unknown>, delay = o.callbackDelayMs ?? 20) =>
    track(new Promise((resolve) => setTimeout(resolve, delay)).then(fn));

  function waEvent(value: Record<string, unknown>) {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'standin-waba',
          changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: 'standin' }, ...value } }],
        },
      ],
    });
  }

  return {
    twilioOptedOut: (to: string) => twilioStops.has(to),

    /** A delivery report (and for WhatsApp: sent, delivered, read) a moment after a send. */
    afterSend(provider: string, id: string, to: string, unreachable: boolean, reference: string | null) {
      const digits = to.replace(/^\+/, '');
      const n = ++seq;
      if (provider === 'smsportal')
        later(() =>
          post(
            'smsportal',
            JSON.stringify({
              Type: 'DLR',
              Id: n,
              EventId: Number(id),
              Phonenumber: digits,
              Status: unreachable ? 'UNDELIV' : 'DELIVRD',
              CustomerId: reference,
            }),
            'application/json',
          ),
        );
      else if (provider === 'bulksms')
        later(() =>
          post(
            'bulksms',
            JSON.stringify([
              {
                id,
                type: 'SENT',
                to: digits,
                userSuppliedId: reference,
                status: unreachable
                  ? { id: 'FAILED.UNROUTABLE', type: 'FAILED', subtype: 'UNROUTABLE' }
                  : { id: 'DELIVERED.null', type: 'DELIVERED', subtype: null },
              },
            ]),
            'application/json',
          ),
        );
      else if (provider === 'clickatell')
        later(() =>
          post(
            'clickatell',
            JSON.stringify({
              integrationName: 'church',
              messageId: id,
              clientMessageId: reference,
              to: digits,
              statusCode: unreachable ? 7 : 4,
              status: unreachable ? 'ERROR_DELIVERING' : 'RECEIVED_BY_RECIPIENT',
              statusDescription: unreachable ? 'Error delivering message' : 'Received by recipient',
              timestamp: Date.now(),
            }),
            'application/json',
          ),
        );
      else if (provider === 'twilio')
        later(() =>
          post(
            'twilio',
            new URLSearchParams({
              MessageSid: id,
              MessageStatus: unreachable ? 'undelivered' : 'delivered',
              To: to,
              ...(unreachable ? { ErrorCode: '30003' } : {}),
            }).toString(),
            'application/x-www-form-urlencoded',
          ),
        );
      else if (provider === 'whatsapp') {
        const status = (s: string, extra: Record<string, unknown> = {}) =>
          post(
            'whatsapp',
            waEvent({ statuses: [{ id, status: s, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: digits, ...extra }] }),
            'application/json',
          );
        later(async () => {
          if (unreachable) return status('failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
          await status('sent');
          await status('delivered');
          if (o.whatsappRead !== false) await status('read');
        });
      }
    },

    /** A person's reply, as the provider forwards it. */
    async reply(provider: string, from: string, text: string) {
      const digits = from.replace(/^\+/, '');
      const id = crypto.randomBytes(8).toString('hex');
      if (provider === 'twilio' && /^\s*(stop|stopall|unsubscribe|cancel|end|quit)\s*$/i.test(text)) twilioStops.add(from);
      const task =
        provider === 'smsportal'
          ? post(
              'smsportal',
              JSON.stringify({ Type: 'Reply', Id: id, Phonenumber: digits, IncomingData: text, ReceivedDate: new Date().toISOString() }),
              'application/json',
            )
          : provider === 'bulksms'
            ? post('bulksms', JSON.stringify([{ id, type: 'RECEIVED', from: digits, body: text }]), 'application/json')
            : provider === 'clickatell'
              ? post(
                  'clickatell',
                  JSON.stringify({
                    integrationName: 'church',
                    messageId: id,
                    fromNumber: digits,
                    toNumber: 'church',
                    text,
                    timestamp: Date.now(),
                  }),
                  'application/json',
                )
              : provider === 'twilio'
                ? post(
                    'twilio',
                    new URLSearchParams({ MessageSid: `SM${id}`, From: from, Body: text }).toString(),
                    'application/x-www-form-urlencoded',
                  )
                : post(
                    'whatsapp',
                    waEvent({
                      contacts: [{ wa_id: digits }],
                      messages: [
                        {
                          from: digits,
                          id: `wamid.${id}`,
                          timestamp: String(Math.floor(Date.now() / 1000)),
                          type: 'text',
                          text: { body: text },
                        },
                      ],
                    }),
                    'application/json',
                  );
      track(task);
      return task;
    },

    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
