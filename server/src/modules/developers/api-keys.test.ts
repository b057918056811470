import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_PERMISSIONS,
  PRICING_TIERS,
  TIERS,
  tierAllows,
  type ApiKeyPermission,
  type PricingTier,
} from '@church/contract/developers';
import { apiKeys, auditLog, rateLimits, sermons, users } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp, createApprovedKey } from '../../../test/test-app';
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

/** A key of this tier, its paid plan approved as the church would (unapproved, it works as Free: plan-approval.test.ts). */
async function createKey(pricingTier: PricingTier = 'free', token = dev.token) {
  return createApprovedKey(t, token, pricingTier);
}
async function agreeToDirectory(token: string, granted = true) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/members/preferences',
    token,
    payload: { preferences: [{ kind: 'directory_listing', granted }] },
  });
  expect(res.statusCode).toBe(200);
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

  // The tier × permission matrix over every keyed read endpoint (the writes are below).
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
    const listed = await createUser(t, {
      role: 'member',
      phone: '+27 82 555 0101',
      address: '1 Long St, Cape Town',
      notes: 'pastoral note',
    });
    await agreeToDirectory(listed.token);
    const k = await createKey('free');
    const res = await keyed('/api/members?limit=100', k.key);
    expect(res.statusCode).toBe(200);
    const m = json(res).data.members[0];
    expect(Object.keys(m).sort()).toEqual(['_id', 'id', 'isVolunteer', 'joinDate', 'ministryInterests', 'name', 'role', 'status']);
    expect(res.body).not.toMatch(/555 0101|Long St|pastoral note|@example\.org/);
  });

  it('lists only members who agreed to appear in the directory (POPIA consent), and follows a withdrawal', async () => {
    const yes = await createUser(t, { role: 'member', name: 'Listed Lindiwe' });
    const no = await createUser(t, { role: 'member', name: 'Unlisted Umar' });
    await agreeToDirectory(yes.token);
    const k = await createKey('free');
    const ids = async (url = '/api/members?limit=100') => json(await keyed(url, k.key)).data.members.map((m: { id: string }) => m.id);
    let seen = await ids();
    expect(seen).toContain(yes.user.id);
    expect(seen).not.toContain(no.user.id);
    // The search path (q) filters the same way.
    expect(await ids('/api/members?q=Umar')).toEqual([]);
    expect(await ids('/api/members?q=Lindiwe')).toEqual([yes.user.id]);
    expect(json(await keyed('/api/members?limit=100', k.key)).data.total).toBe(seen.length);
    await agreeToDirectory(yes.token, false);
    seen = await ids();
    expect(seen).not.toContain(yes.user.id);
    // A leader's own directory is not the public API: it still lists everyone.
    const admin = await createUser(t, { role: 'admin' });
    const leaderView = json(await t.request({ method: 'GET', url: '/api/members?limit=100&q=Umar', token: admin.token })).data.members;
    expect(leaderView.map((m: { id: string }) => m.id)).toEqual([no.user.id]);
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

describe("writing with a key: tier × permission × method, as the key's owner", () => {
  // A key writes as the account that made it, within both its tier and what that account may do in the church.
  let room: string;
  let sermonId: string;
  let eventId: string;
  let memberId: string;
  let superadmin: { token: string; userId: string };
  beforeAll(async () => {
    const s = await createUser(t, { role: 'superadmin', name: 'Owner Superadmin' });
    superadmin = { token: s.token, userId: s.user.id };
    const rooms = json(await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: s.token })).data.rooms;
    room = rooms.find((r: { name: string }) => r.name === 'General Chat').id;
    await t.request({ method: 'POST', url: `/api/chat/rooms/${room}/join`, token: s.token });
    const [sermon] = await t.database.db
      .insert(sermons)
      .values({ title: 'Keyed sermon', speaker: 'Pastor Thandi', preachedOn: new Date(), published: true })
      .returning();
    sermonId = sermon!.id;
    const ev = await t.request({ method: 'POST', url: '/api/events', token: s.token, payload: eventBody('Keyed event') });
    eventId = json(ev).data.event.id;
    const m = await t.request({ method: 'POST', url: '/api/members', token: s.token, payload: memberBody('keyed.seed') });
    memberId = json(m).data.member.id;
  });
  const eventBody = (title: string) => ({ title, date: '2031-03-14', time: '10:00', type: 'social', location: 'Church grounds' });
  const memberBody = (local: string) => ({
    name: `Api ${local}`,
    email: `${local}.${Math.random().toString(36).slice(2, 8)}@example.org`,
    joinDate: '2024-02-01',
  });
  const writes: Array<{ permission: ApiKeyPermission; method: 'POST' | 'PUT'; url: () => string; payload: (n: number) => object }> = [
    { permission: 'write:members', method: 'POST', url: () => '/api/members', payload: (n) => memberBody(`api.new${n}`) },
    { permission: 'write:members', method: 'PUT', url: () => `/api/members/${memberId}`, payload: (n) => memberBody(`api.edit${n}`) },
    { permission: 'write:events', method: 'POST', url: () => '/api/events', payload: (n) => eventBody(`API event ${n}`) },
    { permission: 'write:events', method: 'PUT', url: () => `/api/events/${eventId}`, payload: (n) => eventBody(`API edit ${n}`) },
    {
      permission: 'write:sermons',
      method: 'PUT',
      url: () => `/api/sermons/${sermonId}`,
      payload: (n) => ({ title: `Keyed sermon ${n}`, speaker: 'Pastor Thandi', date: '2030-01-05' }),
    },
    {
      permission: 'write:chat',
      method: 'POST',
      url: () => `/api/chat/rooms/${room}/messages`,
      payload: (n) => ({ message: `hello ${n}` }),
    },
  ];

  let n = 0;
  for (const tier of PRICING_TIERS) {
    it(`${tier}: a trusted owner's key writes exactly what the tier holds`, async () => {
      const k = await createKey(tier, superadmin.token);
      for (const w of writes) {
        n += 1;
        const res = await t.request({ method: w.method, url: w.url(), headers: { 'x-api-key': k.key }, payload: w.payload(n) });
        const may = tierAllows(tier, w.permission);
        expect(res.statusCode, `${tier} ${w.method} ${w.url()}: ${res.body}`).toBe(may ? (w.method === 'POST' ? 201 : 200) : 403);
        expect(res.headers['x-ratelimit-limit']).toBe(String(TIERS[tier].requestsPerHour));
        if (!may) expect(json(res).message).toContain(w.permission);
      }
    });

    it(`${tier}: a self-registered developer's key never writes, whatever the tier`, async () => {
      const made = await t.request({ method: 'POST', url: '/api/developers/api-keys', token: dev.token, payload: { name: 'w', pricingTier: tier } });
      const k = json(made).data.apiKey as { id: string; key: string };
      for (const w of writes) {
        n += 1;
        const res = await t.request({ method: w.method, url: w.url(), headers: { 'x-api-key': k.key }, payload: w.payload(n) });
        expect(res.statusCode, `${tier} ${w.method} ${w.url()}`).toBe(403);
        // Unapproved, a paid plan is a Free key (no writes): refused before the owner is even asked.
        if (tierAllows(tier, w.permission) && tier !== 'free') expect(json(res).message).toMatch(/waits for the church's approval/);
      }
      if (tier === 'free') return;
      // Approved by the church, the key writes as its owner — and a developer may not write church data.
      const admin = await createUser(t, { role: 'admin' });
      const ok = await t.request({ method: 'POST', url: `/api/admin/api-plans/${k.id}/approve`, token: admin.token });
      expect(ok.statusCode).toBe(200);
      for (const w of writes) {
        n += 1;
        const res = await t.request({ method: w.method, url: w.url(), headers: { 'x-api-key': k.key }, payload: w.payload(n) });
        // The chat room's own rule (join first) refuses the developer, who is signed in as themselves.
        expect(res.statusCode, `${tier} ${w.method} ${w.url()}`).toBe(403);
        if (tierAllows(tier, w.permission) && w.permission !== 'write:chat') expect(json(res).message).toMatch(/account that created it/);
      }
    });
  }

  it('a keyed write is recorded under the owner, marked as coming through the API', async () => {
    const k = await createKey('professional', superadmin.token);
    const res = await t.request({
      method: 'POST',
      url: '/api/members',
      headers: { 'x-api-key': k.key },
      payload: memberBody('api.audited'),
    });
    expect(res.statusCode).toBe(201);
    const id = json(res).data.member.id;
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ actorId: superadmin.userId, actorName: 'Owner Superadmin (API key)' });
  });

  it('a key whose owner was deactivated or lost the role can no longer write', async () => {
    const owner = await createUser(t, { role: 'superadmin' });
    const k = await createKey('enterprise', owner.token);
    const post = () =>
      t.request({ method: 'POST', url: '/api/events', headers: { 'x-api-key': k.key }, payload: eventBody('Owner check') });
    expect((await post()).statusCode).toBe(201);
    await t.database.db.update(users).set({ role: 'member' }).where(eq(users.id, owner.user.id));
    expect((await post()).statusCode).toBe(403);
    // A disabled owner's key works for nothing at all (issue 29, finding 7), not only for writing.
    await t.database.db.update(users).set({ role: 'superadmin', isActive: false }).where(eq(users.id, owner.user.id));
    // Written straight into the database: on PostgreSQL the change reaches the owner cache by the database's
    // announcement (asynchronous), so wait for it rather than assume the next request sees it.
    let refused = await post();
    await expect.poll(async () => (refused = await post()).statusCode).toBe(401);
    expect(json(refused).message).toMatch(/disabled the developer account/);
  });

  it('a bad body through a key is a 400, never a 500', async () => {
    const k = await createKey('professional', superadmin.token);
    const res = await t.request({ method: 'POST', url: '/api/events', headers: { 'x-api-key': k.key }, payload: { title: '' } });
    expect(res.statusCode).toBe(400);
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
