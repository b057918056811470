/**
 * Tests send traffic to loopback only (127.0.0.0/8, ::1, localhost, Unix sockets) — the machines they
 * run on are shared, and an outside service a test reaches by mistake (a real Bible API, a payment
 * gateway, a webhook at a public address) makes the test depend on the internet and may send real data.
 *
 * Imported first by every server test file (vitest setupFiles) and by the server processes the proof
 * suites start (`--import`): every socket connect and every DNS lookup is checked before Node does
 * anything with it. A connection elsewhere is refused before a packet is sent (the socket fails with
 * ECONNREFUSED-like error) and remembered; the setup file fails the test that made it.
 */
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const INSTALLED = Symbol.for('church.no-network');
type Global = typeof globalThis & { [INSTALLED]?: string[] };

const isLoopbackAddress = (h: string) => {
  const host = h.replace(/^\[|\]$/g, '');
  // The unspecified address (what a server listening on all interfaces reports) means this machine when connected to.
  if (net.isIPv4(host)) return host.startsWith('127.') || host === '0.0.0.0';
  if (net.isIPv6(host)) return host === '::1' || host === '::' || /^::ffff:127\./i.test(host);
  return false;
};
/** Names a test may use: only those that are loopback by definition (RFC 6761), never looked up elsewhere. */
const isLoopbackName = (h: string) => h === 'localhost' || h.endsWith('.localhost');
export const isLoopbackHost = (h: string) => isLoopbackAddress(h) || isLoopbackName(h.toLowerCase());

/** Where a connect() call is going: null for a Unix socket (local by nature). */
function target(args: unknown[]): { host: string; port: unknown } | null {
  // net.connect() hands Socket#connect its arguments already normalised, as [options, callback].
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'string') return null; // connect(path)
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first)))
    return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: first };
  const o = (first ?? {}) as { path?: string; host?: string; port?: unknown };
  if (o.path) return null;
  return { host: o.host ?? 'localhost', port: o.port };
}

/** Installs the guard once per process; returns the list of refused destinations (drained by the caller). */
export function installNoNetwork(): string[] {
  const g = globalThis as Global;
  if (g[INSTALLED]) return g[INSTALLED];
  const refused: string[] = [];
  g[INSTALLED] = refused;
  const refuse = (what: string) => {
    refused.push(what);
    const err = new Error(`Tests reach loopback only: refused ${what}`) as NodeJS.ErrnoException;
    err.code = 'ECONNREFUSED';
    return err;
  };

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const t = target(args);
    if (t && !isLoopbackHost(String(t.host))) {
      const err = refuse(`${t.host}:${String(t.port)}`);
      // Fails the way an unreachable host does (the 'error' event, asynchronously), before any lookup or syscall.
      process.nextTick(() => this.destroy(err));
      return this;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;

  const lookup = dns.lookup;
  dns.lookup = function (hostname: string, ...rest: unknown[]) {
    if (typeof hostname === 'string' && !isLoopbackHost(hostname)) {
      const cb = rest.find((a) => typeof a === 'function') as ((err: Error) => void) | undefined;
      const err = refuse(`DNS ${hostname}`);
      if (cb) process.nextTick(() => cb(err));
      return undefined as ReturnType<typeof dns.lookup>;
    }
    return (lookup as (...a: unknown[]) => unknown).call(dns, hostname, ...rest);
  } as typeof dns.lookup;

  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = function (hostname: string, ...rest: unknown[]) {
    if (typeof hostname === 'string' && !isLoopbackHost(hostname)) return Promise.reject(refuse(`DNS ${hostname}`));
    return (lookupPromise as (...a: unknown[]) => Promise<unknown>).call(dns.promises, hostname, ...rest);
  } as typeof dns.promises.lookup;

  // Modules that import { lookup } from 'node:dns' or 'node:dns/promises' see the guarded functions too.
  syncBuiltinESMExports();
  return refused;
}

// As an `--import` of a server process: guard at once (a refusal there is the failed connection itself).
if (process.env.CHURCH_NO_NETWORK === '1') installNoNetwork();
