import crypto from 'node:crypto';

/**
 * Signed links: a one-tap answer from an e-mail (/serve/<token>) and a personal calendar feed. The token
 * carries the id and an HMAC under the server's key; nothing is stored, and a changed id fails the check.
 */
const mac = (key: Buffer, purpose: string, value: string) =>
  crypto.createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url').slice(0, 32);

export function signLink(key: Buffer, purpose: string, value: string) {
  return `${Buffer.from(value).toString('base64url')}.${mac(key, purpose, value)}`;
}

/** The value a token was signed for, or null when forged, cut or malformed. */
export function verifyLink(key: Buffer, purpose: string, token: string): string | null {
  const [head, sig, ...rest] = token.split('.');
  if (!head || !sig || rest.length || token.length > 300) return null;
  const value = Buffer.from(head, 'base64url').toString();
  const expected = Buffer.from(mac(key, purpose, value));
  const given = Buffer.from(sig);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? value : null;
}
