import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { VettedTarget } from './ssrf-guard';

export interface ConnectorResponse {
  status: number;
  location?: string;
}

/**
 * Sends one POST to a vetted target and answers once the response has been read to its end.
 * `signal` is the attempt's deadline (delivery-worker.ts): when it aborts, the connection is
 * destroyed, whatever stage it is at. Tests pass their own connector, so no socket is ever
 * opened to a real address.
 */
export type Connector = (
  target: VettedTarget,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<ConnectorResponse>;

/**
 * Connects to exactly the vetted address (the lookup hook answers with it),
 * keeping the Host header and TLS name of the URL. Redirects are not
 * followed here: the deliverer vets each Location before following it.
 * No socket is reused: each attempt connects to the address vetted for it.
 */
export const httpConnector: Connector = (target, init) =>
  new Promise((resolve, reject) => {
    const mod = target.url.protocol === 'https:' ? https : http;
    const req = mod.request(
      target.url,
      {
        method: 'POST',
        headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body).toString() },
        agent: false,
        signal: init.signal,
        // Node asks with { all: true } when it may try several addresses; either way it gets only the vetted one.
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
          opts.all ? cb(null, [{ address: target.address, family: target.family }]) : cb(null, target.address, target.family)) as never,
      },
      (res) => {
        // The body is not needed, but the exchange ends when it does (a receiver trickling it forever meets the deadline).
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: typeof res.headers.location === 'string' ? res.headers.location : undefined }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (err) => reject(init.signal.aborted ? (init.signal.reason as Error) : err));
    req.end(init.body);
  });

const isLoopback = (address: string) =>
  net.isIPv4(address) ? address.startsWith('127.') : address === '::1' || /^::ffff:127\./i.test(address);

/**
 * What a server started with NODE_ENV=test gets instead of `httpConnector`: the same, to loopback only.
 * Tests and benches on shared machines may send traffic to 127.0.0.0/8 and ::1 and nowhere else — so
 * even an endpoint a test registers at a public address (https://93.184.216.34/…) can never be
 * reached, if a queue drains its deliveries.
 */
export const loopbackOnlyConnector =
  (inner: Connector = httpConnector): Connector =>
  (target, init) =>
    isLoopback(target.address)
      ? inner(target, init)
      : Promise.reject(new Error(`Test servers send webhooks to loopback only (refused ${target.address})`));
