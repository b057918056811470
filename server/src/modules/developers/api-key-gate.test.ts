/**
 * The API-key gate's cache and quota blocks, each instance a bare app around
 * its own gate on the test database: how soon a revoked key stops working
 * when the notice arrives, when it does not (TTL), and at the next block.
 */
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';
import { createMemoryBus, createPgBus, type BusEvent, type ChatBus } from '../../realtime/bus';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { createApiKeyGate, type ApiKeyGate, type ApiKeyGateOptions } from './api-key-gate';
import { MAX_HELD } from './quota';

let t: TestApp;
let devToken: string;
const cleanups: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  t = await createTestApp();
  devToken = (await createUser(t, { role: 'developer', permissions: ['api:access'] })).token;
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await t.close();
});

async function createKey(pricingTier = 'enterprise') {
  const res = await t.request({
    method: 'POST',
    url: '/api/developers/api-keys',
    token: devToken,
    payload: { name: 'gate', pricingTier },
  });
  expect(res.statusCode).toBe(201);
  return json(res).data.apiKey as { id: string; key: string };
}

/** One "instance": a gate and a route it guards; `call(key)` answers with the status and message. */
async function instance(opts: ApiKeyGateOptions = {}) {
  const gate: ApiKeyGate = createApiKeyGate(t.database.db, opts);
  const app = Fastify();
  app.get('/x', async (request, reply) => {
    try {
      await gate.authorize(request, reply, String(request.headers['x-api-key']), 'read:events');
      return { ok: true };
    } catch (err) {
      if (err instanceof HttpError) return reply.code(err.statusCode).headers(err.headers).send({ message: err.message });
      throw err;
    }
  });
  await app.ready();
  cleanups.push(
    () => app.close(),
    () => gate.stop(),
  );
  const call = async (key: string) => {
    const res = await app.inject({ method: 'GET', url: '/x', headers: { 'x-api-key': key } });
    return { status: res.statusCode, message: json<{ message?: string }>(res).message ?? '' };
  };
  /** Calls until this instance holds quota for the key beyond the call just made. */
  const warm = async (key: string, id: string) => {
    for (let i = 0; i < 40 && gate.held(id).h < 2; i++) expect((await call(key)).status).toBe(200);
    expect(gate.held(id).h).toBeGreaterThanOrEqual(2);
  };
  return { gate, call, warm };
}

const revokeQuietly = (id: string) => t.database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));

describe('a revoked key, on an instance that had it verified and holds quota for it', () => {
  it('is refused as soon as the revocation notice arrives (the bus: LISTEN/NOTIFY on PostgreSQL, in process on PGlite)', async () => {
    // Two buses on PostgreSQL, as two processes have; one shared in-process bus on PGlite.
    let busA: ChatBus;
    let busB: ChatBus;
    if (t.database.kind === 'postgres') {
      busA = createPgBus({ connectionString: t.config.databaseUrl!, pool: t.database.pool! });
      busB = createPgBus({ connectionString: t.config.databaseUrl!, pool: t.database.pool! });
      await Promise.all([busA.start(), busB.start()]);
      cleanups.push(
        () => busA.close(),
        () => busB.close(),
      );
    } else {
      busA = busB = createMemoryBus();
    }
    const a = await instance({ bus: busA, keyTtlMs: 60_000 });
    const b = await instance({ bus: busB, keyTtlMs: 60_000 });
    const { id, key } = await createKey();
    await a.warm(key, id);
    await b.warm(key, id);

    const arrived = new Promise<void>((resolve) =>
      busB.subscribe((e: BusEvent) => e.t === 'api-key-revoked' && e.keyId === id && resolve()),
    );
    await revokeQuietly(id);
    await a.gate.revoked(id);
    // A: at once. B: with quota still in hand and its cache entry a minute from expiry, at the notice.
    expect(await a.call(key)).toEqual({ status: 401, message: expect.stringMatching(/revoked/) });
    const t0 = performance.now();
    await arrived;
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(b.gate.held(id).h).toBeGreaterThan(0);
    expect(await b.call(key)).toEqual({ status: 401, message: expect.stringMatching(/revoked/) });
  });

  it('without a notice (a lost LISTEN), works at most for the cache’s TTL', async () => {
    const a = await instance({ keyTtlMs: 300 });
    const { id, key } = await createKey();
    await a.warm(key, id);
    await revokeQuietly(id);
    // The trade the cache makes: until the TTL, the verified key and the quota held here answer.
    expect((await a.call(key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 350));
    expect(await a.call(key)).toEqual({ status: 401, message: expect.stringMatching(/revoked/) });
  });

  it('without a notice, and well within the TTL, at the latest when its block is used up (every reservation re-reads the key)', async () => {
    const a = await instance({ keyTtlMs: 60_000 });
    const { id, key } = await createKey();
    await a.warm(key, id);
    const held = a.gate.held(id).h;
    expect(held).toBeLessThanOrEqual(MAX_HELD);
    await revokeQuietly(id);
    let accepted = 0;
    while ((await a.call(key)).status === 200) accepted += 1;
    expect(accepted).toBeLessThanOrEqual(held);
    expect((await a.call(key)).message).toMatch(/revoked/);
  });
});

describe('an expiring key', () => {
  it('is refused the moment it expires, though verified and cached before', async () => {
    const a = await instance({ keyTtlMs: 60_000 });
    const { id, key } = await createKey();
    const expiresAt = Date.now() + 1_500;
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(apiKeys.id, id));
    await a.warm(key, id);
    await new Promise((r) => setTimeout(r, expiresAt + 20 - Date.now()));
    expect(await a.call(key)).toEqual({ status: 401, message: expect.stringMatching(/expired/) });
  });
});
