import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW } from '@church/contract/two-factor';

/** The pure rules of two-factor sign-in: codes, their time-steps, recovery codes, the sign-in challenge. */

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226 recommends at least 128), base32 as authenticator apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUri = (secret: string, label: string, issuer: string) => totpOf(secret, label, issuer).toString();

/**
 * The time-step a code belongs to, if it is right within TOTP_WINDOW steps of now AND later than the last
 * step accepted for this person (null when none yet): a code once accepted, or an older one, is refused
 * (RFC 6238 §5.2: the verifier must not accept a second attempt of the same OTP).
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code an app would show now (tests, and nothing else, need it). */
export const currentCode = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read from paper
/** Ten codes like "k3fq-8mzt-wp2d" (about 59 bits each): enough that a hash without salt cannot be reversed. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}
/** Case, spaces and dashes do not matter when a code is typed back. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/**
 * The sign-in challenge: who passed the password, at which token version, until when — signed with a key of its
 * own, so it opens nothing but the second step, and a password change in between voids it.
 */
export function createChallenges(key: Buffer, ttlMs: number) {
  const mac = (body: string) => crypto.createHmac('sha256', key).update(`two-factor-challenge:${body}`).digest('base64url');
  return {
    sign(user: { id: string; tokenVersion: number }, now = Date.now()): string {
      const body = Buffer.from(JSON.stringify({ sub: user.id, tv: user.tokenVersion, exp: now + ttlMs })).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    verify(challenge: string, now = Date.now()): { sub: string; tv: number } | null {
      const [body, sig] = challenge.split('.');
      if (!body || !sig) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { sub?: unknown; tv?: unknown; exp?: unknown };
        if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number' || typeof claims.exp !== 'number') return null;
        return claims.exp > now ? { sub: claims.sub, tv: claims.tv } : null;
      } catch {
        return null;
      }
    },
  };
}
