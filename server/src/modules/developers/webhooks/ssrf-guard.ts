import dns from 'node:dns/promises';
import net from 'node:net';

/** Addresses a webhook may never reach: loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved. */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  // Issue 29, finding 8: site-local, 6to4 (an IPv4 address inside, which may be a private one), local-use
  // NAT64, discard-only.
  ['fec0::', 10],
  ['2002::', 16],
  ['64:ff9b:1::', 48],
  ['100::', 64],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');
/**
 * IPv6 blocks that carry an IPv4 address: IPv4-compatible (::a.b.c.d) and IPv4-mapped written in hex
 * (::ffff:7f00:1, which the dotted check below does not see). Kept apart because a BlockList matches an
 * IPv4 address against IPv4-mapped rules: in the main list they would refuse every public IPv4 address.
 */
const embedsIpv4 = new net.BlockList();
embedsIpv4.addSubnet('::', 96, 'ipv6');
embedsIpv4.addSubnet('::ffff:0:0', 96, 'ipv6');

export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // IPv4-mapped (::ffff:127.0.0.1) is the IPv4 address in disguise.
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6') || embedsIpv4.check(address, 'ipv6');
  }
  return true;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });
/** A server started with NODE_ENV=test asks no DNS server anything: only `localhost` resolves (to loopback). */
export const offlineResolver: Resolver = async (host) => (host === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : []);

export class UnsafeTargetError extends Error {}

export interface VettedTarget {
  url: URL;
  /** The one address the connection must use: resolved and checked here, so DNS cannot change its answer in between. */
  address: string;
  family: number;
}

/**
 * Checks a webhook target: https (http only to an allowed host), and every address the name
 * resolves to must be public — unless the administrator allowed the host
 * (WEBHOOK_ALLOWED_HOSTS, for local receivers in development and tests).
 */
export async function vetTarget(raw: string, opts: { resolve: Resolver; allowedHosts: readonly string[] }): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeTargetError('The webhook URL is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UnsafeTargetError('Webhook URLs must use http or https');
  if (url.username || url.password) throw new UnsafeTargetError('Webhook URLs may not contain a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = opts.allowedHosts.includes(host);
  // Signed payloads still go in the clear over http: https only, except to a host the administrator allowed (a local receiver).
  if (url.protocol === 'http:' && !allowed)
    throw new UnsafeTargetError('Webhook URLs must use https (plain http only to a host the administrator allowed)');
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await opts.resolve(host).catch(() => []);
  if (addresses.length === 0) throw new UnsafeTargetError(`The webhook host ${host} could not be resolved`);
  if (!allowed) {
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad)
      throw new UnsafeTargetError(
        `The webhook host ${host} points to a private or reserved address (${bad.address}), which is not allowed`,
      );
  }
  return { url, address: addresses[0]!.address, family: addresses[0]!.family };
}
