import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, givingFunds } from '../../db/schema/index';
import { zonedMidnight } from './period';

let t: TestApp;
let admin: { token: string };
let pastor: { token: string };
const TZ = 'Africa/Johannesburg';
const now = new Date();
const local = Object.fromEntries(
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: 'numeric' }).formatToParts(now).map((p) => [p.type, p.value]),
);
/** Noon on the 15th, `back` months before this one (church time). */
const midMonth = (back: number) => {
  const idx = Number(local.year) * 12 + Number(local.month) - 1 - back;
  return new Date(zonedMidnight(Math.floor(idx / 12), (idx % 12) + 1, 15, TZ).getTime() + 12 * 3_600_000);
};

/** The gifts the sums below were worked out from by hand. */
const GIFTS = [
  { cents: 10000, fund: 'General', method: 'card', status: 'completed', at: new Date(now.getTime() - 60_000), donor: 'A' },
  { cents: 25050, fund: 'Missions', method: 'cash', status: 'completed', at: new Date(now.getTime() - 60_000), donor: 'B' },
  { cents: 5000, fund: 'General', method: 'card', status: 'pending', at: new Date(now.getTime() - 60_000), donor: 'C' },
  { cents: 7000, fund: 'General', method: 'cash', status: 'refunded', at: new Date(now.getTime() - 60_000), donor: 'D' },
  { cents: 30000, fund: 'General', method: 'card', status: 'completed', at: midMonth(1), donor: 'A' },
  { cents: 100000, fund: 'Building', method: 'bank', status: 'completed', at: midMonth(2), donor: 'C' },
  { cents: 4000, fund: 'General', method: 'cash', status: 'completed', at: midMonth(13), donor: 'E' },
  // A goal's week in June 2025 (outside every window above): the edges are church time.
  { cents: 111, fund: 'Missions', method: 'cash', status: 'completed', at: new Date('2025-05-31T22:30:00Z'), donor: 'F' },
  { cents: 222, fund: 'Missions', method: 'cash', status: 'completed', at: new Date('2025-06-07T21:30:00Z'), donor: 'F' },
  { cents: 444, fund: 'Missions', method: 'cash', status: 'completed', at: new Date('2025-06-07T22:30:00Z'), donor: 'F' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
  pastor = await createUser(t, { role: 'pastor' });
  await t.database.db
    .insert(givingFunds)
    .values([{ name: 'Missions' }, { name: 'Building' }])
    .onConflictDoNothing();
  await t.database.db.insert(donations).values(
    GIFTS.map((g) => ({
      donorName: g.donor,
      amountCents: g.cents,
      fund: g.fund,
      status: g.status,
      paymentMethod: g.method,
      givenAt: g.at,
    })),
  );
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) => t.request({ method, url, token, payload });

describe('GET /api/giving/reports', () => {
  it('gives the twelve months by hand: totals, months, funds and methods agree', async () => {
    const res = await req('GET', '/api/giving/reports', admin.token);
    expect(res.statusCode).toBe(200);
    const r = json(res).data;
    // 100.00 + 250.50 this month, 300.00 last month, 1,000.00 two months back; pending, refunded and 13 months back left out.
    expect(r).toMatchObject({
      months: 12,
      totalGiven: 1650.5,
      monthlyTotal: 350.5,
      totalAmount: 350.5,
      monthlyAverage: 137.54,
      activeGivers: 3,
      largestGift: 1000,
      giftCount: 4,
    });
    expect(r.monthlyLabels).toHaveLength(12);
    expect(r.monthlyData.slice(-3)).toEqual([1000, 300, 350.5]);
    expect(r.monthlyData.slice(0, 9).every((v: number) => v === 0)).toBe(true);
    expect(r.monthly.at(-1)).toMatchObject({ total: 350.5, count: 2, donors: 2 });
    expect(r.byFund).toEqual([
      { fund: 'Building', total: 1000, count: 1, share: 60.6 },
      { fund: 'General', total: 400, count: 2, share: 24.2 },
      { fund: 'Missions', total: 250.5, count: 1, share: 15.2 },
    ]);
    expect(r.byMethod).toEqual([
      { method: 'bank', total: 1000, count: 1 },
      { method: 'card', total: 400, count: 2 },
      { method: 'cash', total: 250.5, count: 1 },
    ]);
    const cents = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0);
    expect(cents(r.monthlyData)).toBe(165050);
    expect(cents(r.byFund.map((b: { total: number }) => b.total))).toBe(165050);
    expect(cents(r.byMethod.map((b: { total: number }) => b.total))).toBe(165050);
  });

  it('one month equals the /donations month card; a fund filter narrows every figure', async () => {
    const one = json(await req('GET', '/api/giving/reports?months=1', admin.token)).data;
    const card = json(await req('GET', '/api/donations?period=month', admin.token)).data.summary;
    expect(one.totalGiven).toBe(card.totalDonations);
    expect(one.activeGivers).toBe(card.activeDonors);
    const general = json(await req('GET', '/api/giving/reports?fund=General&months=24', admin.token)).data;
    expect(general).toMatchObject({ totalGiven: 440, giftCount: 3, byFund: [{ fund: 'General', total: 440, count: 3, share: 100 }] });
  });

  it('refuses bad input and the wrong people', async () => {
    expect((await req('GET', '/api/giving/reports?months=0', admin.token)).statusCode).toBe(400);
    expect((await req('GET', '/api/giving/reports?months=abc', admin.token)).statusCode).toBe(400);
    expect((await req('GET', '/api/giving/reports')).statusCode).toBe(401);
    for (const role of ['member', 'deacon', 'elder'] as const) {
      expect((await req('GET', '/api/giving/reports', (await createUser(t, { role })).token)).statusCode).toBe(403);
    }
    expect((await req('GET', '/api/giving/reports', pastor.token)).statusCode).toBe(200);
  });
});

describe('giving goals', () => {
  it('a treasurer sets a goal and sees progress; a target change keeps its history', async () => {
    const start = midMonth(2).toISOString().slice(0, 8) + '01';
    const end = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await req('POST', '/api/giving/goals', admin.token, {
      name: 'New roof',
      fund: 'Building',
      target: 5000,
      startsOn: start,
      endsOn: end,
    });
    expect(created.statusCode).toBe(201);
    const goal = json(created).data.goal;
    expect(goal).toMatchObject({ raised: 1000, giftCount: 1, percent: 20, remaining: 4000, state: 'active', fund: 'Building' });

    const changed = await req('PATCH', `/api/giving/goals/${goal.id}`, admin.token, { target: 4000, reason: 'Quote came in lower' });
    expect(changed.statusCode).toBe(200);
    const { goal: after, history } = json(changed).data;
    expect(after).toMatchObject({ target: 4000, percent: 25, remaining: 3000 });
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['created', 'changed']);
    expect(history[1]).toMatchObject({
      reason: 'Quote came in lower',
      before: { targetCents: 500000 },
      after: { targetCents: 400000 },
      actorName: 'Anele Treasurer',
    });
    // Saving the same values again writes no history.
    expect(json(await req('PATCH', `/api/giving/goals/${goal.id}`, admin.token, { target: 4000 })).data.history).toHaveLength(2);

    const archived = json(await req('PATCH', `/api/giving/goals/${goal.id}`, admin.token, { archived: true })).data.history;
    expect(archived.at(-1).kind).toBe('archived');
    const open = json(await req('GET', '/api/giving/goals', pastor.token)).data.goals;
    expect(open.find((g: { id: string }) => g.id === goal.id)).toBeUndefined();
    const all = json(await req('GET', '/api/giving/goals?archived=true', pastor.token)).data.goals;
    expect(all.find((g: { id: string }) => g.id === goal.id)).toMatchObject({ archived: true, raised: 1000 });
  });

  it("counts gifts from the goal's first to its last day in church time, in its fund", async () => {
    const res = await req('POST', '/api/giving/goals', admin.token, {
      name: 'Outreach week',
      fund: 'Missions',
      target: 10,
      startsOn: '2025-06-01',
      endsOn: '2025-06-07',
    });
    // 00:30 on 1 June and 23:30 on 7 June count; 00:30 on 8 June does not.
    expect(json(res).data.goal).toMatchObject({ raised: 3.33, giftCount: 2, percent: 33.3, state: 'ended' });
    const everyFund = await req('POST', '/api/giving/goals', admin.token, {
      name: 'This month, every fund',
      target: 700.99,
      startsOn: new Date(now.getTime() - 60_000).toISOString().slice(0, 10),
      endsOn: new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10),
    });
    expect(json(everyFund).data.goal).toMatchObject({ fund: null, raised: 350.5, percent: 50 });
  });

  it('refuses bad goals and the wrong people', async () => {
    const base = { name: 'Bursaries', target: 100, startsOn: '2026-01-01', endsOn: '2026-12-31' };
    const bad = await req('POST', '/api/giving/goals', admin.token, { ...base, endsOn: '2025-12-31' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad))).toContain('The end date must be on or after the start date');
    expect((await req('POST', '/api/giving/goals', admin.token, { ...base, fund: 'Nope' })).statusCode).toBe(400);
    expect((await req('POST', '/api/giving/goals', admin.token, { ...base, target: 0 })).statusCode).toBe(400);
    expect((await req('POST', '/api/giving/goals', admin.token, { ...base, startsOn: '2026-02-30' })).statusCode).toBe(400);
    expect((await req('POST', '/api/giving/goals', pastor.token, base)).statusCode).toBe(403);
    expect((await req('POST', '/api/giving/goals', undefined, base)).statusCode).toBe(401);
    const member = await createUser(t);
    expect((await req('GET', '/api/giving/goals', member.token)).statusCode).toBe(403);
    expect((await req('PATCH', `/api/giving/goals/${crypto.randomUUID()}`, admin.token, { target: 5 })).statusCode).toBe(404);
    const treasurer = await createUser(t, { role: 'deacon', permissions: ['finance:manage', 'finance:read'] });
    expect((await req('POST', '/api/giving/goals', treasurer.token, base)).statusCode).toBe(201);
  });
});
