import crypto from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from './test-socket';
import { createPgBus, type BusEvent } from './bus';
import { postgresForSuite, scratchDatabase, startServerProcess, type ServerProcess } from './test-servers';

/**
 * Several real server processes on one PostgreSQL: chat crosses instances
 * (LISTEN/NOTIFY), and a server killed while clients send loses and
 * duplicates nothing once clients reconnect and retry.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Runs against PostgreSQL whichever project loads it: once, in server-pg, when CI sets TEST_DATABASE_URL.
const ownRun = process.env.TEST_DB_KIND === 'postgres' || !process.env.TEST_DATABASE_URL;
const reachable = await postgresForSuite('chat reliability tests', PG_URL, { run: ownRun });

const jwtSecret = crypto.randomBytes(32).toString('hex');
let db: Awaited<ReturnType<typeof scratchDatabase>>;
const servers: ServerProcess[] = [];

async function register(base: string, name: string) {
  const email = `${crypto.randomUUID()}@example.org`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'Correct-Horse-42', confirmPassword: 'Correct-Horse-42', acceptTerms: true }),
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  if (!res.ok) throw new Error(JSON.stringify(body));
  return { ...body, email };
}
/** A role change ends the person's sessions (token version), so sign in again afterwards. */
async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Correct-Horse-42' }),
  });
  const body = (await res.json()) as { token: string };
  if (!res.ok) throw new Error(JSON.stringify(body));
  return body.token;
}
const call = (base: string, token: string, method: string, path: string) =>
  fetch(`${base}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } }).then(
    (r) => r.json() as Promise<{ data: { rooms: { id: string; name: string }[] } }>,
  );

describe.runIf(reachable)('chat across server processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let ruth: { token: string; user: { id: string } };
  let sipho: { token: string; user: { id: string } };
  let general: string;

  beforeAll(async () => {
    db = await scratchDatabase(PG_URL);
    a = await startServerProcess({ databaseUrl: db.url, jwtSecret });
    b = await startServerProcess({ databaseUrl: db.url, jwtSecret });
    servers.push(a, b);
    const admin = await register(a.url, 'Pastor Admin');
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await c.query(`update users set role = 'admin' where id = $1`, [admin.user.id]);
    await c.end();
    const adminToken = await login(a.url, admin.email);
    const rooms = (await call(a.url, adminToken, 'POST', '/chat/rooms/initialize')).data.rooms;
    general = rooms.find((r) => r.name === 'General Chat')!.id;
    ruth = await register(a.url, 'Ruth Mahlaba');
    sipho = await register(b.url, 'Sipho Ndlovu');
    await call(a.url, ruth.token, 'POST', `/chat/rooms/${general}/join`);
    await call(b.url, sipho.token, 'POST', `/chat/rooms/${general}/join`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
  }, 60_000);

  it('a client on each instance: messages and typing cross both ways', async () => {
    const onA = await openSocket(a.url, ruth.token);
    const onB = await openSocket(b.url, sipho.token);
    await onA.next('connected');
    await onB.next('connected');
    onA.send({ type: 'send_message', roomId: general, content: 'Hello from instance A', tempId: 'x-a-1' });
    expect((await onB.next('new_message')).message).toMatchObject({ content: 'Hello from instance A', sender: { name: 'Ruth Mahlaba' } });
    onB.send({ type: 'send_message', roomId: general, content: 'And back from B', tempId: 'x-b-1' });
    expect((await onA.next('new_message', (f) => f.message.content === 'And back from B')).message.sender?.name).toBe('Sipho Ndlovu');
    onB.send({ type: 'typing', roomId: general, data: { isTyping: true } });
    expect(await onA.next('user_typing')).toMatchObject({ userName: 'Sipho Ndlovu', isTyping: true });
    // The longest message allowed, in 3-byte characters, still crosses.
    onA.send({ type: 'send_message', roomId: general, content: '€'.repeat(2000), tempId: 'x-a-long' });
    expect((await onB.next('new_message', (f) => f.message.tempId === 'x-a-long')).message.content).toHaveLength(2000);
    await onA.close();
    await onB.close();
  }, 60_000);

  it('events over the 8 kB NOTIFY limit cross through the spill table', async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const one = createPgBus({ connectionString: db.url, pool });
    const two = createPgBus({ connectionString: db.url, pool });
    await one.start();
    await two.start();
    const heard = new Promise<BusEvent>((resolve) => two.subscribe(resolve));
    const big = 'x'.repeat(20_000);
    await one.publish({ t: 'room', roomId: general, frame: { type: 'error', message: big } });
    const event = await heard;
    expect(event.t === 'room' && event.frame.type === 'error' && event.frame.message).toBe(big);
    await one.close();
    await two.close();
    await pool.end();
  });

  it('a server killed and restarted while clients send: every message stored once and delivered', async () => {
    const TOTAL = 40;
    const texts = Array.from({ length: TOTAL }, (_, i) => `Restart test ${i}`);
    // The receiver sits on B, which stays up the whole time.
    const receiver = await openSocket(b.url, sipho.token);
    await receiver.next('connected');

    // A sender on A that behaves like the web client: pending messages keep their
    // tempId and are sent again after a timeout or a reconnect.
    const pending = new Map<string, string>();
    const confirmed = new Set<string>();
    let ws: WebSocket | null = null;
    const connect = () =>
      new Promise<void>((resolve) => {
        const s = new WebSocket(`${a.url.replace('http', 'ws')}/ws?token=${ruth.token}`);
        s.on('message', (raw) => {
          const f = JSON.parse(String(raw));
          if (f.type === 'message_sent') {
            pending.delete(f.tempId);
            confirmed.add(f.tempId);
          }
          if (f.type === 'connected') {
            ws = s;
            for (const [tempId, content] of pending) s.send(JSON.stringify({ type: 'send_message', roomId: general, content, tempId }));
            resolve();
          }
        });
        s.on('error', () => {});
        s.on('close', () => {
          if (ws === s) ws = null;
          resolve();
        });
      });
    await connect();

    let restarted = false;
    for (let i = 0; i < TOTAL; i++) {
      const tempId = `restart-${i}`;
      pending.set(tempId, texts[i]!);
      if (ws) (ws as WebSocket).send(JSON.stringify({ type: 'send_message', roomId: general, content: texts[i], tempId }));
      if (i === 15 && !restarted) {
        restarted = true;
        await a.kill();
        const port = a.port;
        const next = await startServerProcess({ databaseUrl: db.url, jwtSecret, port });
        servers.splice(servers.indexOf(a), 1, next);
        a = next;
      }
      await new Promise((r) => setTimeout(r, 60));
    }
    // Reconnect and retry until everything is confirmed (the web client's timeout/Retry loop, faster).
    const deadline = Date.now() + 30_000;
    while (pending.size > 0 && Date.now() < deadline) {
      if (!ws) await connect();
      else
        for (const [tempId, content] of pending)
          (ws as WebSocket).send(JSON.stringify({ type: 'send_message', roomId: general, content, tempId }));
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(pending.size).toBe(0);
    expect(confirmed.size).toBe(TOTAL);

    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const rows = (
      await c.query<{ temp_id: string; n: string }>(
        `select temp_id, count(*) n from chat_messages where temp_id like 'restart-%' group by temp_id`,
      )
    ).rows;
    await c.end();
    expect(rows).toHaveLength(TOTAL);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);

    // Every message reached the client on the other instance (by id; a resend may announce one twice).
    const until = Date.now() + 10_000;
    const got = () =>
      new Set(
        receiver.frames
          .filter((f) => f.type === 'new_message' && String(f.message.tempId).startsWith('restart-'))
          .map((f) => (f as { message: { tempId: string } }).message.tempId),
      );
    while (got().size < TOTAL && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(got().size).toBe(TOTAL);
    (ws as WebSocket | null)?.close(1000);
    await receiver.close();
  }, 120_000);
});
