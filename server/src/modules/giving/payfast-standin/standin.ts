import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { paramString, parseForm, sameSignature, sign, signApiRequest } from '../payfast-signature';
import { checkoutPage, escapeHtml } from './page';

/**
 * A local stand-in for PayFast, for tests, e2e and the demo: it accepts the
 * hosted-checkout form (checking the signature), lets a person pay or cancel,
 * sends the ITN notification signed the way PayFast signs it, answers the
 * /eng/query/validate call and the subscriptions cancel API. It never touches
 * the network beyond the notify_url it was given.
 */
export interface StandinOptions {
  port?: number;
  host?: string;
  merchantId: string;
  merchantKey: string;
  passphrase?: string;
  /** How notifications reach the server (tests pass app.inject; default an HTTP POST). */
  deliver?: (url: string, body: string) => Promise<number>;
}

interface Session {
  fields: Record<string, string>;
}
interface Sub {
  token: string;
  fields: Record<string, string>;
  cancelled: boolean;
  charges: number;
}

const MAX_BODY = 64 * 1024;

export async function startPayfastStandin(opts: StandinOptions) {
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, Sub>();
  const sent = new Set<string>();
  const deliver =
    opts.deliver ??
    (async (url: string, body: string) =>
      (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })).status);

  async function notify(f: Record<string, string>, status: string, token: string | null) {
    const amount = f.recurring_amount ?? f.amount ?? '0.00';
    const fee = (Math.round(Number(amount) * 100 * 0.035) / 100).toFixed(2);
    const pairs: Array<[string, string]> = [
      ['m_payment_id', f.m_payment_id ?? ''],
      ['pf_payment_id', String(crypto.randomInt(1_000_000, 9_999_999))],
      ['payment_status', status],
      ['item_name', f.item_name ?? ''],
      ['item_description', f.item_description ?? ''],
      ['amount_gross', amount],
      ['amount_fee', `-${fee}`],
      ['amount_net', (Number(amount) - Number(fee)).toFixed(2)],
      ['name_first', f.name_first ?? ''],
      ['name_last', f.name_last ?? ''],
      ['email_address', f.email_address ?? ''],
      ['merchant_id', opts.merchantId],
    ];
    if (token) pairs.push(['token', token], ['billing_date', new Date().toISOString().slice(0, 10)]);
    pairs.push(['signature', sign(pairs, 'notification', opts.passphrase)]);
    sent.add(paramString(pairs, 'notification'));
    const body = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return deliver(f.notify_url ?? '', body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: Error) => send(res, 500, 'text/plain', err.message));
    });
  });

  function send(res: http.ServerResponse, code: number, type: string, body: string, extra: Record<string, string> = {}) {
    res.writeHead(code, { 'content-type': `${type}; charset=utf-8`, ...extra });
    res.end(body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://standin');
    if (req.method === 'POST' && url.pathname === '/eng/process') {
      const pairs = parseForm(body);
      const f = Object.fromEntries(pairs);
      const ok =
        f.merchant_id === opts.merchantId &&
        f.merchant_key === opts.merchantKey &&
        sameSignature(sign(pairs, 'checkout', opts.passphrase), f.signature ?? '');
      if (!ok) return send(res, 400, 'text/html', checkoutPage.error('The payment request was not signed correctly.'));
      const id = crypto.randomUUID();
      sessions.set(id, { fields: f });
      return send(res, 200, 'text/html', checkoutPage.pay(id, f));
    }
    const done = url.pathname.match(/^\/eng\/process\/(pay|decline|cancel)$/);
    if (req.method === 'POST' && done) {
      const id = new URLSearchParams(body).get('session') ?? '';
      const session = sessions.get(id);
      if (!session) return send(res, 404, 'text/html', checkoutPage.error('This payment session has expired.'));
      sessions.delete(id);
      const f = session.fields;
      if (done[1] === 'cancel') return send(res, 302, 'text/plain', '', { location: f.cancel_url ?? '/' });
      if (done[1] === 'decline') {
        // The bank declined the card: PayFast tells the merchant (FAILED) and sends the giver back.
        await notify(f, 'FAILED', null);
        return send(res, 302, 'text/plain', '', { location: f.return_url ?? '/' });
      }
      let token: string | null = null;
      if (f.subscription_type === '1') {
        token = crypto.randomUUID();
        subscriptions.set(token, { token, fields: f, cancelled: false, charges: 1 });
      }
      await notify(f, 'COMPLETE', token);
      return send(res, 302, 'text/plain', '', { location: f.return_url ?? '/' });
    }
    if (req.method === 'POST' && url.pathname === '/eng/query/validate') {
      return send(res, 200, 'text/plain', sent.has(body) ? 'VALID' : 'INVALID');
    }
    const cancel = url.pathname.match(/^\/subscriptions\/([\w-]{1,64})\/cancel$/);
    if (req.method === 'PUT' && cancel) {
      const h = (name: string) => String(req.headers[name] ?? '');
      const params = { 'merchant-id': h('merchant-id'), version: h('version'), timestamp: h('timestamp') };
      if (params['merchant-id'] !== opts.merchantId || !sameSignature(signApiRequest(params, opts.passphrase), h('signature'))) {
        return send(res, 401, 'application/json', JSON.stringify({ code: 401, status: 'failed', data: { response: 'Unauthorized' } }));
      }
      const sub = subscriptions.get(cancel[1]!);
      if (!sub) return send(res, 404, 'application/json', JSON.stringify({ code: 404, status: 'failed', data: { response: 'Not found' } }));
      sub.cancelled = true;
      return send(
        res,
        200,
        'application/json',
        JSON.stringify({ code: 200, status: 'success', data: { response: true, message: 'Success' } }),
      );
    }
    const charge = url.pathname.match(/^\/standin\/subscriptions\/([\w-]{1,64})\/charge$/);
    if (req.method === 'POST' && charge) {
      // Stands in for PayFast's billing scheduler: the next charge of a live subscription (?status=FAILED: the card was declined).
      const sub = subscriptions.get(charge[1]!);
      if (!sub) return send(res, 404, 'text/plain', 'unknown subscription');
      if (sub.cancelled) return send(res, 409, 'text/plain', 'subscription cancelled');
      const status = url.searchParams.get('status') === 'FAILED' ? 'FAILED' : 'COMPLETE';
      sub.charges += 1;
      return send(res, 200, 'text/plain', `notified ${await notify(sub.fields, status, sub.token)}`);
    }
    return send(res, 404, 'text/html', checkoutPage.error(`No such page: ${escapeHtml(url.pathname)}`));
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    subscriptions,
    /** Sends the next charge of a subscription as PayFast's scheduler would (FAILED: the card was declined). */
    charge: (token: string, status: 'COMPLETE' | 'FAILED' = 'COMPLETE') =>
      fetch(`http://127.0.0.1:${port}/standin/subscriptions/${token}/charge${status === 'FAILED' ? '?status=FAILED' : ''}`, {
        method: 'POST',
      }),
    /**
     * The subscription ends at PayFast (the giver cancelled in PayFast's own pages, or the card lapsed):
     * PayFast sends a CANCELLED notification. Answers the server's status code.
     */
    async cancelAtProvider(token: string) {
      const sub = subscriptions.get(token);
      if (!sub) throw new Error('unknown subscription');
      sub.cancelled = true;
      return notify(sub.fields, 'CANCELLED', sub.token);
    },
    /**
     * Tests only: a correctly signed notification that PayFast's validate call confirms, for a subscription
     * whatever its state here — what a server must refuse on its own when the subscription is cancelled.
     */
    notifySubscription: (token: string, status: 'COMPLETE' | 'FAILED' | 'CANCELLED') => {
      const sub = subscriptions.get(token);
      if (!sub) throw new Error('unknown subscription');
      return notify(sub.fields, status, sub.token);
    },
    /**
     * Tests only: a correctly signed, validated notification for a checkout that was opened and never paid
     * (PayFast reports a checkout it ended, e.g. CANCELLED): the gift must end as such and count nowhere.
     */
    notifyCheckout: (session: string, status: 'CANCELLED' | 'FAILED') => {
      const s = sessions.get(session);
      if (!s) throw new Error('unknown checkout session');
      return notify(s.fields, status, null);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type PayfastStandin = Awaited<ReturnType<typeof startPayfastStandin>>;
