import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../test/test-app';
import { eventRegistrations, events } from '../db/schema/index';
import { chatRuntime } from '../realtime/runtime';
import { generateApiKey } from '../modules/developers/key-format';

let t: TestApp;
let pastor: string;
const DAY = 24 * 3_600_000;
const titles = async (token?: string) =>
  json(await t.request({ method: 'GET', url: '/api/events', token })).data.events.map((e: { title: string }) => e.title);
// A row written straight into the database announces nothing: only the kept answer can hide it.
const insertQuietly = (title: string) => t.database.db.insert(events).values({ title, startsAt: new Date(Date.now() + 3 * DAY) });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_SECONDS: '2' });
  pastor = (await createUser(t, { role: 'pastor' })).token;
  await t.database.db.insert(events).values({ title: 'Braai', startsAt: new Date(Date.now() + DAY) });
});
afterAll(() => t.close());

describe('anonymous public reads answered from memory', () => {
  it('keeps the answer per URL with an ETag; the same ETag revalidates to 304 without a body', async () => {
    const first = await t.request({ method: 'GET', url: '/api/events' });
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    await insertQuietly('Quiet insert');
    const second = await t.request({ method: 'GET', url: '/api/events' });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Security headers and the request id still come with a kept answer.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    const again = await t.request({ method: 'GET', url: '/api/events', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never answers a signed-in caller from it (their answer says whether they registered)', async () => {
    const member = await createUser(t);
    expect(await titles(member.token)).toContain('Quiet insert');
    const res = json(await t.request({ method: 'GET', url: '/api/events', token: member.token }));
    expect(res.data.events[0]).toHaveProperty('registered', false);
  });

  it('shares the page among signed-in callers, each with their own registrations, and a registration drops it', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    type Listed = { id: string; title: string; registered: boolean; attendeesCount: number };
    const list = async (token: string) =>
      json(await t.request({ method: 'GET', url: '/api/events', token })).data.events.find((e: Listed) => e.title === 'Braai') as Listed;
    const before = await list(a.token);
    expect(before.registered).toBe(false);
    const registered = await t.request({ method: 'POST', url: `/api/events/${before.id}/register`, token: a.token });
    expect(registered.statusCode).toBeLessThan(300);
    expect(await list(a.token)).toMatchObject({ registered: true, attendeesCount: before.attendeesCount + 1 });
    expect(await list(b.token)).toMatchObject({ registered: false, attendeesCount: before.attendeesCount + 1 });
    // Shared: a row written straight into the database does not show until the page is dropped.
    await insertQuietly('Not yet for members');
    expect((await titles(b.token)).includes('Not yet for members')).toBe(false);
    await t.request({ method: 'DELETE', url: `/api/events/${before.id}/register`, token: a.token });
    expect(await list(a.token)).toMatchObject({ registered: false, attendeesCount: before.attendeesCount });
    expect(await titles(b.token)).toContain('Not yet for members');
  });

  it("keeps a person's own registrations with the page: one written straight into the database shows once the page is dropped", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    type Listed = { id: string; title: string; registered: boolean };
    const braai = async (token: string) =>
      json(await t.request({ method: 'GET', url: '/api/events', token })).data.events.find((e: Listed) => e.title === 'Braai') as Listed;
    const before = await braai(a.token);
    expect(before.registered).toBe(false);
    await t.database.db.insert(eventRegistrations).values({ eventId: before.id, userId: a.user.id });
    // Kept: the quiet row is not read again for this person ...
    expect(await braai(a.token)).toMatchObject({ registered: false });
    // ... until any write under /api/events (here someone else's registration) drops the page and every person's view of it.
    expect((await t.request({ method: 'POST', url: `/api/events/${before.id}/register`, token: b.token })).statusCode).toBeLessThan(300);
    expect(await braai(a.token)).toMatchObject({ registered: true });
    expect(await braai(b.token)).toMatchObject({ registered: true });
    await t.request({ method: 'DELETE', url: `/api/events/${before.id}/register`, token: a.token });
    await t.request({ method: 'DELETE', url: `/api/events/${before.id}/register`, token: b.token });
    expect(await braai(a.token)).toMatchObject({ registered: false });
  });

  it('drops the kept answers of a topic when a write under it succeeds', async () => {
    await titles();
    const created = await t.request({
      method: 'POST',
      url: '/api/events',
      token: pastor,
      payload: { title: 'Youth Braai', date: '2031-03-14', time: '10:00', type: 'social' },
    });
    expect(created.statusCode).toBe(201);
    expect(await titles()).toEqual(expect.arrayContaining(['Braai', 'Quiet insert', 'Youth Braai']));
  });

  it('keeps answers a failed write or another topic’s write cannot have changed', async () => {
    await titles();
    await insertQuietly('Hidden until expiry');
    const refused = await t.request({ method: 'POST', url: '/api/events', token: pastor, payload: { title: '' } });
    expect(refused.statusCode).toBe(400);
    const member = await createUser(t);
    const prayer = await t.request({
      method: 'POST',
      url: '/api/prayers',
      token: member.token,
      payload: { title: 'Rain', description: 'For the farms' },
    });
    expect(prayer.statusCode).toBe(201);
    expect(await titles()).not.toContain('Hidden until expiry');
  });

  it('drops them when another instance announces a change on the bus', async () => {
    await insertQuietly('From elsewhere');
    expect(await titles()).not.toContain('From elsewhere');
    await chatRuntime(t.ctx).bus.publish({ t: 'public-changed', topics: ['events'] });
    expect(await titles()).toContain('From elsewhere');
  });

  it('keeps an answer PUBLIC_CACHE_SECONDS at most', async () => {
    await titles();
    await insertQuietly('After expiry');
    expect(await titles()).not.toContain('After expiry');
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await titles()).toContain('After expiry');
  });

  it('keeps settings and sermons too, each with its own cache-control', async () => {
    const settings = await t.request({ method: 'GET', url: '/api/settings/public' });
    expect(settings.headers['cache-control']).toBe('public, no-cache');
    const kept = await t.request({ method: 'GET', url: '/api/settings/public' });
    expect(kept.headers['cache-control']).toBe('public, no-cache');
    expect(kept.headers.etag).toBe(settings.headers.etag);
    const sermons = await t.request({ method: 'GET', url: '/api/sermons/public' });
    expect(sermons.headers.etag).toBeDefined();
  });
});

describe('public reads with a developer key', () => {
  it('are kept apart from anonymous ones, yet each is checked, counted and given its own rate-limit headers', async () => {
    const dev = await createUser(t, { role: 'developer', permissions: ['api:access'] });
    const created = await t.request({
      method: 'POST',
      url: '/api/developers/api-keys',
      token: dev.token,
      payload: { name: 'Cache reader', pricingTier: 'free' },
    });
    const key = json(created).data.apiKey.key as string;
    const keyed = (k = key) => t.request({ method: 'GET', url: '/api/events', headers: { 'x-api-key': k } });
    await t.database.db.insert(events).values({ title: 'Last week', startsAt: new Date(Date.now() - 7 * DAY) });

    const first = await keyed();
    expect(first.statusCode).toBe(200);
    // A key sees past events; an anonymous visitor never does, kept answer or not.
    expect(json(first).data.events.map((e: { title: string }) => e.title)).toContain('Last week');
    expect(await titles()).not.toContain('Last week');

    await insertQuietly('Keyed quiet insert');
    const second = await keyed();
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    // A key is still checked before a kept answer goes out: a well-formed but unknown one is refused.
    expect((await keyed(generateApiKey())).statusCode).toBe(401);

    // A write under /api/events drops the keyed answers too.
    const write = await t.request({
      method: 'POST',
      url: '/api/events',
      token: pastor,
      payload: { title: 'Keyed reader event', date: '2031-03-14', time: '10:00', type: 'social' },
    });
    expect(write.statusCode).toBe(201);
    expect(json(await keyed()).data.events.map((e: { title: string }) => e.title)).toContain('Keyed quiet insert');

    // Every keyed answer, kept or not, is in the key's usage.
    await expect
      .poll(
        async () =>
          json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: dev.token })).data.apiKeys[0].usage.totalRequests,
      )
      .toBe(3);
  });
});
