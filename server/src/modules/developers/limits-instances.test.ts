import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { TIERS, type PricingTier } from '@church/contract/developers';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { apiUsageDaily, rateLimits } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp, createApprovedKey } from '../../../test/test-app';
import { hourCounterKey, monthCounterKey } from './api-key-gate';
import { MAX_HELD } from './quota';

const isPg = process.env.TEST_DB_KIND === 'postgres';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * Two server instances on one database. On PostgreSQL each has its own
 * connection pool and its own LISTEN connection (what two processes behind a
 * load balancer are). On PGlite (one process by nature) they share the
 * database handle; each still holds its own quota blocks, which is what the
 * limits depend on.
 */
async function twoInstances() {
  const a: TestApp = await createTestApp();
  cleanups.push(() => a.close());
  let database = a.database;
  if (isPg) {
    const own = await openDatabase({ databaseUrl: a.config.databaseUrl, poolMax: 4 });
    cleanups.push(() => own.close());
    database = own;
  }
  const built = await buildApp({ config: a.config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
  let closed = false;
  const closeB = async () => {
    if (!closed) await built.app.close();
    closed = true;
  };
  cleanups.push(closeB);
  await built.app.ready();
  return { a, b: built.app, closeB };
}

async function createKey(t: TestApp, pricingTier: PricingTier) {
  const dev = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  const apiKey = await createApprovedKey(t, dev.token, pricingTier, `two instances ${pricingTier}`);
  return { ...apiKey, devToken: dev.token };
}

/** `total` GETs of /api/events with the key, alternating between the instances, `inFlight` at a time. */
async function hammer(apps: FastifyInstance[], key: string, total: number, inFlight = 10) {
  const answers: { status: number; remaining: string; limit: string; retryAfter?: string; message?: string; by: number }[] = [];
  for (let i = 0; i < total; i += inFlight) {
    const wave = Array.from({ length: Math.min(inFlight, total - i) }, (_, j) => {
      const by = (i + j) % apps.length;
      return apps[by]!.inject({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } }).then((res) => ({
        status: res.statusCode,
        remaining: String(res.headers['x-ratelimit-remaining']),
        limit: String(res.headers['x-ratelimit-limit']),
        retryAfter: res.headers['retry-after'] as string | undefined,
        message: res.statusCode === 200 ? undefined : (json(res).message as string),
        by,
      }));
    });
    answers.push(...(await Promise.all(wave)));
  }
  return answers;
}

async function counter(t: TestApp, key: string) {
  const [row] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count ?? 0;
}

describe('API-key rate limits shared by two instances', () => {
  it('lets exactly the tier’s hourly requests through between them, then 429 with Retry-After on both', async () => {
    const { a, b } = await twoInstances();
    const { key } = await createKey(a, 'free');
    const limit = TIERS.free.requestsPerHour;

    // 1.2 × the limit, alternating between the instances, 10 in flight at a time.
    const total = Math.round(limit * 1.2);
    const answers = await hammer([a.app, b], key, total);
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(limit);
    expect(refused).toHaveLength(total - limit);
    // Both instances served and both refused: the count is one, shared.
    expect(new Set(ok.map((r) => r.by))).toEqual(new Set([0, 1]));
    expect(new Set(refused.map((r) => r.by))).toEqual(new Set([0, 1]));
    // Every granted request saw a different remaining count: no two instances handed out the same slot.
    expect(new Set(ok.map((r) => r.remaining)).size).toBe(limit);
    for (const r of refused) {
      expect(r.remaining).toBe('0');
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
  });

  it('shares the monthly limit too, and slots asked beyond it go back off the counter', async () => {
    const { a, b } = await twoInstances();
    const { id, key } = await createKey(a, 'basic');
    const limit = TIERS.basic.requestsPerMonth;
    const now = new Date();
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await a.database.db.insert(rateLimits).values({ key: monthCounterKey(id), count: limit - 5, resetAt: monthEnd });

    const answers = await hammer([a.app, b], key, 20);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.limit).toBe(String(limit));
      expect(r.message).toMatch(/10,000 requests per month/);
      expect(Number(r.retryAfter)).toBeGreaterThan(3600 - 1);
    }
    // Exactly the limit: what the refused reservations added beyond it was taken back.
    expect(await counter(a, monthCounterKey(id))).toBe(limit);
  });

  it('reserves in bounded blocks: the counter is what was used plus what each instance holds, and a graceful stop hands the rest back', async () => {
    const { a, b, closeB } = await twoInstances();
    const { id, key } = await createKey(a, 'professional');
    const used = 300;
    const answers = await hammer([a.app, b], key, used, 20);
    expect(answers.every((r) => r.status === 200)).toBe(true);

    const hourAfterUse = await counter(a, hourCounterKey(id));
    const monthAfterUse = await counter(a, monthCounterKey(id));
    // Blocks ahead of use, but never more than two instances' worth.
    expect(hourAfterUse).toBeGreaterThanOrEqual(used);
    expect(hourAfterUse).toBeLessThanOrEqual(used + 2 * MAX_HELD);
    expect(monthAfterUse).toBeGreaterThanOrEqual(used);
    expect(monthAfterUse).toBeLessThanOrEqual(used + 2 * MAX_HELD);

    // B stops: what it held goes back (at most MAX_HELD), and its usage is written.
    await closeB();
    const hourAfterB = await counter(a, hourCounterKey(id));
    expect(hourAfterB).toBeGreaterThanOrEqual(used);
    expect(hourAfterUse - hourAfterB).toBeLessThanOrEqual(MAX_HELD);
    expect(hourAfterB - used).toBeLessThanOrEqual(MAX_HELD);

    // A stops too: the counters are exactly what was used, and so is the usage record (nothing lost).
    await a.app.close();
    expect(await counter(a, hourCounterKey(id))).toBe(used);
    expect(await counter(a, monthCounterKey(id))).toBe(used);
    const [usage] = await a.database.db
      .select({ n: sql<number>`coalesce(sum(${apiUsageDaily.requests}), 0)::int` })
      .from(apiUsageDaily)
      .where(eq(apiUsageDaily.keyId, id));
    expect(Number(usage!.n)).toBe(used);
  });
});

describe.runIf(isPg)('API-key revocation across two instances on one PostgreSQL', () => {
  it('a key revoked on one instance is refused by the other within moments, though both had it cached', async () => {
    const { a, b } = await twoInstances();
    const { id, key, devToken } = await createKey(a, 'enterprise');
    // Both instances have verified the key and hold quota for it.
    for (const app of [a.app, b, a.app, b])
      expect((await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } })).statusCode).toBe(200);

    const revoked = await a.request({ method: 'DELETE', url: `/api/developers/api-keys/${id}`, token: devToken });
    expect(revoked.statusCode).toBe(200);
    const t0 = performance.now();
    // The instance that revoked it: the very next call.
    const onA = await a.app.inject({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } });
    expect(onA.statusCode).toBe(401);
    expect(json(onA).message).toMatch(/revoked/);
    // The other: as soon as the notice arrives (LISTEN/NOTIFY, milliseconds), well before the cache's TTL.
    let onB = 200;
    while (onB === 200 && performance.now() - t0 < 2_000) {
      onB = (await b.inject({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } })).statusCode;
      if (onB === 200) await new Promise((r) => setTimeout(r, 10));
    }
    expect(onB).toBe(401);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });
});

describe('a developer account disabled by the church, across two instances', () => {
  it('its key is refused by the other instance within moments, though both had it cached (issue 29, finding 7)', async () => {
    const { a, b } = await twoInstances();
    const { key, devToken } = await createKey(a, 'free');
    const admin = await createUser(a, { role: 'admin' });
    for (const app of [a.app, b, a.app, b])
      expect((await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    const me = json(await a.request({ method: 'GET', url: '/api/auth/me', token: devToken })).data.user as { id: string };

    const off = await a.request({ method: 'PUT', url: `/api/admin/developers/${me.id}/access`, token: admin.token, payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    const t0 = performance.now();
    const onA = await a.app.inject({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } });
    expect(onA.statusCode).toBe(401);
    expect(json(onA).message).toMatch(/disabled the developer account/);
    // The other: as soon as the database's notice arrives (session-ended), well before the cache's TTL.
    let onB = 200;
    while (onB === 200 && performance.now() - t0 < 2_000) {
      onB = (await b.inject({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } })).statusCode;
      if (onB === 200) await new Promise((r) => setTimeout(r, 10));
    }
    expect(onB).toBe(401);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });
});
