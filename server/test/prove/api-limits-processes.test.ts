/**
 * API-key limits shared by two real server processes (issue 14: "limits per
 * hour and per month … shared by two server processes"): two
 * `node server/src/main.ts` processes on one scratch PostgreSQL, each with its
 * own pool, quota blocks and LISTEN connection, behind nothing but loopback.
 * A free key (100 requests per hour) is hammered through both, alternating:
 * exactly 100 answers are 200 between them, every one with its own
 * X-RateLimit-Remaining, and the rest are 429 with Retry-After on both.
 * The monthly window likewise: a key a few requests short of its month gets
 * exactly those few between the two processes, then 429 naming the month.
 * (limits-instances.test.ts proves the same with two app instances in one
 * process, plus the hand-back of held slots.)
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TIERS } from '@church/contract/developers';
import { monthCounterKey } from '../../src/modules/developers/api-key-gate';
import { postgresForSuite, scratchDatabase, startServerProcess, type ServerProcess } from '../../src/realtime/test-servers';
import { api, PASSWORD, portPicker } from './live-client';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const onPostgresProject = process.env.TEST_DB_KIND === 'postgres';
const reachable = await postgresForSuite('API-key limits across processes', PG_URL, { run: onPostgresProject });

describe.runIf(reachable)('API-key limits across two server processes on one PostgreSQL', () => {
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    const port = portPicker(20);
    db = await scratchDatabase(PG_URL, { template: inject('pgTemplate') });
    servers = await Promise.all([
      startServerProcess({ databaseUrl: db.url, jwtSecret, port: await port() }),
      startServerProcess({ databaseUrl: db.url, jwtSecret, port: await port() }),
    ]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.drop();
  }, 60_000);

  /** A new developer registered through one process, and a free key made through the other. */
  async function freeKeyAcross(devName: string, keyName: string) {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const reg = await api(a.url, 'POST', '/auth/register', {
      body: { name: devName, email: `dev-${crypto.randomUUID()}@example.org`, password: PASSWORD, role: 'developer' },
      timeoutMs: 60_000,
    });
    expect(reg.status).toBe(201);
    const created = await api(b.url, 'POST', '/developers/api-keys', {
      token: reg.body.token,
      body: { name: keyName, pricingTier: 'free' },
    });
    expect(created.status).toBe(201);
    return { id: created.body.data.apiKey.id as string, key: created.body.data.apiKey.key as string };
  }

  it('lets exactly the hourly limit through between them, with the headers, then 429 + Retry-After on both', async () => {
    const { id, key } = await freeKeyAcross('Two Process Dev', 'shared');
    const limit = TIERS.free.requestsPerHour;

    const total = Math.round(limit * 1.3);
    const answers: {
      by: number;
      status: number;
      limit: string | null;
      remaining: string | null;
      reset: string | null;
      retryAfter: string | null;
    }[] = [];
    for (let i = 0; i < total; i += 10) {
      const wave = Array.from({ length: Math.min(10, total - i) }, async (_, j) => {
        const by = (i + j) % 2;
        const res = await fetch(`${servers[by]!.url}/api/events`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        const h = (n: string) => res.headers.get(n);
        return {
          by,
          status: res.status,
          limit: h('x-ratelimit-limit'),
          remaining: h('x-ratelimit-remaining'),
          reset: h('x-ratelimit-reset'),
          retryAfter: h('retry-after'),
        };
      });
      answers.push(...(await Promise.all(wave)));
    }
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(limit);
    expect(refused).toHaveLength(total - limit);
    expect(new Set(ok.map((r) => r.by))).toEqual(new Set([0, 1]));
    expect(new Set(refused.map((r) => r.by))).toEqual(new Set([0, 1]));
    // One shared count: no slot was handed out twice, by either process.
    expect(new Set(ok.map((r) => r.remaining)).size).toBe(limit);
    const hourEnd = Math.ceil(Date.now() / 3_600_000) * 3600;
    for (const r of answers) {
      expect(r.limit).toBe(String(limit));
      expect(Math.abs(Number(r.reset) - hourEnd)).toBeLessThanOrEqual(3600);
    }
    for (const r of refused) {
      expect(r.remaining).toBe('0');
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(3600);
    }

    // The shared counter in the database says the same: exactly the limit, whatever each process held.
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ count: number }>(`select count from rate_limits where key = 'apikey:h:' || $1`, [id]);
      expect(rows[0]!.count).toBe(limit);
    } finally {
      await c.end();
    }
  }, 180_000);

  it('shares the monthly limit too: a key five short of its month gets five answers between them, then 429 naming the month', async () => {
    const { id, key } = await freeKeyAcross('Month Dev', 'monthly');
    const limit = TIERS.free.requestsPerMonth;
    // The month so far, as if the key had been used: the counter both processes share, five short of the limit.
    const now = new Date();
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query('insert into rate_limits (key, count, reset_at) values ($1, $2, $3)', [monthCounterKey(id), limit - 5, monthEnd]);
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await fetch(`${servers[i % 2]!.url}/api/events`, {
            headers: { 'x-api-key': key },
            signal: AbortSignal.timeout(30_000),
          });
          const text = await res.text();
          return {
            by: i % 2,
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            limit: res.headers.get('x-ratelimit-limit'),
            text,
          };
        }),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(15);
      expect(new Set(refused.map((r) => r.by))).toEqual(new Set([0, 1]));
      for (const r of refused) {
        expect(r.limit).toBe(String(limit));
        expect(r.text).toMatch(/per month/);
        expect(Number(r.retryAfter)).toBeGreaterThan(0);
      }
      // Exactly the limit in the shared counter: what the refused reservations asked beyond it went back.
      const { rows } = await c.query<{ count: number }>('select count from rate_limits where key = $1', [monthCounterKey(id)]);
      expect(rows[0]!.count).toBe(limit);
    } finally {
      await c.end();
    }
  }, 180_000);
});
