import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, CLOSE_REASONS } from '@church/contract/chat/constants';
import { SESSION_TEXTS } from '@church/contract/sessions';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { userSessions } from '../../db/schema/index';
import { openSocket, type TestSocket } from '../../realtime/test-socket';
import { createTokenService } from '../../lib/tokens';
import { deviceOf, SESSION_TOUCH_MS, startSession, truncateIp } from './sessions';

/**
 * Sign out everywhere (issue 29): every sign-in is a session the person can see and end, and an ended
 * session's token is refused on the very next request, on every instance, and its chat sockets close.
 */
const isPg = process.env.TEST_DB_KIND === 'postgres';
let t: TestApp;
let base: string;
const cleanups: Array<() => Promise<unknown>> = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_IP: '100000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close().catch(() => {})));
  for (const fn of cleanups.reverse()) await fn();
  await t.close();
});

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in through the API as a browser would, from `userAgent`. */
async function signIn(email: string, userAgent = FIREFOX_WINDOWS, app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return json(res).token as string;
}
const me = (token: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const list = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/auth/sessions', token });
  expect(res.statusCode).toBe(200);
  return json(res).data.sessions as Array<{ id: string; device: string; ipPrefix: string | null; current: boolean; lastUsedAt: string }>;
};

describe('sessions', () => {
  it('lists my sign-ins with device and address (truncated), this one marked, nobody else’s', async () => {
    const { user } = await createUser(t);
    const laptop = await signIn(user.email!, FIREFOX_WINDOWS);
    const phone = await signIn(user.email!, SAFARI_IPHONE);
    await createUser(t); // someone else's session is not listed
    const sessions = await list(phone);
    // createUser's own session too: three of mine.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
    expect(current[0]!.device).toBe('Safari · iPhone');
    expect(sessions.map((s) => s.device)).toContain('Firefox · Windows');
    // Injected requests come from 127.0.0.1: kept as its /24.
    expect(current[0]!.ipPrefix).toBe('127.0.0.0');
    expect((await list(laptop)).find((s) => s.current)!.device).toBe('Firefox · Windows');
  });

  it('ending one session refuses its token at once (the one warmed in any cache too); the others go on', async () => {
    const { user } = await createUser(t);
    const a = await signIn(user.email!);
    const b = await signIn(user.email!, SAFARI_IPHONE);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(200);
    const target = (await list(a)).find((s) => s.current)!.id;
    const res = await t.request({ method: 'DELETE', url: `/api/auth/sessions/${target}`, token: b });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: SESSION_TEXTS.ended, ended: 1 });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
    expect((await list(b)).map((s) => s.id)).not.toContain(target);
    // Already ended: 404, as is someone else's session.
    expect((await t.request({ method: 'DELETE', url: `/api/auth/sessions/${target}`, token: b })).statusCode).toBe(404);
    const stranger = await createUser(t);
    const theirs = (await list(stranger.token))[0]!.id;
    const refused = await t.request({ method: 'DELETE', url: `/api/auth/sessions/${theirs}`, token: b });
    expect(refused.statusCode).toBe(404);
    expect(json(refused).message).toBe(SESSION_TEXTS.notFound);
    expect((await me(stranger.token)).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', token: b })).statusCode).toBe(400);
  });

  it('ending every other session keeps this one; signing out everywhere ends this one too', async () => {
    const { user, token: first } = await createUser(t);
    const second = await signIn(user.email!);
    const third = await signIn(user.email!, SAFARI_IPHONE);
    for (const tk of [first, second, third]) expect((await me(tk)).statusCode).toBe(200);
    const others = await t.request({ method: 'POST', url: '/api/auth/sessions/end-others', token: third });
    expect(json(others)).toMatchObject({ message: SESSION_TEXTS.othersEnded, ended: 2 });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(200);
    expect(await list(third)).toHaveLength(1);

    const fourth = await signIn(user.email!);
    const all = await t.request({ method: 'POST', url: '/api/auth/logout-everywhere', token: fourth });
    expect(json(all)).toMatchObject({ message: SESSION_TEXTS.allEnded, ended: 2 });
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(fourth)).statusCode).toBe(401);
  });

  it('logging out ends its own session only', async () => {
    const { user, token: other } = await createUser(t);
    const mine = await signIn(user.email!);
    expect((await me(mine)).statusCode).toBe(200);
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', token: mine });
    expect(json(res)).toMatchObject({ message: SESSION_TEXTS.loggedOut, ended: 1 });
    expect((await me(mine)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('a password change still ends every session (token version), and the list shows only the new one', async () => {
    const { user, token: old } = await createUser(t);
    const other = await signIn(user.email!);
    const res = await t.request({
      method: 'PATCH',
      url: '/api/auth/update-password',
      token: old,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-91' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const fresh = json(res).token as string;
    const sessions = await list(fresh);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
  });

  it('a validly signed token without a session, or with one that does not exist, opens nothing', async () => {
    const { user } = await createUser(t);
    // The app's own signer, with a session id that was never started.
    const ghost = await t.ctx.tokens.sign({ sub: user.id, tv: user.tokenVersion, sid: crypto.randomUUID() });
    expect((await me(ghost)).statusCode).toBe(401);
    // A session of someone else cannot be borrowed by changing the subject.
    const other = await createUser(t);
    const [theirs] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, other.user.id));
    const borrowed = await t.ctx.tokens.sign({ sub: user.id, tv: user.tokenVersion, sid: theirs!.id });
    expect((await me(borrowed)).statusCode).toBe(401);
  });

  it('a token from before sessions (no sid) is refused by the token service', async () => {
    const secret = crypto.randomBytes(32).toString('hex');
    const tokens = createTokenService(secret, '7d');
    const old = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode(secret));
    expect(await tokens.verify(old)).toBeNull();
    const sid = crypto.randomUUID();
    const current = await tokens.sign({ sub: crypto.randomUUID(), tv: 0, sid });
    expect((await tokens.verify(current))?.sid).toBe(sid);
  });

  it('records the last use at most once every few minutes, not per request', async () => {
    const { user, token } = await createUser(t);
    const [row] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    const long = new Date(Date.now() - SESSION_TOUCH_MS - 60_000);
    await t.database.db.update(userSessions).set({ lastUsedAt: long }).where(eq(userSessions.id, row!.id));
    // The cache (embedded database) kept the old last use only if it saw the row: a fresh request reads it.
    expect((await me(token)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(userSessions).where(eq(userSessions.id, row!.id));
    expect(after!.lastUsedAt.getTime()).toBeGreaterThan(long.getTime() + 30_000);
    // Set back a little (inside the window): further requests leave it alone.
    const recent = new Date(Date.now() - 60_000);
    await t.database.db.update(userSessions).set({ lastUsedAt: recent }).where(eq(userSessions.id, row!.id));
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    const [still] = await t.database.db.select().from(userSessions).where(eq(userSessions.id, row!.id));
    expect(still!.lastUsedAt.getTime()).toBe(recent.getTime());
  });

  it('closes the chat sockets opened with an ended session, and only those', async () => {
    const { user, token: keep } = await createUser(t);
    const ended = await signIn(user.email!);
    const [a, b] = [await openSocket(base, ended), await openSocket(base, keep)];
    sockets.push(a, b);
    await Promise.all([a.next('connected'), b.next('connected')]);
    const target = (await list(ended)).find((s) => s.current)!.id;
    expect((await t.request({ method: 'DELETE', url: `/api/auth/sessions/${target}`, token: keep })).statusCode).toBe(200);
    expect(await a.closed).toEqual({ code: CLOSE_CODES.sessionEnded, reason: CLOSE_REASONS.sessionEnded });
    b.send({ type: 'ping', timestamp: 5 });
    expect(await b.next('pong')).toMatchObject({ timestamp: 5 });
    // The ended token no longer opens a socket.
    const again = await openSocket(base, ended);
    sockets.push(again);
    expect((await again.closed).code).toBe(CLOSE_CODES.unauthorized);
  });

  it('the socket sweep closes a socket whose session ended without an announcement', async () => {
    const { token } = await createUser(t);
    const s = await openSocket(base, token);
    sockets.push(s);
    await s.next('connected');
    await t.database.db.execute(sql`alter table user_sessions disable trigger user_sessions_announce_revoke`);
    try {
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`alter table user_sessions enable trigger user_sessions_announce_revoke`);
    }
    // Not announced: the socket is still open until the sweep (15 s) finds the session ended.
    s.send({ type: 'ping', timestamp: 6 });
    expect(await s.next('pong')).toMatchObject({ timestamp: 6 });
    expect(await s.closed).toEqual({ code: CLOSE_CODES.sessionEnded, reason: CLOSE_REASONS.sessionEnded });
  }, 30_000);

  // PostgreSQL keeps no users or sessions in memory (app.ts); this keeps it honest on two instances.
  it.skipIf(!isPg)('on two instances: a session ended through one is refused by the other at once', async () => {
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, poolMax: 4 });
    cleanups.push(() => database.close());
    const b = await buildApp({ config: t.config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
    cleanups.push(() => b.app.close());
    await b.app.ready();
    const { user, token: onA } = await createUser(t);
    const onB = await startSession(b.ctx.db, b.ctx.tokens, user);
    expect((await me(onB, b.app)).statusCode).toBe(200);
    expect((await me(onB, b.app)).statusCode).toBe(200);
    // Instance A ends every session of the person; B learns nothing but what the database says.
    expect((await t.request({ method: 'POST', url: '/api/auth/logout-everywhere', token: onA })).statusCode).toBe(200);
    expect((await me(onB, b.app)).statusCode).toBe(401);
  });
});

describe('what a session keeps of where it came from', () => {
  it('truncates addresses: IPv4 to /24, IPv6 to /48', () => {
    expect(truncateIp('196.25.1.77')).toBe('196.25.1.0');
    expect(truncateIp('::ffff:10.1.2.3')).toBe('10.1.2.0');
    expect(truncateIp('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncateIp('::1')).toBe('0:0:0::');
    expect(truncateIp('not an address')).toBeNull();
    expect(truncateIp(undefined)).toBeNull();
  });

  it('summarises the browser and system by name', () => {
    expect(deviceOf(FIREFOX_WINDOWS)).toBe('Firefox · Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari · iPhone');
    expect(
      deviceOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'),
    ).toBe('Chrome · Android');
    expect(
      deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0'),
    ).toBe('Edge · macOS');
    expect(deviceOf('curl/8.5.0')).toBe('');
    expect(deviceOf(undefined)).toBe('');
    expect(deviceOf('x'.repeat(100_000))).toBe('');
  });
});
