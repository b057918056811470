import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PERMISSIONS, PRICING_TIERS, TIERS, tierAllows, type PricingTier } from '@church/contract/developers';
import { apiKeys, rateLimits } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { generateApiKey, isWellFormedApiKey } from './key-format';
import { hourCounterKey, monthCounterKey } from './api-key-gate';

let t: TestApp;
let dev: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  const d = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  dev = { token: d.token, userId: d.user.id };
});
afterAll(() => t.close());

async function createKey(pricingTier: PricingTier = 'free', token = dev.token) {
  const res = await t.request({
    method: 'POST',
    url: '/api/developers/api-keys',
    token,
    payload: { name: `${pricingTier} key`, pricingTier },
  });
  expect(res.statusCode).toBe(201);
  return json(res).data.apiKey as { id: string; key: string; expiresAt: string | null; permissions: string[] };
}
const keyed = (url: string, key: string, method: 'GET' | 'POST' = 'GET') => t.request({ method, url, headers: { 'x-api-key': key } });

describe('plans', () => {
  it('serves the one tier table on both paths', async () => {
    const a = json(await t.request({ method: 'GET', url: '/api/pricing/plans' }));
    const b = json(await t.request({ method: 'GET', url: '/api/plans' }));
    expect(a).toEqual(b);
    expect(a.data.plans.map((p: { id: string }) => p.id)).toEqual(PRICING_TIERS);
    expect(a.data.plans[2]).toMatchObject({
      id: 'professional',
      priceMonthly: 49.99,
      priceYearly: 499.99,
      requestsPerHour: 1000,
      webhooks: 10,
      popular: true,
    });
    expect(a.data.payPerUse).toEqual({ perExtraRequest: 0.001, storagePerMbMonth: 0.1, prioritySupportMonthly: 49 });
  });
});

describe('creating, listing and revoking keys', () => {
  it('needs a signed-in developer', async () => {
    expect((await t.request({ method: 'GET', url: '/api/developers/api-keys' })).statusCode).toBe(401);
    const member = await createUser(t, { role: 'member' });
    expect((await t.request({ method: 'GET', url: '/api/developers/api-keys', token: member.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/api-keys', token: member.token, payload: { name: 'x' } })).statusCode).toBe(403);
  });

  it('refuses a key without a name', async () => {
    const res = await t.request({ method: 'POST', url: '/api/developers/api-keys', token: dev.token, payload: { name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Name is required');
  });

  it('shows the key once, stores only its hash, and a free key expires after 30 days', async () => {
    const created = await createKey('free');
    expect(created.key).toMatch(/^chk_live_[0-9A-Za-z]{38}$/);
    expect(isWellFormedApiKey(created.key)).toBe(true);
    expect(created.permissions).toEqual(['read:members', 'read:events', 'read:sermons']);
    const days = (new Date(created.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row!.keyLast4).toBe(created.key.slice(-4));
    const list = await t.request({ method: 'GET', url: '/api/developers/api-keys', token: dev.token });
    expect(list.body).not.toContain(created.key);
    expect(json(list).data.apiKeys.find((k: { id: string }) => k.id === created.id).keyPreview).toBe(`chk_live_…${created.key.slice(-4)}`);
    const paid = await createKey('professional');
    expect(paid.expiresAt).toBeNull();
  });

  it('POST /api/api-keys is the documented alias', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/api-keys',
      token: dev.token,
      payload: { name: 'alias', pricingTier: 'basic' },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.apiKey.pricingTier).toBe('basic');
  });

  it("revokes at once, and only the owner's key", async () => {
    const created = await createKey('free');
    expect((await keyed('/api/events', created.key)).statusCode).toBe(200);
    const other = await createUser(t, { role: 'developer', permissions: ['api:access'] });
    expect((await t.request({ method: 'DELETE', url: `/api/developers/api-keys/${created.id}`, token: other.token })).statusCode).toBe(404);
    const res = await t.request({ method: 'DELETE', url: `/api/developers/api-keys/${created.id}`, token: dev.token });
    expect(json(res).message).toBe('API key revoked successfully');
    const after = await keyed('/api/events', created.key);
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toMatch(/revoked/);
    const list = json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: dev.token }));
    expect(list.data.apiKeys.some((k: { id: string }) => k.id === created.id)).toBe(false);
  });
});

describe('keyed requests', () => {
  it('refuses unknown, malformed and expired keys with 401', async () => {
    expect(json(await keyed('/api/events', generateApiKey())).message).toMatch(/Invalid API key/);
    expect((await keyed('/api/events', 'chk_live_nope')).statusCode).toBe(401);
    const k = await createKey('free');
    const flipped = k.key.slice(0, 12) + (k.key[12] === 'a' ? 'b' : 'a') + k.key.slice(13);
    expect((await keyed('/api/events', flipped)).statusCode).toBe(401);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, k.id));
    const res = await keyed('/api/events', k.key);
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toMatch(/expired/);
  });

  it('accepts the key as a bearer token too', async () => {
    const k = await createKey('basic');
    const res = await t.request({ method: 'GET', url: '/api/chat/rooms', headers: { authorization: `Bearer ${k.key}` } });
    expect(res.statusCode).toBe(200);
  });

  // The tier × permission matrix over every keyed endpoint (all reads: the write routes of the public API are not keyed yet).
  const endpoints: [string, (typeof API_KEY_PERMISSIONS)[number]][] = [
    ['/api/members', 'read:members'],
    ['/api/events', 'read:events'],
    ['/api/sermons', 'read:sermons'],
    ['/api/chat/rooms', 'read:chat'],
  ];
  for (const tier of PRICING_TIERS) {
    it(`${tier}: each endpoint answers as the tier's permissions say, with rate-limit headers`, async () => {
      const k = await createKey(tier);
      for (const [url, permission] of endpoints) {
        const res = await keyed(url, k.key);
        expect(res.statusCode, `${tier} ${url}`).toBe(tierAllows(tier, permission) ? 200 : 403);
        expect(res.headers['x-ratelimit-limit']).toBe(String(TIERS[tier].requestsPerHour));
        expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(TIERS[tier].requestsPerHour);
        expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
        if (res.statusCode === 403) expect(json(res).message).toContain(permission);
      }
    });
  }

  it('shows an API key a minimal member view: no contact details, notes or giving', async () => {
    await createUser(t, { role: 'member', phone: '+27 82 555 0101', address: '1 Long St, Cape Town', notes: 'pastoral note' });
    const k = await createKey('free');
    const res = await keyed('/api/members?limit=100', k.key);
    expect(res.statusCode).toBe(200);
    const m = json(res).data.members[0];
    expect(Object.keys(m).sort()).toEqual(['_id', 'id', 'isVolunteer', 'joinDate', 'ministryInterests', 'name', 'role', 'status']);
    expect(res.body).not.toMatch(/555 0101|Long St|pastoral note|@example\.org/);
  });

  it('enforces the hourly limit: 429 with Retry-After once it is used up', async () => {
    const k = await createKey('free');
    let last = await keyed('/api/events', k.key);
    for (let i = 1; i < TIERS.free.requestsPerHour; i++) last = await keyed('/api/events', k.key);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const refused = await keyed('/api/events', k.key);
    expect(refused.statusCode).toBe(429);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('enforces the monthly limit, and the headers then speak of the month', async () => {
    const k = await createKey('basic');
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    await t.database.db.insert(rateLimits).values({ key: monthCounterKey(k.id), count: TIERS.basic.requestsPerMonth - 1, resetAt: month });
    const last = await keyed('/api/events', k.key);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-ratelimit-limit']).toBe(String(TIERS.basic.requestsPerMonth));
    expect(last.headers['x-ratelimit-reset']).toBe(String(month.getTime() / 1000));
    const refused = await keyed('/api/events', k.key);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600 - 1);
    expect(json(refused).message).toMatch(/10,000 requests per month/);
  });

  it('a new hour starts a new hourly window', async () => {
    const k = await createKey('free');
    await t.database.db.insert(rateLimits).values({ key: hourCounterKey(k.id), count: 500, resetAt: new Date(Date.now() - 1000) });
    const res = await keyed('/api/events', k.key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(TIERS.free.requestsPerHour - 1));
  });
});

describe('usage and analytics', () => {
  it('counts usage per key and shows it in the list and in analytics', async () => {
    const other = await createUser(t, { role: 'developer', permissions: ['api:access'] });
    const k = await createKey('free', other.token);
    for (let i = 0; i < 3; i++) await keyed('/api/events', k.key);
    await keyed('/api/chat/rooms', k.key); // 403 on free: counted as an error
    await expect
      .poll(
        async () =>
          json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: other.token })).data.apiKeys[0].usage.totalRequests,
        {
          timeout: 3000,
        },
      )
      .toBe(4);
    const key = json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: other.token })).data.apiKeys[0];
    expect(key.usage.monthlyRequests).toBe(4);
    expect(key.usage.lastUsed).not.toBeNull();
    const a = json(await t.request({ method: 'GET', url: '/api/developers/analytics?range=7d', token: other.token })).data;
    expect(a.totals).toMatchObject({ requests: 4, errors: 1, errorRate: 0.25 });
    expect(a.totals.p95LatencyMs).toBeGreaterThan(0);
    expect(a.perDay).toHaveLength(7);
    expect(a.perEndpoint[0]).toMatchObject({ method: 'GET', endpoint: '/api/events', requests: 3, errors: 0 });
    expect((await t.request({ method: 'GET', url: '/api/developers/analytics?range=2d', token: other.token })).statusCode).toBe(400);
  });

  it('API Key Login verifies the key on the server', async () => {
    const k = await createKey('basic');
    const ok = await t.request({ method: 'POST', url: '/api/developers/verify-key', payload: { apiKey: k.key } });
    expect(json(ok)).toMatchObject({ message: 'API key authentication successful!', data: { apiKey: { pricingTier: 'basic' } } });
    expect(ok.body).not.toContain(k.key);
    const bad = await t.request({ method: 'POST', url: '/api/developers/verify-key', payload: { apiKey: generateApiKey() } });
    expect(bad.statusCode).toBe(401);
    const empty = await t.request({ method: 'POST', url: '/api/developers/verify-key', payload: { apiKey: '' } });
    expect(json(empty).message).toBe('Please enter your API key');
    const counters = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, monthCounterKey(k.id)));
    expect(counters).toHaveLength(0);
  });
});
