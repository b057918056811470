import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT, CHAT_ERRORS, CLOSE_CODES, CLOSE_REASONS } from '@church/contract/chat/constants';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { chatMessages, users } from '../db/schema/index';
import { createPgBus, type BusEvent } from './bus';
import { openSocket, type TestSocket } from './test-socket';

/**
 * Chat sockets follow the person's session and rights, not only the token
 * they opened with (issue 15): ended sessions close them, each room action is
 * checked again, one person holds a bounded number of sockets and signals
 * (presence, typing) at a bounded rate, room member lists stay in the room,
 * and pages of other sites cannot open a socket.
 */
let t: TestApp;
let base: string;
let general: string;
const open: TestSocket[] = [];
const connect = async (token?: string, opts?: { origin?: string }) => {
  const s = await openSocket(base, token, opts);
  open.push(s);
  return s;
};
const joinGeneral = (token: string) => t.request({ method: 'POST', url: `/api/chat/rooms/${general}/join`, token });
const within = <T>(p: Promise<T>, ms = 5000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_IP: '100000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t, { role: 'admin' });
  const rooms = json(await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token })).data.rooms;
  general = rooms.find((r: { name: string }) => r.name === 'General Chat').id;
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close().catch(() => {})));
  await t.close();
});

describe('ended sessions close the sockets', () => {
  it('a password change closes every socket of that person (4002), and only theirs', async () => {
    const ruth = await createUser(t);
    const other = await createUser(t);
    await joinGeneral(ruth.token);
    const [a, b, c] = [await connect(ruth.token), await connect(ruth.token), await connect(other.token)];
    await Promise.all([a.next('connected'), b.next('connected'), c.next('connected')]);
    const res = await t.request({
      method: 'PATCH',
      url: '/api/auth/update-password',
      token: ruth.token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-77' },
    });
    expect(res.statusCode).toBe(200);
    const expected = { code: CLOSE_CODES.sessionEnded, reason: CLOSE_REASONS.sessionEnded };
    expect(await within(a.closed)).toEqual(expected);
    expect(await within(b.closed)).toEqual(expected);
    // Someone else's socket stays open and answers.
    c.send({ type: 'ping', timestamp: 1 });
    expect(await c.next('pong')).toMatchObject({ timestamp: 1 });
    // The old token no longer opens a socket; the new one does.
    const stale = await connect(ruth.token);
    expect((await within(stale.closed)).code).toBe(CLOSE_CODES.unauthorized);
    const fresh = await connect(json(res).token);
    await fresh.next('connected');
  });

  it('a role change through the API closes the sockets at once, with nothing sent and no sweep', async () => {
    const pastor = await createUser(t, { role: 'pastor' });
    const sam = await createUser(t);
    const s = await connect(sam.token);
    await s.next('connected');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/members/${sam.user.id}/role`,
      token: pastor.token,
      payload: { role: 'volunteer' },
    });
    expect(res.statusCode).toBe(200);
    // Well inside the 15-second sweep: the database announced the ended session as the change committed.
    expect(await within(s.closed)).toEqual({ code: CLOSE_CODES.sessionEnded, reason: CLOSE_REASONS.sessionEnded });
  });

  it('a change made straight in the database (any code path) closes them at once too', async () => {
    for (const change of [{ role: 'volunteer' }, { isActive: false }] as const) {
      const sam = await createUser(t);
      const s = await connect(sam.token);
      await s.next('connected');
      await t.database.db.update(users).set(change).where(eq(users.id, sam.user.id));
      expect(await within(s.closed)).toEqual({ code: CLOSE_CODES.sessionEnded, reason: CLOSE_REASONS.sessionEnded });
    }
  });

  it('a change that rolls back ends nothing', async () => {
    const kim = await createUser(t);
    const s = await connect(kim.token);
    await s.next('connected');
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ role: 'volunteer' }).where(eq(users.id, kim.user.id));
        throw new Error('changed my mind');
      })
      .catch(() => {});
    s.send({ type: 'ping', timestamp: 7 });
    expect(await s.next('pong')).toMatchObject({ timestamp: 7 });
  });

  it('a socket that acts after its session ended is refused: nothing is stored', async () => {
    const sam = await createUser(t);
    await joinGeneral(sam.token);
    const s = await connect(sam.token);
    await s.next('connected');
    // Sent together with the change: whichever the hub sees first, the message is not stored.
    await t.database.db.update(users).set({ role: 'volunteer' }).where(eq(users.id, sam.user.id));
    s.send({ type: 'send_message', roomId: general, data: { message: 'after the change' }, tempId: 'after-change' });
    expect(await within(s.closed)).toEqual({ code: CLOSE_CODES.sessionEnded, reason: CLOSE_REASONS.sessionEnded });
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.senderId, sam.user.id));
    expect(stored).toEqual([]);
  });

  it('a message checks the session itself: one whose ending was not announced is refused and nothing is stored', async () => {
    const ann = await createUser(t);
    await joinGeneral(ann.token);
    const s = await connect(ann.token);
    await s.next('connected');
    // As if this instance missed the announcement (its LISTEN connection was down): the socket stays open.
    // (The version's move also revokes the person's sessions, migration 0044, which is announced too.)
    await t.database.db.execute(sql`alter table users disable trigger users_announce_session_ended`);
    await t.database.db.execute(sql`alter table user_sessions disable trigger user_sessions_announce_revoke`);
    try {
      await t.database.db.update(users).set({ role: 'volunteer' }).where(eq(users.id, ann.user.id));
    } finally {
      await t.database.db.execute(sql`alter table users enable trigger users_announce_session_ended`);
      await t.database.db.execute(sql`alter table user_sessions enable trigger user_sessions_announce_revoke`);
    }
    s.send({ type: 'ping', timestamp: 8 });
    expect(await s.next('pong')).toMatchObject({ timestamp: 8 });
    s.send({ type: 'send_message', roomId: general, data: { message: 'not announced' }, tempId: 'not-announced' });
    expect(await within(s.closed)).toEqual({ code: CLOSE_CODES.sessionEnded, reason: CLOSE_REASONS.sessionEnded });
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.senderId, ann.user.id));
    expect(stored).toEqual([]);
  });

  it('rights changed without ending the session count from the next message (announcement rooms)', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const rooms = json(await t.request({ method: 'GET', url: '/api/chat/rooms', token: admin.token })).data.rooms;
    const news = rooms.find((r: { type: string }) => r.type === 'announcement').id;
    const bo = await createUser(t);
    expect((await t.request({ method: 'POST', url: `/api/chat/rooms/${news}/join`, token: bo.token })).statusCode).toBe(200);
    const s = await connect(bo.token);
    await s.next('connected');
    s.send({ type: 'send_message', roomId: news, data: { message: 'too soon' }, tempId: 'too-soon' });
    expect(await s.next('message_failed')).toMatchObject({ tempId: 'too-soon', reason: CHAT_ERRORS.announceOnly });
    // A grant is not a change the session rests on (no token version moves): the socket stays open and the next message may go.
    await t.database.db
      .update(users)
      .set({ permissions: ['chat:announce'] })
      .where(eq(users.id, bo.user.id));
    s.send({ type: 'send_message', roomId: news, data: { message: 'now allowed' }, tempId: 'now-allowed' });
    expect(await s.next('message_sent')).toMatchObject({ tempId: 'now-allowed', message: { content: 'now allowed' } });
    await t.database.db.update(users).set({ permissions: [] }).where(eq(users.id, bo.user.id));
    s.send({ type: 'send_message', roomId: news, data: { message: 'no longer' }, tempId: 'no-longer' });
    expect(await s.next('message_failed')).toMatchObject({ tempId: 'no-longer', reason: CHAT_ERRORS.announceOnly });
  });

  it('a deleted account is closed at once, with nothing published by hand', async () => {
    const pastor = await createUser(t, { role: 'pastor' });
    const gone = await createUser(t);
    const s = await connect(gone.token);
    await s.next('connected');
    expect((await t.request({ method: 'DELETE', url: `/api/members/${gone.user.id}`, token: pastor.token })).statusCode).toBe(200);
    expect((await within(s.closed)).code).toBe(CLOSE_CODES.sessionEnded);
  });

  it('an e-mail change needs the current password and ends the other sessions', async () => {
    const lee = await createUser(t, { name: 'Lee Adams' });
    const s = await connect(lee.token);
    await s.next('connected');
    const profile = { name: 'Lee Adams', email: `lee.${Date.now()}@example.org` };
    const without = await t.request({ method: 'PUT', url: '/api/members/profile', token: lee.token, payload: profile });
    expect(without.statusCode).toBe(400);
    expect(json(without).message).toBe('Enter your current password to change your email address');
    const wrong = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token: lee.token,
      payload: { ...profile, currentPassword: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe('Your current password is not correct');
    const ok = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token: lee.token,
      payload: { ...profile, currentPassword: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.user.email).toBe(profile.email);
    expect((await within(s.closed)).code).toBe(CLOSE_CODES.sessionEnded);
    // The old token is refused everywhere; the one handed back works.
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: lee.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: json(ok).token })).statusCode).toBe(200);
    // Other profile edits need no password and keep the session.
    const rename = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token: json(ok).token,
      payload: { name: 'Lee A. Adams', email: profile.email },
    });
    expect(rename.statusCode).toBe(200);
    expect(json(rename).token).toBeUndefined();
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: json(ok).token })).statusCode).toBe(200);
  });
});

describe('limits per person', () => {
  it(`one person holds at most ${CHAT.maxSocketsPerUser} sockets: a further one closes the oldest`, async () => {
    const many = await createUser(t);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < CHAT.maxSocketsPerUser; i++) {
      const s = await connect(many.token);
      await s.next('connected');
      sockets.push(s);
    }
    const newest = await connect(many.token);
    await newest.next('connected');
    expect(await within(sockets[0]!.closed)).toEqual({ code: CLOSE_CODES.tooManySockets, reason: CLOSE_REASONS.tooManySockets });
    for (const s of sockets.slice(1)) expect(s.ws.readyState).toBe(s.ws.OPEN);
  });

  it('a presence and typing storm from several sockets reaches others at the per-person rate', async () => {
    const storm = await createUser(t, { name: 'Storm Maker' });
    const watcher = await createUser(t);
    await joinGeneral(storm.token);
    await joinGeneral(watcher.token);
    const w = await connect(watcher.token);
    await w.next('connected');
    const senders: TestSocket[] = [];
    for (let i = 0; i < CHAT.maxSocketsPerUser; i++) {
      const s = await connect(storm.token);
      await s.next('connected');
      senders.push(s);
    }
    const perSocket = 40;
    for (const s of senders)
      for (let i = 0; i < perSocket; i++) {
        s.send({ type: 'typing', roomId: general, data: { isTyping: i % 2 === 0 } });
        s.send({ type: 'presence', status: 'online' });
      }
    // A marker after the storm: once it arrives, everything the storm could deliver has been delivered.
    for (const s of senders) s.send({ type: 'ping', timestamp: 7 });
    await Promise.all(senders.map((s) => s.next('pong', (f) => f.timestamp === 7, 10_000)));
    senders[0]!.send({ type: 'send_message', roomId: general, data: { message: 'storm over' }, tempId: 'storm-over' });
    await w.next('new_message', (f) => (f.message as { content?: string }).content === 'storm over', 10_000);
    const signals = w.frames.filter((f) => (f.type === 'user_typing' || f.type === 'presence') && f.userId === storm.user.id);
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.length).toBeLessThanOrEqual(CHAT.signalMaxPerUser);
  });
});

describe('room info', () => {
  it('lists members only to people in the room', async () => {
    const inside = await createUser(t, { name: 'Inside Person' });
    const outside = await createUser(t);
    await joinGeneral(inside.token);
    const mine = json(await t.request({ method: 'GET', url: `/api/chat/rooms/${general}/info`, token: inside.token })).data.room;
    expect(mine.members.map((m: { id: string }) => m.id)).toContain(inside.user.id);
    const theirs = await t.request({ method: 'GET', url: `/api/chat/rooms/${general}/info`, token: outside.token });
    expect(theirs.statusCode).toBe(200);
    expect(json(theirs).data.room.members).toBeUndefined();
    expect(theirs.body).not.toContain(inside.user.id);
  });
});

describe('origin check on the socket', () => {
  it('refuses a page of another site before the upgrade', async () => {
    const u = await createUser(t);
    await expect(openSocket(base, u.token, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });
  it('accepts the same origin and the configured public address', async () => {
    const u = await createUser(t);
    const same = await connect(u.token, { origin: base });
    await same.next('connected');
    const configured = await connect(u.token, { origin: t.config.publicUrl });
    await configured.next('connected');
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('across instances (PostgreSQL)', () => {
  it('an ended session is announced to every instance over the bus (password, role)', async () => {
    const pool = t.database.pool!;
    const other = createPgBus({ connectionString: t.config.databaseUrl!, pool });
    await other.start();
    const heard: BusEvent[] = [];
    other.subscribe((e) => heard.push(e));
    try {
      const pat = await createUser(t);
      const res = await t.request({
        method: 'PATCH',
        url: '/api/auth/update-password',
        token: pat.token,
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-78' },
      });
      expect(res.statusCode).toBe(200);
      const announced = (userId: string) =>
        within(
          (async () => {
            while (!heard.some((e) => e.t === 'session-ended' && e.userId === userId)) await new Promise((r) => setTimeout(r, 20));
          })(),
        );
      await announced(pat.user.id);
      const pastor = await createUser(t, { role: 'pastor' });
      const lou = await createUser(t);
      const role = await t.request({
        method: 'PATCH',
        url: `/api/members/${lou.user.id}/role`,
        token: pastor.token,
        payload: { role: 'deacon' },
      });
      expect(role.statusCode).toBe(200);
      await announced(lou.user.id);
    } finally {
      await other.close();
    }
  });
});
