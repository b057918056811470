import crypto from 'node:crypto';
import { isIP } from 'node:net';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Db, DbOrTx } from '../../db/client';
import { userSessions, type UserRow } from '../../db/schema/index';
import type { TokenService } from '../../lib/tokens';
import type { SessionSummary } from '@church/contract/sessions';

/** last_used_at moves at most this often per session (not per request: a write per read would cost more than the read). */
export const SESSION_TOUCH_MS = 5 * 60_000;

/** Where a sign-in came from, as the request shows it. */
export interface SessionOrigin {
  ip?: string;
  userAgent?: string;
}
export const originOf = (request: { ip: string; headers: Record<string, unknown> }): SessionOrigin => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});

/** The address kept: IPv4 to its /24, IPv6 to its /48 (an IPv4-mapped IPv6 address as IPv4). */
export function truncateIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const addr = mapped ? mapped[1]! : ip;
  const kind = isIP(addr);
  if (kind === 4) return `${addr.split('.').slice(0, 3).join('.')}.0`;
  if (kind === 6) {
    // Expand "::" to the missing groups, keep the first three.
    const [head, tail] = addr.split('::') as [string, string | undefined];
    const h = head ? head.split(':') : [];
    const t = tail === undefined ? [] : tail ? tail.split(':') : [];
    const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
    return `${groups
      .slice(0, 3)
      .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
      .join(':')}::`;
  }
  return null;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * "Browser · System" from a user agent (names only, which read the same in every language); '' when
 * neither is recognised. Only the first 512 characters are looked at, with patterns that run in linear time.
 */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const ua = userAgent.slice(0, 512);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return [browser, system].filter(Boolean).join(' · ');
}

/**
 * Starts a session for a person who just proved who they are and returns its token (which carries the
 * session's id). Every path that hands out a sign-in token goes through here.
 */
export async function startSession(
  db: DbOrTx,
  tokens: TokenService,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  from: SessionOrigin = {},
): Promise<string> {
  const sid = crypto.randomUUID();
  const token = await tokens.sign({ sub: user.id, tv: user.tokenVersion, sid });
  const exp = decodeJwt(token).exp;
  const expiresAt = new Date(typeof exp === 'number' ? exp * 1000 : Date.now() + 7 * 86_400_000);
  await db.insert(userSessions).values({ id: sid, userId: user.id, expiresAt, device: deviceOf(from.userAgent), ipPrefix: truncateIp(from.ip) });
  // Sessions long over are forgotten as the person signs in again (their list and the table stay small).
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, user.id), lt(userSessions.expiresAt, new Date(Date.now() - 30 * 86_400_000))));
  return token;
}

/** Moves last_used_at of a session used now, if it is older than SESSION_TOUCH_MS (plugins/auth.ts calls it). */
export async function touchSession(db: Db, sid: string, now = new Date()) {
  await db
    .update(userSessions)
    .set({ lastUsedAt: now })
    .where(and(eq(userSessions.id, sid), isNull(userSessions.revokedAt), lt(userSessions.lastUsedAt, new Date(now.getTime() - SESSION_TOUCH_MS))));
}

const live = (userId: string) => and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, sql`now()`));

/**
 * The person's own sessions. Revoking one is announced by the database as it commits (migration 0044):
 * every instance then refuses its token and closes the chat sockets opened with it.
 */
export function createSessionService(db: Db) {
  return {
    async list(userId: string, currentSid: string | undefined): Promise<SessionSummary[]> {
      const rows = await db
        .select()
        .from(userSessions)
        .where(live(userId))
        .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.createdAt))
        .limit(200);
      // This one first, then the others by last use.
      const summaries = rows.map((r) => ({
        id: r.id,
        device: r.device,
        ipPrefix: r.ipPrefix,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt.toISOString(),
        current: r.id === currentSid,
      }));
      return [...summaries.filter((s) => s.current), ...summaries.filter((s) => !s.current)];
    },
    /** Ends one of the person's own sessions; false when it is not theirs or already over. */
    async end(userId: string, sid: string): Promise<boolean> {
      const rows = await db
        .update(userSessions)
        .set({ revokedAt: new Date() })
        .where(and(live(userId), eq(userSessions.id, sid)))
        .returning({ id: userSessions.id });
      return rows.length > 0;
    },
    /** Ends every session of the person but `keepSid` (all of them when it is absent); how many it ended. */
    async endAll(userId: string, keepSid?: string): Promise<number> {
      const rows = await db
        .update(userSessions)
        .set({ revokedAt: new Date() })
        .where(keepSid ? and(live(userId), ne(userSessions.id, keepSid)) : live(userId))
        .returning({ id: userSessions.id });
      return rows.length;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
