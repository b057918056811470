import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import crypto from 'node:crypto';

/** A user id as the database stores it; anything else in `sub` is refused before any query runs. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenClaims {
  /** user id */
  sub: string;
  /** token version: bumped on password change so older tokens stop working */
  tv: number;
}

/** HS256 JWTs; verification accepts HS256 only, so an 'alg: none' or RS256 token is refused. */
export function createTokenService(secret: string, expiresIn: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        // A validly signed token with a non-UUID subject (e.g. from an older secret's era) is simply not a session.
        if (typeof payload.sub !== 'string' || !UUID_PATTERN.test(payload.sub)) return null;
        if (typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
        return { sub: payload.sub, tv: payload.tv };
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
