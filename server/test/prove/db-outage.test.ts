/**
 * Database outage (issue 15, "Prove"): a real server process on a PostgreSQL
 * of its own, under steady load of donations, event registrations and chat
 * messages, while that PostgreSQL is crashed (pg_ctl stop -m immediate: every
 * backend killed mid-transaction) and started again a few seconds later.
 *
 * Holds: while the database is down every request is answered — 503 with a
 * Retry-After, promptly, never a hang, never a dropped connection — and the
 * server process lives on; once the database is back the service returns by
 * itself (no restart of ours); and nothing is half-written: each donation has
 * its history entry, each idempotency key / tempId / (person, event) is
 * stored exactly once after the clients' retries, and nothing acknowledged
 * before the crash is missing afterwards. A chat socket open throughout is
 * asked to reconnect once the server's LISTEN connection is back (so the
 * client reloads what other instances published meanwhile).
 *
 * It never touches the shared PostgreSQL of TEST_DATABASE_URL (others use it):
 * it runs initdb in a temporary directory and starts its own cluster, so it
 * needs PostgreSQL's server binaries (PG_BINDIR, else /usr/lib/postgresql/N/bin).
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, CLOSE_REASONS } from '@church/contract/chat/constants';
import { requiredUnlessSkipped, startServerProcess, type ServerProcess } from '../../src/realtime/test-servers';
import { openSocket } from '../../src/realtime/test-socket';
import { api, portPicker, seedPeople, sleep, type Answer } from './live-client';
import { findPostgresBin, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

const bin = findPostgresBin();
const onPostgresProject = process.env.TEST_DB_KIND === 'postgres';
if (onPostgresProject && !bin)
  requiredUnlessSkipped('database outage suite', 'no PostgreSQL server binaries (initdb, pg_ctl) were found; set PG_BINDIR');

/** Members sending load, one request at a time each. */
const MEMBERS = 16;
/** Pause between one member's operations: ≈ MEMBERS × 1000 / PACE_MS requests a second, within every per-user limit. */
const PACE_MS = 200;
/** Load before the crash, the outage itself, and load after the database is back. */
const BEFORE_MS = 3_000;
const DOWN_MS = 6_000;
const AFTER_MS = 5_000;
/** An answer slower than this while the database is down counts as a hang. */
const PROMPT_MS = 3_000;
/** Retry pause after a 503. A person would wait Retry-After; the test keeps asking to watch the whole outage. */
const RETRY_MS = 250;

type Kind = 'donation' | 'registration' | 'message';
interface Op {
  kind: Kind;
  key: string;
  member: number;
  attempts: Answer[];
  /** Performance time of each attempt's start, to place it before, during or after the outage. */
  startedAt: number[];
  done: boolean;
  acknowledgedAt?: number;
}

describe.runIf(onPostgresProject && bin)('database outage: PostgreSQL crashed and restarted under load', () => {
  let db: PrivatePostgres;
  let server: ServerProcess;
  let members: { id: string; token: string }[] = [];
  const eventIds: string[] = [];
  let roomIds: string[] = [];
  const jwtSecret = crypto.randomBytes(32).toString('hex');

  beforeAll(async () => {
    const port = portPicker(10);
    db = await startPrivatePostgres({ bin: bin!, port: await port(), prefix: 'prove-outage-pg-' });
    server = await startServerProcess({ databaseUrl: db.url, jwtSecret, port: await port() });
    const [admin] = await seedPeople(server.url, db.url, jwtSecret, 1, 'admin');
    members = await seedPeople(server.url, db.url, jwtSecret, MEMBERS);
    for (const title of ['Youth Braai', 'Prayer Breakfast', 'Choir Practice']) {
      const r = await api(server.url, 'POST', '/events', {
        token: admin!.token,
        body: { title, date: '2031-03-14', time: '10:00', type: 'social', maxAttendees: 1000, location: 'Church grounds' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      eventIds.push(r.body.data.event.id);
    }
    const rooms = (await api(server.url, 'POST', '/chat/rooms/initialize', { token: admin!.token })).body.data.rooms as {
      id: string;
      type: string;
    }[];
    roomIds = rooms.filter((r) => r.type === 'public').map((r) => r.id);
    for (const m of members)
      for (const roomId of roomIds)
        expect((await api(server.url, 'POST', `/chat/rooms/${roomId}/join`, { token: m.token })).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
  }, 60_000);

  it('answers 503 + Retry-After while it is down, comes back by itself, and leaves nothing half-written', async () => {
    const ops: Op[] = [];
    let stopLoad = false;
    let giveUpAt = Infinity;

    /** One operation, retried with the same key (idempotency key, tempId, the same event) until it is answered for good. */
    async function perform(op: Op) {
      const m = members[op.member]!;
      for (;;) {
        const t = performance.now();
        let r: Answer;
        if (op.kind === 'donation')
          r = await api(server.url, 'POST', '/giving', {
            token: m.token,
            body: { amount: 25.5, paymentMethod: 'cash', frequency: 'one-time', fund: 'General', idempotencyKey: op.key },
            timeoutMs: 15_000,
          });
        else if (op.kind === 'registration')
          r = await api(server.url, 'POST', `/events/${op.key.split('|')[1]}/register`, { token: m.token, timeoutMs: 15_000 });
        else
          r = await api(server.url, 'POST', `/chat/rooms/${op.key.split('|')[1]}/messages`, {
            token: m.token,
            body: { content: `Outage test ${op.key}`, tempId: op.key.split('|')[0] },
            timeoutMs: 15_000,
          });
        op.attempts.push(r);
        op.startedAt.push(t);
        if (r.status >= 200 && r.status < 300) {
          op.done = true;
          op.acknowledgedAt = performance.now();
          return;
        }
        // A refusal that a retry cannot change ends the operation (the test then fails on it); so does the test's own deadline.
        if ((r.status >= 400 && r.status < 500 && r.status !== 408 && r.status !== 429) || performance.now() > giveUpAt) return;
        await sleep(RETRY_MS);
      }
    }

    async function memberLoad(i: number) {
      const m = members[i]!;
      let n = 0;
      while (!stopLoad) {
        const kind: Kind = (['donation', 'registration', 'message'] as const)[n % 3]!;
        let key: string;
        if (kind === 'donation') key = `gift-${m.id}-${n}`;
        else if (kind === 'registration') {
          // Each member registers for each event once; afterwards the repeat is the idempotent "already registered".
          key = `${m.id}|${eventIds[Math.floor(n / 3) % eventIds.length]}`;
        } else key = `out-${i}-${n}|${roomIds[Math.floor(n / 3) % roomIds.length]}`;
        const op: Op = { kind, key, member: i, attempts: [], startedAt: [], done: false };
        ops.push(op);
        await perform(op);
        n++;
        await sleep(PACE_MS);
      }
    }

    // Health is polled all along, as a load balancer would.
    const health: { t: number; a: Answer }[] = [];
    const poller = (async () => {
      while (!stopLoad) {
        const t = performance.now();
        health.push({ t, a: await api(server.url, 'GET', '/health', { timeoutMs: 10_000 }) });
        await sleep(200);
      }
    })();

    // A chat socket open across the outage: once the server's LISTEN connection is back it is told to
    // reconnect (and so reload history), since messages published meanwhile never reached this instance.
    const watcher = await openSocket(server.url, members[0]!.token);
    await watcher.next('connected');
    let watcherClosedAt = Infinity;
    void watcher.closed.then(() => (watcherClosedAt = performance.now()));

    const testStart = performance.now();
    const load = Promise.all(members.map((_, i) => memberLoad(i)));
    await sleep(BEFORE_MS);
    const acknowledgedBefore = ops.filter((o) => o.done).map((o) => ({ kind: o.kind, key: o.key }));
    const crashedAt = performance.now();
    await db.crash();
    const crashMs = performance.now() - crashedAt;
    await sleep(DOWN_MS);
    const startT = performance.now();
    await db.start();
    const restartedAt = performance.now();
    const startMs = restartedAt - startT;
    await sleep(AFTER_MS);
    stopLoad = true;
    giveUpAt = performance.now() + 20_000;
    await load;
    await poller;
    const testMs = performance.now() - testStart;
    const watcherClose = await Promise.race([watcher.closed, sleep(15_000).then(() => null)]);
    const again = await openSocket(server.url, members[0]!.token);
    await again.next('connected');
    await again.close();

    // --- While it was down: answered, 503 with Retry-After, promptly.
    const attempts = ops.flatMap((o) => o.attempts.map((a, k) => ({ a, t: o.startedAt[k]!, kind: o.kind })));
    // Down: from pg_ctl's return (every backend gone) to the moment we start it again.
    const downFrom = crashedAt + crashMs;
    const during = attempts.filter((x) => x.t >= downFrom && x.t + x.a.ms <= startT);
    const noAnswer = attempts.filter((x) => x.a.status === 0);
    const wrong = during.filter((x) => x.a.status !== 503 || !x.a.retryAfter);
    const slowest = Math.max(0, ...during.map((x) => x.a.ms));
    const healthDuring = health.filter((h) => h.t >= downFrom && h.t + h.a.ms <= startT);
    // --- After: the first success, and the first healthy answer, once PostgreSQL was started again
    // (it accepts connections a little before pg_ctl notices, so this is measured from the start command).
    const firstOk = Math.min(...attempts.filter((x) => x.t >= startT && x.a.status < 300).map((x) => x.t + x.a.ms));
    const firstHealthy = Math.min(...health.filter((h) => h.t >= startT && h.a.status === 200).map((h) => h.t + h.a.ms));
    const statuses = (xs: { a: Answer }[]) =>
      xs.reduce<Record<string, number>>((acc, x) => ((acc[x.a.status] = (acc[x.a.status] ?? 0) + 1), acc), {});

    console.log(
      [
        `database outage: ${ops.length} operations, ${attempts.length} requests in ${Math.round(testMs)} ms`,
        `  crash (pg_ctl stop -m immediate) ${Math.round(crashMs)} ms; down ${DOWN_MS} ms; start ${Math.round(startMs)} ms`,
        `  during the outage: ${during.length} requests ${JSON.stringify(statuses(during))}, slowest ${Math.round(slowest)} ms; health ${JSON.stringify(statuses(healthDuring))}`,
        `  back: first success ${Math.round(firstOk - startT)} ms and health 200 ${Math.round(firstHealthy - startT)} ms after the start command (pg_ctl start -w returned after ${Math.round(startMs)} ms)`,
        `  all requests: ${JSON.stringify(statuses(attempts))}; unanswered ${noAnswer.length}`,
        `  chat socket told to reconnect ${Math.round(watcherClosedAt - startT)} ms after the start command: ${JSON.stringify(watcherClose)}`,
      ].join('\n'),
    );

    if (server.proc.exitCode !== null || noAnswer.length)
      console.log(`server exit code ${server.proc.exitCode}; stderr:\n${server.stderr().slice(-3000)}`);
    expect(noAnswer.slice(0, 10).map((x) => `${x.kind}: ${x.a.error} after ${Math.round(x.a.ms)} ms`)).toEqual([]);
    expect(during.length).toBeGreaterThan(MEMBERS);
    expect(wrong.map((x) => `${x.kind}: ${x.a.status} ${JSON.stringify(x.a.body)}`)).toEqual([]);
    // Requests caught in flight by the crash, and those during recovery, too: a failure is a 503 with Retry-After, never a 500.
    expect(
      attempts.filter((x) => x.a.status >= 500 && (x.a.status !== 503 || !x.a.retryAfter)).map((x) => `${x.kind}: ${x.a.status}`),
    ).toEqual([]);
    expect(slowest).toBeLessThan(PROMPT_MS);
    expect(healthDuring.length).toBeGreaterThan(0);
    expect(healthDuring.every((h) => h.a.status === 503 && h.a.retryAfter)).toBe(true);
    expect(server.proc.exitCode).toBeNull();
    expect(server.stderr()).not.toMatch(/unhandled|uncaught/i);
    expect(firstOk - restartedAt).toBeLessThan(5_000);
    expect(firstHealthy - restartedAt).toBeLessThan(5_000);
    expect(watcherClose).toEqual({ code: CLOSE_CODES.goingAway, reason: CLOSE_REASONS.resync });
    expect(watcherClosedAt).toBeGreaterThan(startT);
    expect(
      ops
        .filter((o) => !o.done)
        .map((o) => `${o.kind} ${o.key}: ${o.attempts.map((a) => a.status).join(',')} ${JSON.stringify(o.attempts.at(-1)?.body)}`),
    ).toEqual([]);

    // --- Nothing half-written, nothing twice, nothing acknowledged lost.
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const gifts = ops.filter((o) => o.kind === 'donation').map((o) => o.key);
      const donations = (
        await c.query<{ key: string; n: number; created: number }>(
          `select d.idempotency_key as key, count(distinct d.id)::int n,
                  (select count(*)::int from donation_events e where e.donation_id = min(d.id::text)::uuid and e.kind = 'created') created
             from donations d group by d.idempotency_key`,
        )
      ).rows;
      const orphans = (
        await c.query<{ n: number }>(
          `select count(*)::int n from donations d where not exists (select 1 from donation_events e where e.donation_id = d.id and e.kind = 'created')`,
        )
      ).rows[0]!.n;
      expect(donations.map((d) => d.key).sort()).toEqual([...gifts].sort());
      expect(donations.filter((d) => d.n !== 1 || d.created !== 1)).toEqual([]);
      expect(orphans).toBe(0);

      const regs = new Set(ops.filter((o) => o.kind === 'registration').map((o) => o.key));
      const regRows = (
        await c.query<{ key: string; n: number }>(
          `select user_id || '|' || event_id as key, count(*)::int n from event_registrations group by 1`,
        )
      ).rows;
      expect(regRows.map((r) => r.key).sort()).toEqual([...regs].sort());
      expect(regRows.filter((r) => r.n !== 1)).toEqual([]);

      const sent = ops.filter((o) => o.kind === 'message').map((o) => o.key.split('|')[0]!);
      const msgRows = (
        await c.query<{ temp_id: string; n: number }>(
          `select temp_id, count(*)::int n from chat_messages where temp_id like 'out-%' group by temp_id`,
        )
      ).rows;
      expect(msgRows.map((r) => r.temp_id).sort()).toEqual([...sent].sort());
      expect(msgRows.filter((r) => r.n !== 1)).toEqual([]);

      const stored = new Set([...donations.map((d) => d.key), ...regRows.map((r) => r.key), ...msgRows.map((r) => r.temp_id)]);
      expect(acknowledgedBefore.filter((o) => !stored.has(o.kind === 'message' ? o.key.split('|')[0]! : o.key))).toEqual([]);
      console.log(
        `  stored exactly once: ${donations.length} donations (each with its history entry), ${regRows.length} registrations, ${msgRows.length} messages; ${acknowledgedBefore.length} acknowledged before the crash all present`,
      );
    } finally {
      await c.end();
    }
  }, 180_000);
});
