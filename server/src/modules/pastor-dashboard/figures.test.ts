import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, events, prayers, users } from '../../db/schema/index';

/**
 * Every figure of GET /api/dashboard/pastor over HTTP, against values worked
 * out by hand from the rows below (its own database, so nothing else counts).
 */
let t: TestApp;
let token: string;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(Date.now() + offset * DAY);

beforeAll(async () => {
  t = await createTestApp();
  // The caller joins today: a new member, not a volunteer.
  const pastor = await createUser(t, { role: 'pastor', name: 'Pastor Dawid Botha', joinDate: day(0), createdAt: at(-1) });
  token = pastor.token;
  const db = t.database.db;
  const person = (name: string, o: Partial<typeof users.$inferInsert>) => ({ name, email: `${name.toLowerCase()}@example.org`, ...o });
  await db.insert(users).values([
    person('Anele', { joinDate: day(-3), createdAt: at(-0.9) }), // new
    person('Bongani', { joinDate: day(-10), role: 'volunteer', createdAt: at(-0.8) }), // new, volunteer
    person('Chipo', { joinDate: day(-40), isVolunteer: true, baptismDate: day(-100), createdAt: at(-0.7) }), // last month, volunteer, baptised
    person('Dumisani', { joinDate: day(-45), role: 'elder', baptismDate: day(-500), createdAt: at(-0.6) }), // last month, volunteer
    person('Eunice', { joinDate: day(-400), role: 'deacon', baptismDate: day(-30), createdAt: at(-0.5) }), // volunteer, baptised
    person('Fikile', { joinDate: day(5), createdAt: at(-0.4) }), // joins next week: counted, not new
    // Not the congregation: a developer account and a deleted (POPIA-erased) one, both the newest rows.
    person('Dev', { role: 'developer', isVolunteer: true, baptismDate: day(-5), joinDate: day(0), createdAt: at(-0.2) }),
    {
      name: 'Former member',
      email: 'erased-1@erased.invalid',
      status: 'inactive',
      isActive: false,
      joinDate: day(-2),
      erasedAt: new Date(),
      createdAt: at(-0.1),
    },
  ]);

  await db.insert(donations).values([
    { amountCents: 15050, fund: 'Missions', status: 'completed' },
    { amountCents: 10000, fund: 'General', status: 'completed' },
    { amountCents: 99900, fund: 'General', status: 'pending' },
    { amountCents: 20000, fund: 'General', status: 'completed', donorName: 'Old Guest', givenAt: at(-100) },
  ]);

  const sixty = 'x'.repeat(60);
  await db.insert(prayers).values([
    { title: 'Exactly sixty', description: sixty, status: 'pending', createdAt: at(-0.3) },
    { title: 'Sixty-one', description: `${sixty}y`, status: 'pending', createdAt: at(-0.2) },
    { title: 'Short', description: 'Please pray', status: 'pending', createdAt: at(-0.1) },
    { title: 'Approved', description: 'a', status: 'approved' },
    { title: 'Answered', description: 'b', status: 'answered' },
  ]);

  // Six past events with attendance (the last five average 40), one without, two to come.
  await db
    .insert(events)
    .values([
      ...[60, 50, 40, 30, 20, 10].map((n, i) => ({ title: `Past ${n}`, startsAt: at(-(i + 1)), type: 'service', attendance: n })),
      { title: 'Past, not counted', startsAt: at(-0.5), type: 'meeting' },
      { title: 'Sunday Service', startsAt: at(2), type: 'service' },
      { title: 'Youth Camp', startsAt: at(20), type: 'social' },
    ]);
});
afterAll(() => t.close());

describe('GET /api/dashboard/pastor figures', () => {
  it('every stat equals the hand-computed value', async () => {
    const res = await t.request({ url: '/api/dashboard/pastor', token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.stats).toEqual({
      totalMembers: 7, // pastor, Anele, Bongani, Chipo, Dumisani, Eunice, Fikile
      newMembers: 3, // pastor, Anele, Bongani (joined within the last month, not in the future)
      monthlyGrowth: 50, // 3 this month against 2 (Chipo, Dumisani) the month before: +50 %
      totalGiving: 450.5, // 150.50 + 100.00 + 200.00 completed; the pending 999.00 is not giving
      monthlyGiving: 250.5, // the 200.00 was given 100 days ago
      prayerRequests: 5,
      pendingPrayers: 3,
      upcomingEvents: 2,
      attendance: 40, // (60 + 50 + 40 + 30 + 20) / 5
      baptism: 2, // Chipo (100 days ago) and Eunice (30 days); Dumisani's was 500 days ago
      volunteers: 4, // Bongani (volunteer), Chipo (flag), Dumisani (elder), Eunice (deacon)
    });
  });

  it('lists: recent members by the day they joined (not yet: Fikile, next week), leaving out the deleted and developer accounts; previews say when they are cut', async () => {
    const d = json(await t.request({ url: '/api/dashboard/pastor', token })).data;
    expect(d.recentMembers.map((m: { name: string }) => m.name)).toEqual(['Pastor Dawid Botha', 'Anele', 'Bongani', 'Chipo', 'Dumisani']);
    expect(
      d.pendingPrayers.map((p: { title: string; preview: string; truncated: boolean }) => [p.title, p.preview.length, p.truncated]),
    ).toEqual([
      ['Short', 11, false],
      ['Sixty-one', 60, true],
      ['Exactly sixty', 60, false],
    ]);
    expect(d.recentPrayers).toHaveLength(5);
    expect(d.upcomingEvents.map((e: { title: string }) => e.title)).toEqual(['Sunday Service', 'Youth Camp']);
    expect(d.topFunds).toEqual([
      { fund: 'General', total: 300, gifts: 2 },
      { fund: 'Missions', total: 150.5, gifts: 1 },
    ]);
  });
});
