import crypto from 'node:crypto';

/**
 * PayFast's signature rules (developers.payfast.co.za): the fields as
 * `key=value` pairs, each value URL-encoded the way PHP's urlencode does it
 * (spaces as '+', upper-case escapes, also !'()*~), joined with '&', the
 * passphrase appended as one more pair, then MD5 in lower-case hex.
 */
export function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export type Fields = ReadonlyArray<readonly [string, string]>;

/** The string PayFast signs: checkout drops empty values and trims; a notification keeps every field as posted. */
export function paramString(fields: Fields, mode: 'checkout' | 'notification'): string {
  return fields
    .filter(([k]) => k !== 'signature')
    .map(([k, v]) => [k, mode === 'checkout' ? v.trim() : v] as const)
    .filter(([, v]) => mode === 'notification' || v !== '')
    .map(([k, v]) => `${k}=${phpUrlEncode(v)}`)
    .join('&');
}

export function sign(fields: Fields, mode: 'checkout' | 'notification', passphrase: string | undefined): string {
  const base = paramString(fields, mode);
  const withPass = passphrase ? `${base}&passphrase=${phpUrlEncode(passphrase.trim())}` : base;
  return crypto.createHash('md5').update(withPass).digest('hex');
}

/** The subscriptions API signs its headers and body sorted by name. */
export function signApiRequest(params: Record<string, string>, passphrase: string | undefined): string {
  const all: Record<string, string> = { ...params, ...(passphrase ? { passphrase } : {}) };
  const base = Object.keys(all)
    .sort()
    .map((k) => `${k}=${phpUrlEncode(all[k]!)}`)
    .join('&');
  return crypto.createHash('md5').update(base).digest('hex');
}

/** Compares two hex signatures without leaking where they differ. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Parses application/x-www-form-urlencoded keeping the order PayFast posted it in. */
export function parseForm(body: string): Array<[string, string]> {
  return [...new URLSearchParams(body).entries()];
}

/** IPv4 address or CIDR allow-list (PayFast publishes its notification ranges). */
export function ipAllowed(ip: string, allow: readonly string[]): boolean {
  const addr = ip.startsWith('::ffff:') ? ip.slice(7) : ip === '::1' ? '127.0.0.1' : ip;
  const toInt = (s: string) => {
    const parts = s.split('.');
    if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
    return parts.reduce((n, p) => (n << 8) + Number(p), 0) >>> 0;
  };
  const value = toInt(addr);
  if (value === null) return false;
  return allow.some((entry) => {
    const [net, bitsText] = entry.split('/');
    const base = toInt(net ?? '');
    if (base === null) return false;
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    if (!Number.isInteger(bits) || bits < 0 || bits > 32) return false;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (value & mask) === (base & mask);
  });
}
