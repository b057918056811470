import http from 'node:http';
import https from 'node:https';
import type { VettedTarget } from './ssrf-guard';

export interface ConnectorResponse {
  status: number;
  location?: string;
}

/** Sends one POST to a vetted target. Tests pass their own, so no socket is ever opened to a real address. */
export type Connector = (
  target: VettedTarget,
  init: { headers: Record<string, string>; body: string; timeoutMs: number },
) => Promise<ConnectorResponse>;

/**
 * Connects to exactly the vetted address (the lookup hook answers with it),
 * keeping the Host header and TLS name of the URL. Redirects are not
 * followed here: the deliverer vets each Location before following it.
 */
export const httpConnector: Connector = (target, init) =>
  new Promise((resolve, reject) => {
    const mod = target.url.protocol === 'https:' ? https : http;
    const req = mod.request(
      target.url,
      {
        method: 'POST',
        headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body).toString() },
        timeout: init.timeoutMs,
        // Node asks with { all: true } when it may try several addresses; either way it gets only the vetted one.
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
          opts.all ? cb(null, [{ address: target.address, family: target.family }]) : cb(null, target.address, target.family)) as never,
      },
      (res) => {
        // The body is not needed: drain it so the socket is released.
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: typeof res.headers.location === 'string' ? res.headers.location : undefined });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${init.timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(init.body);
  });
