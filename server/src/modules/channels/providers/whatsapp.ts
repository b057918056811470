import crypto from 'node:crypto';
import type { CallbackResult, ChannelProvider, InboundMessage, StatusUpdate } from '../channel';
import { callProvider, header } from '../channel';
import { e164, json, parseJson, sameSecret, str } from './sms-common';

/**
 * WhatsApp Business Cloud API (Meta Graph API): POST /{version}/{phone-number-id}/messages
 * with a bearer access token and either an approved template
 * ({ type: 'template', template: { name, language: { code }, components: [{ type: 'body', parameters }] } })
 * or, inside the 24-hour window after the person last wrote, free text
 * ({ type: 'text', text: { body } }). The answer's messages[0].id (wamid…)
 * identifies it. Webhooks POST { object: 'whatsapp_business_account', entry: [{ changes:
 * [{ value: { statuses, messages } }] }] } signed in X-Hub-Signature-256
 * (sha256= hex HMAC-SHA256 of the raw body, keyed with the app secret);
 * Meta first checks the URL with GET hub.mode=subscribe & hub.verify_token & hub.challenge.
 */
export interface WhatsappConfig {
  base: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  /** Price units per template category. */
  prices: Record<string, number>;
  fetchImpl?: typeof fetch;
}

export const GRAPH_VERSION = 'v21.0';
export const whatsappSignature = (appSecret: string, raw: string) =>
  `sha256=${crypto.createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** Meta error codes that mean the message itself cannot go (no retry): template, window, number, opt-out. */
const PERMANENT: Record<number, string> = {
  132000: 'The template variables do not match the approved template',
  132001: 'The WhatsApp template is not approved (or not in this language)',
  131047: 'Outside the 24-hour WhatsApp window: a template is needed',
  131026: 'The number cannot receive WhatsApp messages',
  131050: 'The person stopped marketing messages from the church on WhatsApp',
};

export function createWhatsapp(c: WhatsappConfig): ChannelProvider {
  return {
    channel: 'whatsapp',
    name: 'whatsapp',
    cost: (m) => ({ segments: null, units: m.template ? (c.prices[m.category ?? 'utility'] ?? 0) : (c.prices.service ?? 0) }),
    async send(m) {
      const to = m.to.replace(/^\+/, '');
      const payload = m.template
        ? {
            messaging_product: 'whatsapp',
            to,
            type: 'template',
            template: {
              name: m.template.name,
              language: { code: m.template.language },
              components: m.template.variables.length
                ? [{ type: 'body', parameters: m.template.variables.map((text) => ({ type: 'text', text })) }]
                : [],
            },
          }
        : { messaging_product: 'whatsapp', to, type: 'text', text: { preview_url: false, body: m.text } };
      const res = await callProvider(
        `${c.base}/${GRAPH_VERSION}/${encodeURIComponent(c.phoneNumberId)}/messages`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${c.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        },
        c.fetchImpl,
      );
      if (!res.ok) {
        const err = json(json(res.body)?.error);
        const code = Number(err?.code);
        if (PERMANENT[code]) return { ok: false, retryable: false, reason: PERMANENT[code], optedOut: code === 131050 };
        return { ok: false, retryable: res.retryable, reason: err?.message ? `WhatsApp ${code}: ${str(err.message)}` : res.reason };
      }
      const id = str(json((json(res.body)?.messages as unknown[] | undefined)?.[0])?.id);
      return id ? { ok: true, providerMessageId: id } : { ok: false, retryable: true, reason: 'WhatsApp sent no message id' };
    },
    status: async () => null,
    verifyCallback(req): CallbackResult {
      if (!sameSecret(header(req.headers, 'x-hub-signature-256'), whatsappSignature(c.appSecret, req.rawBody)))
        return { ok: false, reason: 'bad signature' };
      const body = json(parseJson(req.rawBody));
      if (!body || body.object !== 'whatsapp_business_account') return { ok: false, reason: 'not a WhatsApp event' };
      const statuses: StatusUpdate[] = [];
      const inbound: InboundMessage[] = [];
      for (const entry of ((body.entry as unknown[]) ?? []).slice(0, 100)) {
        for (const change of ((json(entry)?.changes as unknown[]) ?? []).slice(0, 100)) {
          const value = json(json(change)?.value);
          for (const s of ((value?.statuses as unknown[]) ?? []).slice(0, 1000)) {
            const st = json(s);
            const state = str(st?.status);
            if (!st || !['sent', 'delivered', 'read', 'failed'].includes(state)) continue;
            const err = json((st.errors as unknown[] | undefined)?.[0]);
            const code = Number(err?.code);
            statuses.push({
              providerMessageId: str(st.id),
              state: state as 'sent',
              reason: state === 'failed' ? (PERMANENT[code] ?? `WhatsApp ${code}: ${str(err?.title)}`) : undefined,
              eventKey: `st:${str(st.id)}:${state}`,
            });
          }
          for (const msg of ((value?.messages as unknown[]) ?? []).slice(0, 1000)) {
            const mm = json(msg);
            const text = str(json(mm?.text)?.body) || str(json(mm?.button)?.text);
            if (mm && str(mm.from)) inbound.push({ from: e164(mm.from), text, eventKey: `mo:${str(mm.id)}` });
          }
        }
      }
      return { ok: true, statuses, inbound };
    },
  };
}
