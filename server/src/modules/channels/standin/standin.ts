import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GRAPH_VERSION } from '../providers/whatsapp';
import { createCallbackSender, type StandinSecrets } from './callbacks';

/**
 * A local stand-in for the messaging providers — SMSPortal, BulkSMS,
 * Clickatell, Twilio, the WhatsApp Cloud API and a Web Push service — for
 * tests, e2e and demos: each path speaks its provider's request and answer,
 * and a moment after accepting a message the stand-in sends the provider's
 * delivery callback, signed (or tokened) the way that provider does it, to
 * the server's callback URL. It reaches nothing but that URL.
 *
 * What it can be made to do (POST /_standin/behaviour): answer 500 or hang
 * for the next n requests, refuse templates that are not approved, treat
 * numbers as unreachable (any number ending 0000 is, always). A person's
 * reply (POST /_standin/reply) arrives as the provider's inbound callback:
 * that is how a member "replies STOP". GET /_standin/messages lists what it
 * accepted (tests and benches count duplicates there).
 */
export interface ChannelsStandinOptions {
  port?: number;
  host?: string;
  /** Where callbacks go: {callbackBase}/{provider}. */
  callbackBase: string;
  /** The signing secrets, read when a callback is sent (the church's settings may change them). */
  secrets: () => Promise<StandinSecrets>;
  /** How a callback reaches the server (tests pass app.inject; default an HTTP request). */
  deliver?: (req: { url: string; method: string; headers: Record<string, string>; body: string }) => Promise<number>;
  /** Delay before the delivery callback (ms; default 20). */
  callbackDelayMs?: number;
  /** Also send a WhatsApp "read" after "delivered" (default true). */
  whatsappRead?: boolean;
}

export interface StandinMessage {
  provider: string;
  id: string;
  to: string;
  text: string;
  template: string | null;
  reference: string | null;
  at: number;
}

interface Behaviour {
  /** Answer this status to the next `count` sends (0 = hang until the client gives up). */
  fail: { status: number; count: number } | null;
  unreachable: Set<string>;
  approvedTemplates: Set<string> | null;
}

const MAX_BODY = 256 * 1024;
const MAX_LOG = 200_000;

export async function startChannelsStandin(opts: ChannelsStandinOptions) {
  const messages: StandinMessage[] = [];
  const windowOpen = new Map<string, number>();
  const behaviour: Behaviour = { fail: null, unreachable: new Set(), approvedTemplates: null };
  const callbacks = createCallbackSender(opts);
  const hanging = new Set<http.ServerResponse>();

  const unreachable = (to: string) => to.endsWith('0000') || behaviour.unreachable.has(to);
  const newId = (prefix: string) => `${prefix}${crypto.randomBytes(8).toString('hex')}`;

  function accept(provider: string, id: string, to: string, text: string, template: string | null, reference: string | null) {
    const e164 = to.startsWith('+') ? to : `+${to}`;
    if (messages.length < MAX_LOG) messages.push({ provider, id, to: e164, text, template, reference, at: Date.now() });
    callbacks.afterSend(provider, id, e164, unreachable(e164), reference);
  }

  const routes: Array<[string, RegExp, (m: RegExpMatchArray, body: string, req: http.IncomingMessage) => [number, unknown]]> = [
    [
      'GET',
      /^\/smsportal\/v1\/Authentication$/i,
      (_m, _b, req) =>
        req.headers.authorization?.startsWith('Basic ')
          ? [200, { token: newId('tok_'), schema: 'Bearer', expiresInMinutes: 1440 }]
          : [401, { errorDescription: 'Invalid credentials' }],
    ],
    [
      'POST',
      /^\/smsportal\/v1\/bulkmessages$/i,
      (_m, body, req) => {
        if (!req.headers.authorization?.startsWith('Bearer ')) return [401, { errorDescription: 'Unauthorized' }];
        const msgs = (JSON.parse(body).messages ?? []) as Array<{ content: string; destination: string; customerId?: string }>;
        const eventId = String(crypto.randomInt(100_000_000, 999_999_999));
        const faults = msgs
          .filter((m) => !/^\+?\d{9,15}$/.test(m.destination))
          .map((m) => ({ destination: m.destination, reason: 'Invalid destination' }));
        if (!faults.length) for (const m of msgs) accept('smsportal', eventId, m.destination, m.content, null, m.customerId ?? null);
        return [
          200,
          {
            cost: msgs.length,
            remainingBalance: 1000,
            eventId: Number(eventId),
            messages: msgs.length,
            parts: msgs.length,
            errorReport: { noNetwork: 0, noContacts: 0, duplicates: 0, faults },
          },
        ];
      },
    ],
    [
      'POST',
      /^\/bulksms\/v1\/messages$/i,
      (_m, body, req) => {
        if (!req.headers.authorization?.startsWith('Basic '))
          return [401, { title: 'Unauthorized', detail: 'Basic authentication is required' }];
        const list = JSON.parse(body) as Array<{ to: string; body: string; userSuppliedId?: string }>;
        return [
          201,
          list.map((m) => {
            const id = String(crypto.randomInt(1_000_000_000, 9_999_999_999));
            accept('bulksms', id, m.to, m.body, null, m.userSuppliedId ?? null);
            return {
              id,
              type: 'SENT',
              to: m.to,
              body: m.body,
              encoding: 'TEXT',
              numberOfParts: 1,
              status: { id: 'ACCEPTED.null', type: 'ACCEPTED', subtype: null },
              userSuppliedId: m.userSuppliedId,
            };
          }),
        ];
      },
    ],
    [
      'POST',
      /^\/clickatell\/v1\/message$/i,
      (_m, body, req) => {
        if (!req.headers.authorization) return [401, { error: { code: 1, description: 'Invalid or missing integration API Key' } }];
        const list = (JSON.parse(body).messages ?? []) as Array<{ to: string; content: string; clientMessageId?: string }>;
        return [
          202,
          {
            messages: list.map((m) => {
              const apiMessageId = crypto.randomBytes(16).toString('hex');
              accept('clickatell', apiMessageId, m.to, m.content, null, m.clientMessageId ?? null);
              return { apiMessageId, accepted: true, to: m.to, clientMessageId: m.clientMessageId };
            }),
            error: null,
          },
        ];
      },
    ],
    [
      'POST',
      /^\/twilio\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/,
      (m, body, req) => {
        if (!req.headers.authorization?.startsWith('Basic ')) return [401, { code: 20003, message: 'Authenticate', status: 401 }];
        const f = Object.fromEntries(new URLSearchParams(body));
        if (!/^\+\d{9,15}$/.test(f.To ?? ''))
          return [400, { code: 21211, message: `The 'To' number ${f.To} is not a valid phone number.`, status: 400 }];
        if (callbacks.twilioOptedOut(f.To!))
          return [400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 }];
        const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
        accept('twilio', sid, f.To!, f.Body ?? '', null, f.StatusCallback ?? null);
        return [201, { sid, account_sid: m[1], to: f.To, from: f.From, body: f.Body, status: 'queued', num_segments: '1' }];
      },
    ],
    [
      'POST',
      new RegExp(`^/whatsapp/${GRAPH_VERSION.replace('.', '\\.')}/([^/]+)/messages$`),
      (_m, body, req) => {
        if (!req.headers.authorization?.startsWith('Bearer '))
          return [401, { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } }];
        const b = JSON.parse(body) as {
          to: string;
          type: string;
          text?: { body: string };
          template?: { name: string; language: { code: string }; components?: Array<{ parameters: Array<{ text: string }> }> };
        };
        const to = `+${b.to}`;
        if (b.type === 'template') {
          const key = `${b.template?.name}:${b.template?.language.code}`;
          if (behaviour.approvedTemplates && !behaviour.approvedTemplates.has(key))
            return [
              400,
              { error: { message: '(#132001) Template name does not exist in the translation', type: 'OAuthException', code: 132001 } },
            ];
        } else if (!((windowOpen.get(to) ?? 0) > Date.now() - 24 * 3_600_000)) {
          return [400, { error: { message: '(#131047) Re-engagement message', type: 'OAuthException', code: 131047 } }];
        }
        const id = `wamid.${crypto.randomBytes(12).toString('base64url')}`;
        const vars = b.template?.components?.[0]?.parameters.map((p) => p.text) ?? [];
        accept('whatsapp', id, to, b.text?.body ?? vars.join(' | '), b.template?.name ?? null, null);
        return [200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id }] }];
      },
    ],
    [
      'POST',
      /^\/push\/([\w-]+)$/,
      (m, body, req) => {
        if (m[1]!.startsWith('gone')) return [410, { reason: 'push subscription has unsubscribed or expired' }];
        if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(String(req.headers.authorization)))
          return [401, { reason: 'VAPID authorization required' }];
        if (req.headers['content-encoding'] !== 'aes128gcm') return [400, { reason: 'aes128gcm payload required' }];
        const id = newId('push_');
        if (messages.length < MAX_LOG)
          messages.push({
            provider: 'webpush',
            id,
            to: m[1]!,
            text: `(${body.length} encrypted bytes)`,
            template: null,
            reference: null,
            at: Date.now(),
          });
        return [201, { id }];
      },
    ],
  ];

  function control(path: string, body: string): [number, unknown] | null {
    if (path === '/_standin/messages') return [200, { messages }];
    if (path === '/_standin/behaviour') {
      const b = JSON.parse(body || '{}') as {
        fail?: { status: number; count: number } | null;
        unreachable?: string[];
        approvedTemplates?: string[] | null;
      };
      if (b.fail !== undefined) behaviour.fail = b.fail;
      if (b.unreachable) behaviour.unreachable = new Set(b.unreachable);
      if (b.approvedTemplates !== undefined) behaviour.approvedTemplates = b.approvedTemplates ? new Set(b.approvedTemplates) : null;
      return [200, { ok: true }];
    }
    if (path === '/_standin/reply') {
      const b = JSON.parse(body) as { provider: string; from: string; text: string };
      const from = b.from.startsWith('+') ? b.from : `+${b.from}`;
      if (b.provider === 'whatsapp') windowOpen.set(from, Date.now());
      void callbacks.reply(b.provider, from, b.text);
      return [202, { ok: true }];
    }
    if (path === '/_standin/reset') {
      messages.length = 0;
      behaviour.fail = null;
      behaviour.unreachable.clear();
      behaviour.approvedTemplates = null;
      return [200, { ok: true }];
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      try {
        if (size > MAX_BODY) return send(413, { error: 'too large' });
        const ctl = path.startsWith('/_standin/') ? control(path, body) : null;
        if (ctl) return send(...ctl);
        const route = routes.find(([method, re]) => method === req.method && re.test(path));
        if (!route) return send(404, { error: 'not found' });
        if (behaviour.fail && behaviour.fail.count > 0) {
          behaviour.fail.count--;
          if (behaviour.fail.status === 0) {
            hanging.add(res);
            res.on('close', () => hanging.delete(res));
            return;
          }
          return send(behaviour.fail.status, { error: { message: 'Service unavailable', code: 2 } });
        }
        send(...route[2](path.match(route[1])!, body, req));
      } catch {
        send(400, { error: 'bad request' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    port,
    base,
    /** Provider API bases pointing here. */
    bases: {
      smsportal: `${base}/smsportal`,
      bulksms: `${base}/bulksms`,
      clickatell: `${base}/clickatell`,
      twilio: `${base}/twilio`,
      whatsapp: `${base}/whatsapp`,
    },
    pushEndpoint: (id: string) => `${base}/push/${id}`,
    messages,
    behaviour,
    /** Resolves when every callback sent so far has been answered. */
    settled: () => callbacks.settled(),
    close: async () => {
      for (const r of hanging) r.destroy();
      await callbacks.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type ChannelsStandin = Awaited<ReturnType<typeof startChannelsStandin>>;
