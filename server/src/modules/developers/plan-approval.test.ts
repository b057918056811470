import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIERS, type PricingTier } from '@church/contract/developers';
import { apiKeys, apiUsageDaily, auditLog, notifications } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { deleteExpiredUsage, ROLLED_UP, USAGE_RETENTION_JOB } from './usage-retention';

/**
 * Paid plans without a payment provider (contract/developer-tiers.ts): a self-registered developer's
 * paid key works as a Free key until the church approves the plan on the Admin Panel's API plans tab.
 * And usage is kept as long as the plan says.
 */
let t: TestApp;
let dev: { token: string; id: string };
let admin: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  const d = await createUser(t, {
    role: 'developer',
    permissions: ['api:access'],
    name: 'Sipho Builder',
    developerProfile: { company: 'Kerk Apps', projectDescription: 'A rota app for our youth group' },
  });
  dev = { token: d.token, id: d.user.id };
  const a = await createUser(t, { role: 'admin', name: 'Office Admin' });
  admin = { token: a.token, id: a.user.id };
});
afterAll(() => t.close());

async function createKey(pricingTier: PricingTier, token = dev.token) {
  const res = await t.request({
    method: 'POST',
    url: '/api/developers/api-keys',
    token,
    payload: { name: `${pricingTier} plan`, pricingTier },
  });
  expect(res.statusCode).toBe(201);
  return json(res).data.apiKey as { id: string; key: string; planStatus: string; permissions: string[] };
}
const keyed = (url: string, key: string) => t.request({ method: 'GET', url, headers: { 'x-api-key': key } });
const approve = (id: string, token = admin.token) => t.request({ method: 'POST', url: `/api/admin/api-plans/${id}/approve`, token });
const pending = async () => json(await t.request({ method: 'GET', url: '/api/admin/api-plans', token: admin.token })).data.requests;
/** Moves a key's creation back that many days. */
const age = (id: string, days: number) =>
  t.database.db
    .update(apiKeys)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(apiKeys.id, id));

describe('a paid key before the church approves it (issue 29, finding 7)', () => {
  it('works as a Free key from its first request: Free limits and permissions, with a message that says why', async () => {
    const k = await createKey('enterprise');
    expect(k.planStatus).toBe('pending');
    expect(k.permissions).toEqual([...TIERS.free.permissions]);
    const members = await keyed('/api/members', k.key);
    expect(members.statusCode).toBe(200);
    expect(members.headers['x-ratelimit-limit']).toBe(String(TIERS.free.requestsPerHour));
    const chat = await keyed('/api/chat/rooms', k.key);
    expect(chat.statusCode).toBe(403);
    expect(json(chat).message).toBe(
      "This API key's Enterprise plan waits for the church's approval; until then the key has the Free plan, which does not include read:chat. Ask the church office to approve it (Admin Panel, API plans).",
    );
    const write = await t.request({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-api-key': k.key },
      payload: { title: 'Unapproved write', date: '2031-03-14', time: '10:00', type: 'social', location: 'Hall' },
    });
    expect(write.statusCode).toBe(403);
    expect(json(write).message).toMatch(/Enterprise plan waits for the church's approval/);
    const list = json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: dev.token })).data.apiKeys;
    expect(list.find((x: { id: string }) => x.id === k.id)).toMatchObject({
      planStatus: 'pending',
      permissions: [...TIERS.free.permissions],
      rateLimit: { requestsPerHour: TIERS.free.requestsPerHour, requestsPerMonth: TIERS.free.requestsPerMonth },
    });
  });

  it("stops at Free's hourly limit: the 101st request of an unapproved Enterprise key is a 429", async () => {
    const k = await createKey('enterprise');
    let last = 0;
    for (let i = 0; i < TIERS.free.requestsPerHour; i++) {
      last = (await keyed('/api/sermons', k.key)).statusCode;
      expect(last).toBe(200);
    }
    const over = await keyed('/api/sermons', k.key);
    expect(over.statusCode).toBe(429);
    expect(json(over).message).toMatch(/the Free plan allows 100 requests per hour/);
  });

  it('a key made by someone who may approve plans is approved at once; Free keys need no approval', async () => {
    const churchDev = await createUser(t, { role: 'admin', permissions: ['api:access'] });
    const own = await createKey('enterprise', churchDev.token);
    expect(own.planStatus).toBe('approved');
    expect(own.permissions).toEqual([...TIERS.enterprise.permissions]);
    expect((await createKey('free')).planStatus).toBe('free');
  });
});

describe('Admin Panel, API plans', () => {
  it('lists what awaits approval, with who asked and what for; approving opens the plan at once, audited and told', async () => {
    const k = await createKey('enterprise');
    const free = await createKey('free');
    // Used before the approval, so the gate holds the key (as Free) in its cache with slots in hand (later
    // requests reserve blocks of 2-4): without word of the approval, the next request would not ask the database.
    for (let i = 0; i < 8; i++) expect((await keyed('/api/chat/rooms', k.key)).statusCode).toBe(403);
    const list = await pending();
    const row = list.find((r: { id: string }) => r.id === k.id);
    expect(row).toMatchObject({
      pricingTier: 'enterprise',
      planStatus: 'pending',
      developer: { id: dev.id, name: 'Sipho Builder', company: 'Kerk Apps', projectDescription: 'A rota app for our youth group' },
    });
    expect(list.some((r: { id: string }) => r.id === free.id)).toBe(false);

    expect((await approve(k.id)).statusCode).toBe(200);
    const after = await keyed('/api/chat/rooms', k.key);
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-ratelimit-limit']).toBe(String(TIERS.enterprise.requestsPerHour));
    expect((await pending()).some((r: { id: string }) => r.id === k.id)).toBe(false);
    const [row2] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(row2).toMatchObject({ approvedBy: admin.id });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, k.id), eq(auditLog.action, 'api_key.plan_approved')));
    expect(entry).toMatchObject({ actorId: admin.id, summary: 'Enterprise plan approved for API key "enterprise plan"' });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, dev.id));
    expect(told.map((n) => n.title)).toContain('Your Enterprise plan was approved');
    const mine = json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: dev.token })).data.apiKeys;
    expect(mine.find((x: { id: string }) => x.id === k.id)).toMatchObject({ planStatus: 'approved', permissions: [...TIERS.enterprise.permissions] });
  });

  it('approving twice, a Free key, a revoked key or an unknown id is a 404 with a reason', async () => {
    const k = await createKey('basic');
    expect((await approve(k.id)).statusCode).toBe(200);
    const again = await approve(k.id);
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toMatch(/approved or revoked already/);
    expect((await approve((await createKey('free')).id)).statusCode).toBe(404);
    const revoked = await createKey('basic');
    await t.request({ method: 'DELETE', url: `/api/developers/api-keys/${revoked.id}`, token: dev.token });
    expect((await approve(revoked.id)).statusCode).toBe(404);
    expect((await approve('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await approve('not-a-uuid')).statusCode).toBe(400);
  });

  it('a pastor or the developer cannot list or approve', async () => {
    const k = await createKey('basic');
    const pastor = await createUser(t, { role: 'pastor' });
    for (const token of [pastor.token, dev.token]) {
      expect((await t.request({ method: 'GET', url: '/api/admin/api-plans', token })).statusCode).toBe(403);
      expect((await approve(k.id, token)).statusCode).toBe(403);
    }
  });
});

describe('usage retention (the plan says how many days of analytics)', () => {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  async function usage(keyId: string, daysAgo: number[]) {
    await t.database.db
      .insert(apiUsageDaily)
      .values(daysAgo.map((ago) => ({ keyId, day: day(ago), method: 'GET', endpoint: '/api/events', requests: 1 })));
  }
  const kept = async (keyId: string) =>
    (
      await t.database.db
        .select({ day: apiUsageDaily.day })
        .from(apiUsageDaily)
        .where(and(eq(apiUsageDaily.keyId, keyId), ne(apiUsageDaily.endpoint, ROLLED_UP)))
    )
      .map((r) => r.day)
      .sort();
  const totals = async () =>
    new Map(
      json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: dev.token })).data.apiKeys.map(
        (k: { id: string; usage: { totalRequests: number; monthlyRequests: number } }) => [k.id, k.usage],
      ),
    );

  it('deletes each key its plan no longer keeps: Free 7 days, approved Basic 30, unapproved Basic 7 (as Free)', async () => {
    const free = await createKey('free');
    const basic = await createKey('basic');
    const pendingBasic = await createKey('basic');
    const approvedBasic = await createKey('basic');
    expect((await approve(basic.id)).statusCode).toBe(200);
    expect((await approve(approvedBasic.id)).statusCode).toBe(200);
    await age(pendingBasic.id, 40);
    await age(approvedBasic.id, 40);
    for (const k of [free, basic, pendingBasic, approvedBasic]) await usage(k.id, [0, 6, 7, 29, 30]);
    const before = await totals();
    expect(await deleteExpiredUsage(t.database.db)).toBeGreaterThanOrEqual(3 + 1 + 3 + 1);
    // The detail goes; each key's total and this month's count stay (folded into one row per month).
    expect(await totals()).toEqual(before);
    expect(before.get(free.id)).toMatchObject({ totalRequests: 5 });
    const analytics = json(await t.request({ method: 'GET', url: '/api/developers/analytics?range=90d', token: dev.token })).data;
    expect(analytics.perEndpoint.map((e: { endpoint: string }) => e.endpoint)).not.toContain(ROLLED_UP);
    expect(await kept(free.id)).toEqual([day(6), day(0)]);
    expect(await kept(basic.id)).toEqual([day(29), day(7), day(6), day(0)]);
    expect(await kept(pendingBasic.id)).toEqual([day(6), day(0)]);
    expect(await kept(approvedBasic.id)).toEqual([day(29), day(7), day(6), day(0)]);
    // Running it again folds nothing twice.
    await deleteExpiredUsage(t.database.db);
    expect(await totals()).toEqual(before);
  });

  it('runs on the job queue and queues its next hour', async () => {
    await t.ctx.jobs.send(USAGE_RETENTION_JOB, { hour: new Date().toISOString().slice(0, 13) });
    await t.ctx.jobs.drain({ names: [USAGE_RETENTION_JOB] });
    const res = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${USAGE_RETENTION_JOB} and state = 'created'`,
    );
    expect((res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });
});
