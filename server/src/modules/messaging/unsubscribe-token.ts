import crypto from 'node:crypto';

/**
 * The unsubscribe token in a bulk e-mail: the recipient row's id and an HMAC
 * of it under the server's hash key. It names one recipient of one message,
 * so it can only ever change that person's consent, and it cannot be forged
 * or pointed at someone else without the key.
 */
export function unsubscribeToken(key: Buffer, recipientId: string): string {
  return `${recipientId}.${sign(key, recipientId)}`;
}

/** The recipient id inside a valid token; null for anything else. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | null {
  if (token.length > 120) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(key, id));
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return id;
}

function sign(key: Buffer, id: string) {
  return crypto.createHmac('sha256', key).update(`unsubscribe:${id}`).digest('base64url').slice(0, 32);
}
