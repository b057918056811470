import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import crypto from 'node:crypto';

/** A user id as the database stores it; anything else in `sub` is refused before any query runs. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenClaims {
  /** user id */
  sub: string;
  /** token version: bumped on password change so older tokens stop working */
  tv: number;
  /** session id (user_sessions.id): the sign-in this token belongs to; revoking it ends the token */
  sid: string;
}

/** Verified tokens remembered at most: bounded, so a flood of distinct tokens cannot grow it without end. */
const MAX_VERIFIED = 10_000;

/** HS256 JWTs; verification accepts HS256 only, so an 'alg: none' or RS256 token is refused. */
export function createTokenService(secret: string, expiresIn: string) {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens whose signature checked out, until they expire: a signed-in request then skips the
   * HMAC (through WebCrypto, a few percent of a busy server's CPU). Safe to keep: what a token
   * says cannot change, and whether it still opens a session (token version, account active) is
   * checked against the user's row and the session's on every request, not here. Failures are not kept.
   */
  const verified = new Map<string, { claims: TokenClaims; expMs: number }>();
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ tv: claims.tv, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expMs) return { ...known.claims };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        // A validly signed token with a non-UUID subject (e.g. from an older secret's era) is simply not a session.
        if (typeof payload.sub !== 'string' || !UUID_PATTERN.test(payload.sub)) return null;
        if (typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
        // Tokens from before sessions existed carry none: they open nothing (their holders sign in again).
        if (typeof payload.sid !== 'string' || !UUID_PATTERN.test(payload.sid)) return null;
        const claims = { sub: payload.sub, tv: payload.tv, sid: payload.sid };
        // jwtVerify refused a token past its exp; one without exp is only kept briefly.
        const expMs = typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() + 60_000;
        verified.set(token, { claims, expMs });
        if (verified.size > MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        return { ...claims };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
