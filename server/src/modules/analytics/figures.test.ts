import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, eventAttendance, events, pageViews, prayers, visitors } from '../../db/schema/index';
import { growth, overview, website } from './figures';
import { classifySource, normalisePath } from './page-views';

/**
 * A small church whose figures are worked out by hand below. "Now" is
 * 15 June 2026, 12:00 in Johannesburg (UTC+2); this month is June, the one
 * before is May.
 */
const NOW = new Date('2026-06-15T10:00:00Z');
const TZ = 'Africa/Johannesburg';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const person = async (joinDate: string, role: 'member' | 'developer' = 'member') => (await createUser(t, { joinDate, role })).user.id;
  // Members: 3 joined in June, 1 in May, 2 last year; a developer account (June) is not a member.
  const [a, b, c] = [await person('2026-06-01'), await person('2026-06-14'), await person('2026-06-30')];
  const d = await person('2026-05-20');
  await person('2025-03-01');
  await person('2025-12-31');
  await person('2026-06-02', 'developer');
  // Giving (completed only): June 100.00 + 50.50 (30 June 23:30 local) + 20.00 (1 June 00:30 local, still 31 May in UTC) = 170.50; May 30.00.
  await db.insert(donations).values([
    { userId: a, amountCents: 10000, givenAt: new Date('2026-06-03T08:00:00Z') },
    { userId: b, amountCents: 5050, givenAt: new Date('2026-06-30T21:30:00Z') },
    { userId: a, amountCents: 2000, givenAt: new Date('2026-05-31T22:30:00Z') },
    { userId: c, amountCents: 99900, status: 'pending', givenAt: new Date('2026-06-05T08:00:00Z') },
    { userId: d, amountCents: 3000, givenAt: new Date('2026-05-10T08:00:00Z') },
  ]);
  // Visitors: two in June, none in May.
  await db.insert(visitors).values([
    { firstName: 'V', lastName: 'One', email: 'v1@example.org', createdAt: new Date('2026-06-07T08:00:00Z') },
    { firstName: 'V', lastName: 'Two', email: 'v2@example.org', createdAt: new Date('2026-06-08T08:00:00Z') },
  ]);
  // Prayers in June: pending, answered, approved (by c); one in May (by d).
  await db.insert(prayers).values([
    { userId: c, title: 'p1', description: 'x', status: 'pending', createdAt: new Date('2026-06-02T08:00:00Z') },
    { userId: c, title: 'p2', description: 'x', status: 'answered', createdAt: new Date('2026-06-03T08:00:00Z') },
    { userId: c, title: 'p3', description: 'x', status: 'approved', createdAt: new Date('2026-06-04T08:00:00Z') },
    { userId: d, title: 'p4', description: 'x', status: 'answered', createdAt: new Date('2026-05-04T08:00:00Z') },
  ]);
  // Events: 10 June (held, 2 check-ins), 20 June (after "now": not held yet, 1 check-in not counted).
  const [held, later] = await db
    .insert(events)
    .values([
      { title: 'Held', startsAt: new Date('2026-06-10T08:00:00Z') },
      { title: 'Later', startsAt: new Date('2026-06-20T08:00:00Z') },
    ])
    .returning();
  await db.insert(eventAttendance).values([
    { eventId: held!.id, userId: a, checkedInAt: new Date('2026-06-10T08:05:00Z') },
    { eventId: held!.id, userId: b, checkedInAt: new Date('2026-06-10T08:06:00Z') },
    { eventId: later!.id, userId: c, checkedInAt: new Date('2026-06-10T09:00:00Z') },
  ]);
  // Page views in June: visitor X (3 pages, landed from Google), Y (1 page, direct: a bounce), Z on another day (1 page, from facebook: a bounce).
  await db.insert(pageViews).values([
    { path: '/', source: 'search', visitor: 'X', day: '2026-06-12', createdAt: new Date('2026-06-12T08:00:00Z') },
    { path: '/sermons', source: 'internal', visitor: 'X', day: '2026-06-12', createdAt: new Date('2026-06-12T08:01:00Z') },
    { path: '/events', source: 'internal', visitor: 'X', day: '2026-06-12', createdAt: new Date('2026-06-12T08:02:00Z') },
    { path: '/', source: 'direct', visitor: 'Y', day: '2026-06-12', createdAt: new Date('2026-06-12T09:00:00Z') },
    { path: '/sermons', source: 'social', visitor: 'Z', day: '2026-06-13', createdAt: new Date('2026-06-13T09:00:00Z') },
    { path: '/', source: 'direct', visitor: 'Q', day: '2026-05-13', createdAt: new Date('2026-05-13T09:00:00Z') },
  ]);
});
afterAll(() => t?.close());

describe('growth (monthly)', () => {
  it('matches the hand-worked figures', async () => {
    const g = await growth(t.database.db, 'monthly', TZ, NOW);
    expect(g.currentPeriod).toMatchObject({ members: 3, visitors: 2, giving: 170.5, prayers: 3, engaged: 3 });
    expect(g.previousPeriod).toMatchObject({ members: 1, visitors: 0, giving: 30, prayers: 1, engaged: 1 });
    expect(g.memberGrowth).toBe(200);
    expect(g.visitorGrowth).toBe(100);
    expect(g.givingGrowth).toBe(468.3);
    expect(g.engagementGrowth).toBe(200);
    expect(g.months).toHaveLength(12);
    expect(g.months[0]!.month).toBe('2025-07');
    expect(g.months[11]).toEqual({ month: '2026-06', newMembers: 3, totalMembers: 6, visitors: 2, giving: 170.5, attendance: 3 });
    expect(g.months[10]).toMatchObject({ month: '2026-05', newMembers: 1, totalMembers: 3, giving: 30 });
    expect(g.months.find((m) => m.month === '2025-12')).toMatchObject({ newMembers: 1, totalMembers: 2 });
  });

  it('yearly compares 2026 with 2025', async () => {
    const g = await growth(t.database.db, 'yearly', TZ, NOW);
    expect(g.currentPeriod).toMatchObject({ members: 4, giving: 200.5, visitors: 2 });
    expect(g.previousPeriod).toMatchObject({ members: 2, giving: 0 });
    expect(g.memberGrowth).toBe(100);
    expect(g.givingGrowth).toBe(100);
  });
});

describe('overview (monthly)', () => {
  it('matches the hand-worked figures', async () => {
    expect(await overview(t.database.db, 'monthly', TZ, NOW)).toEqual({
      period: 'monthly',
      totalMembers: 6,
      newMembers: 3,
      totalGiving: 170.5,
      donors: 2,
      totalPrayers: 3,
      pendingPrayers: 1,
      answeredPrayers: 1,
      prayerResponseRate: 33.3,
      eventsHeld: 1,
      checkIns: 2,
      averageAttendance: 2,
    });
  });
});

describe('overview (yearly)', () => {
  it('keeps a gift without an account in the sum but not among the donors', async () => {
    // 2026 so far: the four completed gifts above (200.50, by a, b, a and d) and a guest's 7.00.
    const [guest] = await t.database.db
      .insert(donations)
      .values({ userId: null, donorName: 'Guest', amountCents: 700, givenAt: new Date('2026-02-01T08:00:00Z') })
      .returning();
    try {
      expect(await overview(t.database.db, 'yearly', TZ, NOW)).toEqual({
        period: 'yearly',
        totalMembers: 6,
        newMembers: 4,
        totalGiving: 207.5,
        donors: 3,
        totalPrayers: 4,
        pendingPrayers: 1,
        answeredPrayers: 2,
        prayerResponseRate: 50,
        eventsHeld: 1,
        checkIns: 2,
        averageAttendance: 2,
      });
    } finally {
      await t.database.db.delete(donations).where(sql`id = ${guest!.id}`);
    }
  });
});

describe('website (monthly)', () => {
  it('counts visits per day and visitor, bounces, pages and sources', async () => {
    const w = await website(t.database.db, 'monthly', TZ, NOW);
    expect(w).toMatchObject({ totalVisitors: 3, pageViews: 5, bounceRate: 66.7 });
    expect(w.popularPages).toEqual([
      { page: '/', views: 2 },
      { page: '/sermons', views: 2 },
      { page: '/events', views: 1 },
    ]);
    expect(w.trafficSources).toEqual({ search: 1, direct: 1, social: 1 });
    expect(w.monthlyTrend.at(-1)).toEqual({ month: '2026-06', views: 5, visitors: 3 });
    expect(w.monthlyTrend.at(-2)).toEqual({ month: '2026-05', views: 1, visitors: 1 });
  });
});

describe('page-view counting', () => {
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const view = (payload: object, ua = browser, ip = '198.51.100.23') =>
    t.app.inject({ method: 'POST', url: '/api/analytics/pageview', payload, remoteAddress: ip, headers: { 'user-agent': ua } });

  it('stores the page, the source and a daily hash: no IP, no user agent, no query, no ids', async () => {
    expect(
      (
        await view({
          path: '/members/0b5e8f5c-1f2a-4c1e-9e55-0a0f4f6b8a11?tab=giving&email=a@b.co',
          referrer: 'https://www.google.com/search?q=church',
          landing: true,
        })
      ).statusCode,
    ).toBe(204);
    expect((await view({ path: '/sermons', referrer: '', landing: false })).statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(pageViews)
      .where(sql`${pageViews.createdAt} > now() - interval '1 minute'`);
    expect(rows.length).toBe(2);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('198.51.100.23');
    expect(dump).not.toContain('Chrome');
    expect(dump).not.toContain('email');
    expect(rows.map((r) => r.path).sort()).toEqual(['/members/:id', '/sermons']);
    expect(rows.find((r) => r.path === '/members/:id')!.source).toBe('search');
    expect(rows.find((r) => r.path === '/sermons')!.source).toBe('internal');
    // One visitor: the same hash for both views of the day.
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(1);
    // Every stored column of every row, checked for the address in any form.
    const raw = await t.database.db.execute(sql`select * from page_views`);
    expect(JSON.stringify(raw)).not.toContain('198.51.100');
  });

  it('does not count bots or automated browsers', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(pageViews);
    await view({ path: '/', landing: true }, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await view({ path: '/', landing: true }, 'Mozilla/5.0 HeadlessChrome/120.0');
    await view({ path: '/', landing: true }, '');
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(pageViews);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('classifies sources and cleans paths', () => {
    expect(classifySource('', 'church.example', true)).toBe('direct');
    expect(classifySource('https://church.example/about', 'church.example', true)).toBe('direct');
    expect(classifySource('https://l.facebook.com/x', undefined, true)).toBe('social');
    expect(classifySource('https://www.bing.com/search?q=x', undefined, true)).toBe('search');
    expect(classifySource('https://news.example.org/a?b', undefined, true)).toBe('news.example.org');
    expect(classifySource('https://news.example.org/a', undefined, false)).toBe('internal');
    expect(normalisePath('/unsubscribe/abc.def')).toBe('/unsubscribe/:token');
    expect(normalisePath('/api/members')).toBeNull();
    expect(normalisePath('https://evil.example/')).toBeNull();
  });

  it('analytics routes need a pastor-page role', async () => {
    const member = await createUser(t);
    const pastor = await createUser(t, { role: 'pastor' });
    for (const url of ['/api/analytics/overview', '/api/analytics/growth?period=yearly', '/api/analytics/website']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url, token: member.token })).statusCode).toBe(403);
      const ok = await t.request({ method: 'GET', url, token: pastor.token });
      expect(ok.statusCode).toBe(200);
      expect(json(ok).status).toBe('success');
    }
    expect((await t.request({ method: 'GET', url: '/api/analytics/growth?period=weekly', token: pastor.token })).statusCode).toBe(400);
  });
});
