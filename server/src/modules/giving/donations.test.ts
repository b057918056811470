import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog, donations, givingFunds, notifications } from '../../db/schema/index';
import { monthsCovered, periodStart } from './period';

let t: TestApp;
let admin: { token: string; user: { id: string } };
let pastor: { token: string };
let treasurer: { token: string };
const TZ = 'Africa/Johannesburg';
const now = new Date();
const DAY = 86_400_000;

/** Gifts across funds, statuses and dates; the expectations below are summed by hand from this list. */
const GIFTS = [
  { cents: 10000, fund: 'General', status: 'completed', ago: 0, donor: 'A' },
  { cents: 25050, fund: 'Missions', status: 'completed', ago: 0, donor: 'B' },
  { cents: 5000, fund: 'General', status: 'pending', ago: 0, donor: 'C' },
  { cents: 7000, fund: 'General', status: 'refunded', ago: 0, donor: 'D' },
  { cents: 40000, fund: 'Missions', status: 'completed', ago: 400, donor: 'A' },
  { cents: 1234, fund: 'General', status: 'completed', ago: 800, donor: 'E' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
  pastor = await createUser(t, { role: 'pastor' });
  treasurer = await createUser(t, { role: 'deacon', permissions: ['finance:manage', 'finance:read'] });
  await t.database.db.insert(givingFunds).values({ name: 'Missions' });
  await t.database.db.insert(donations).values(
    GIFTS.map((g) => ({
      donorName: g.donor,
      amountCents: g.cents,
      fund: g.fund,
      status: g.status,
      paymentMethod: 'cash',
      givenAt: new Date(now.getTime() - g.ago * DAY - 60_000),
    })),
  );
});
afterAll(() => t.close());

const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });
const post = (url: string, payload: object = {}, token = admin.token) => t.request({ method: 'POST', url, token, payload });

/** What the filter should show, computed from GIFTS in the test. */
function expected(period: 'month' | 'year' | 'all', fund?: string) {
  const from = periodStart(period, now, TZ);
  const rows = GIFTS.filter((g) => (!from || now.getTime() - g.ago * DAY - 60_000 >= from.getTime()) && (!fund || g.fund === fund));
  const done = rows.filter((g) => g.status === 'completed');
  return { rows: rows.length, total: done.reduce((s, g) => s + g.cents, 0) / 100, donors: new Set(done.map((g) => g.donor)).size };
}

describe('GET /api/donations', () => {
  it.each([
    ['month', undefined],
    ['month', 'Missions'],
    ['year', 'General'],
    ['all', undefined],
    ['all', 'Missions'],
  ] as const)('period %s fund %s matches the hand-computed sums', async (period, fund) => {
    const res = await get(`/api/donations?period=${period}${fund ? `&fund=${fund}` : ''}&limit=100`);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    const want = expected(period, fund);
    expect(data.total).toBe(want.rows);
    expect(data.summary.totalDonations).toBe(want.total);
    expect(data.summary.activeDonors).toBe(want.donors);
    // Every figure equals the sum of its rows.
    const completedRows = data.donations.filter((d: { status: string }) => d.status === 'completed');
    expect(completedRows.reduce((s: number, d: { amount: number }) => s + Math.round(d.amount * 100), 0) / 100).toBe(want.total);
    expect(data.fundsBreakdown.reduce((s: number, b: { total: number }) => s + Math.round(b.total * 100), 0) / 100).toBe(want.total);
    expect(data.summary.funds).toBe(data.fundsBreakdown.length);
  });

  it('splits the period total by fund with shares', async () => {
    const data = json(await get('/api/donations?period=month')).data;
    expect(data.fundsBreakdown).toEqual([
      { fund: 'Missions', total: 250.5, count: 1, share: 71.5 },
      { fund: 'General', total: 100, count: 1, share: 28.5 },
    ]);
    expect(data.summary.monthlyAverage).toBe(350.5);
  });

  it('refuses a bad period with 400 and answers 401/403 by role', async () => {
    expect((await get('/api/donations?period=decade')).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/donations' })).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const u = await createUser(t, { role });
      expect((await get('/api/donations', u.token)).statusCode, role).toBe(403);
      expect((await post('/api/giving/batches', { label: 'Sunday', countedTotal: 1 }, u.token)).statusCode, role).toBe(403);
    }
    expect((await get('/api/donations', pastor.token)).statusCode).toBe(200);
    // A pastor reviews giving; only finance:manage changes it.
    expect((await post('/api/giving/batches', { label: 'Sunday', countedTotal: 1 }, pastor.token)).statusCode).toBe(403);
    expect((await post('/api/giving/batches', { label: 'Sunday', countedTotal: 1 }, treasurer.token)).statusCode).toBe(201);
  });

  it('exports exactly the filtered rows as CSV and Excel', async () => {
    const csv = await get('/api/donations/export?period=all&fund=Missions&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Date,Donor,Fund,Amount (R),Method,Status,Reference');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['250.50', '400.00']);
    const xlsx = await get('/api/donations/export?period=month&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(1 + expected('month').rows);
    expect((await get('/api/donations/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('refunds, corrections, matching', () => {
  it('a refund keeps the history; a correction records before and after', async () => {
    const [row] = await t.database.db
      .insert(donations)
      .values({ donorName: 'F', amountCents: 99000, status: 'completed', paymentMethod: 'cash' })
      .returning();
    expect((await post(`/api/donations/${row!.id}/refund`, { reason: 'x' })).statusCode).toBe(400);
    const corrected = await post(`/api/donations/${row!.id}/correct`, { amount: 99, fund: 'Missions', reason: 'Typed 99.00 as 990' });
    expect(corrected.statusCode).toBe(200);
    const refunded = await post(`/api/donations/${row!.id}/refund`, { reason: 'Given twice by mistake' });
    expect(refunded.statusCode).toBe(200);
    const { donation, history } = json(refunded).data;
    expect(donation).toMatchObject({ status: 'refunded', amount: 99, fund: 'Missions' });
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['corrected', 'refunded']);
    expect(history[0]).toMatchObject({
      reason: 'Typed 99.00 as 990',
      before: { amountCents: 99000, fund: 'General' },
      after: { amountCents: 9900, fund: 'Missions' },
      actorName: 'Anele Treasurer',
    });
    expect(history[1]).toMatchObject({ before: { status: 'completed' }, after: { status: 'refunded' } });
    expect((await post(`/api/donations/${row!.id}/refund`, { reason: 'Again please' })).statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit.map((a) => [a.action, a.summary, a.actorName]).sort()).toEqual([
      ['donation.corrected', 'Corrected R 990.00 gift of F (General) to R 99.00 (Missions): Typed 99.00 as 990', 'Anele Treasurer'],
      ['donation.refunded', 'Refunded R 99.00 gift of F (Missions): Given twice by mistake', 'Anele Treasurer'],
    ]);
    expect((await post(`/api/donations/${row!.id}/refund`, { reason: 'Not allowed' }, pastor.token)).statusCode).toBe(403);
  });

  it('matching a bank transfer completes it and tells the giver', async () => {
    const giver = await createUser(t);
    const [row] = await t.database.db
      .insert(donations)
      .values({
        userId: giver.user.id,
        donorName: 'G',
        amountCents: 12345,
        status: 'pending',
        paymentMethod: 'bank',
        reference: 'GIV-MATCHME2',
      })
      .returning();
    const res = await post(`/api/donations/${row!.id}/match`, { externalRef: 'FNB 23/11 GIV-MATCHME2' });
    expect(json(res).data.donation).toMatchObject({ status: 'completed', externalRef: 'FNB 23/11 GIV-MATCHME2' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, giver.user.id));
    expect(notes.map((n) => n.message)).toEqual(['Thank you! We received your donation of R 123.45.']);
    expect((await post(`/api/donations/${row!.id}/match`, {})).statusCode).toBe(409);
  });
});

describe('batches', () => {
  it('keeps a running total and closes only when it matches the counted total; deposit splits by fund', async () => {
    const batch = json(await post('/api/giving/batches', { label: 'Sunday 23 Nov cash', countedTotal: 350.5 })).data.batch;
    const add = (amount: number, fund: string) =>
      post(`/api/giving/batches/${batch.id}/donations`, { donorName: 'Offering plate', amount, fund, method: 'cash' });
    expect(json(await add(200, 'General')).data.batch).toMatchObject({ runningTotal: 200, giftCount: 1 });
    expect(json(await add(100.5, 'Missions')).data.batch.runningTotal).toBe(300.5);
    const refused = await post(`/api/giving/batches/${batch.id}/close`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(
      'The gifts recorded (R 300.50) do not match the counted total (R 350.50). Check the entries, or change the counted total with a reason after a recount.',
    );
    expect((await post(`/api/giving/batches/${batch.id}/close`, {}, pastor.token)).statusCode).toBe(403);
    await add(50, 'General');
    const closed = await post(`/api/giving/batches/${batch.id}/close`);
    expect(json(closed).data.batch).toMatchObject({ status: 'closed', runningTotal: 350.5, countedTotal: 350.5 });
    const [closedEntry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, batch.id));
    expect(closedEntry).toMatchObject({ action: 'giving_batch.closed', summary: 'Closed batch Sunday 23 Nov cash: 3 gifts, R 350.50' });
    expect((await add(1, 'General')).statusCode).toBe(409);
    const detail = json(await get(`/api/giving/batches/${batch.id}`)).data;
    expect(detail.deposit).toEqual([
      { fund: 'General', method: 'cash', total: 250, count: 2 },
      { fund: 'Missions', method: 'cash', total: 100.5, count: 1 },
    ]);
    expect(detail.deposit.reduce((s: number, l: { total: number }) => s + l.total, 0)).toBe(detail.batch.runningTotal);
  });

  it('manages funds: add, close to new gifts, duplicate refused', async () => {
    const created = await post('/api/giving/funds', { name: 'Bursaries' });
    expect(created.statusCode).toBe(201);
    expect((await post('/api/giving/funds', { name: 'Bursaries' })).statusCode).toBe(409);
    const id = json(created).data.fund.id;
    const closed = await t.request({ method: 'PATCH', url: `/api/giving/funds/${id}`, token: admin.token, payload: { active: false } });
    expect(json(closed).data.fund.active).toBe(false);
    const batch = json(await post('/api/giving/batches', { label: 'Test', countedTotal: 0 })).data.batch;
    const res = await post(`/api/giving/batches/${batch.id}/donations`, { donorName: 'X Y', amount: 5, fund: 'Bursaries', method: 'cash' });
    expect(json(res).message).toBe('That fund is not open for gifts. Please choose another fund.');
  });
});

describe('week and quarter filters, by hand', () => {
  it('counts a gift a minute after the period starts and leaves out one a minute before', async () => {
    await t.database.db.insert(givingFunds).values({ name: 'Building' }).onConflictDoNothing();
    const week = periodStart('week', now, TZ)!;
    const quarter = periodStart('quarter', now, TZ)!;
    const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
    const gifts = [
      { cents: 11111, at: at(week, 1), donor: 'W-in' },
      { cents: 22222, at: at(week, -1), donor: 'W-out' },
      { cents: 33333, at: at(quarter, 1), donor: 'Q-in' },
      { cents: 44444, at: at(quarter, -1), donor: 'Q-out' },
    ];
    await t.database.db.insert(donations).values(
      gifts.map((g) => ({
        donorName: g.donor,
        amountCents: g.cents,
        fund: 'Building',
        status: 'completed',
        paymentMethod: 'cash',
        givenAt: g.at,
      })),
    );
    // This week: R 111.11, plus R 333.33 only when the quarter itself began this week.
    const quarterBeganThisWeek = quarter.getTime() >= week.getTime();
    const weekData = json(await get('/api/donations?period=week&fund=Building&limit=100')).data;
    expect(weekData.summary.totalDonations).toBe(quarterBeganThisWeek ? 444.44 : 111.11);
    expect(weekData.summary.activeDonors).toBe(quarterBeganThisWeek ? 2 : 1);
    expect(weekData.fundsBreakdown).toEqual([
      { fund: 'Building', total: quarterBeganThisWeek ? 444.44 : 111.11, count: quarterBeganThisWeek ? 2 : 1, share: 100 },
    ]);
    // This quarter: R 111.11 + R 333.33 = R 444.44, plus R 222.22 when the week began inside the quarter (the usual case).
    const weekBeganInQuarter = at(week, -1).getTime() >= quarter.getTime();
    const quarterData = json(await get('/api/donations?period=quarter&fund=Building&limit=100')).data;
    expect(quarterData.summary.totalDonations).toBe(weekBeganInQuarter ? 666.66 : 444.44);
    expect(quarterData.total).toBe(weekBeganInQuarter ? 3 : 2);
    expect(quarterData.donations.map((d: { donorName: string }) => d.donorName)).not.toContain('Q-out');
    // Monthly Average over a quarter divides by the calendar months it has covered so far.
    const monthsSoFar = monthsCovered(quarter, now, TZ);
    expect(quarterData.summary.monthlyAverage).toBe(Math.round((weekBeganInQuarter ? 66666 : 44444) / monthsSoFar) / 100);
  });
});
