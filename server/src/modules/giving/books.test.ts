import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, givingFunds } from '../../db/schema/index';
import { localDate } from './exports';
import { periodStart } from './period';

/**
 * The books a treasurer and an auditor rely on (issue 12): a closed batch's
 * deposit report never changes under it, gifts are not recorded before they
 * happen, every date is the church's calendar date, and every church-wide
 * figure is the one /donations shows for the same period.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
const TZ = 'Africa/Johannesburg';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
  await t.database.db.insert(givingFunds).values({ name: 'Missions' });
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, token: admin.token });
const post = (url: string, payload: object = {}) => t.request({ method: 'POST', url, token: admin.token, payload });
/** Records a gift in a batch: the answer, and the gift just recorded. */
async function record(batchId: string, gift: object) {
  const res = await post(`/api/giving/batches/${batchId}/donations`, { donorName: 'Plate', method: 'cash', fund: 'General', ...gift });
  const rows = await t.database.db.select().from(donations).where(eq(donations.batchId, batchId)).orderBy(desc(donations.createdAt));
  return { res, gift: res.statusCode === 201 ? rows[0]! : null };
}

describe('a closed batch', () => {
  it('keeps its deposit report: a fund change is refused, a refund is allowed and shown beside the deposit, not taken from it', async () => {
    const batch = json(await post('/api/giving/batches', { label: 'Sunday cash', countedTotal: 300 })).data.batch;
    const add = async (amount: number, fund: string) => (await record(batch.id, { amount, fund })).gift!;
    const general = await add(200, 'General');
    const missions = await add(100, 'Missions');
    // Before closing, a fund can still be put right.
    expect((await post(`/api/donations/${missions.id}/correct`, { fund: 'General', reason: 'Wrong envelope' })).statusCode).toBe(200);
    expect((await post(`/api/donations/${missions.id}/correct`, { fund: 'Missions', reason: 'Right envelope after all' })).statusCode).toBe(
      200,
    );
    expect((await post(`/api/giving/batches/${batch.id}/close`)).statusCode).toBe(200);
    const deposited = json(await get(`/api/giving/batches/${batch.id}`)).data;

    const moved = await post(`/api/donations/${general.id}/correct`, { fund: 'Missions', reason: 'Reallocate' });
    expect(moved.statusCode).toBe(409);
    expect(json(moved).message).toBe(
      'This gift is in a closed batch, whose deposit report is final; its fund cannot change. Refund it and record it under the right fund in a new batch.',
    );
    // The same fund again is no change at all.
    expect((await post(`/api/donations/${general.id}/correct`, { fund: 'General', amount: 200, reason: 'Confirmed' })).statusCode).toBe(
      200,
    );

    expect((await post(`/api/donations/${missions.id}/refund`, { reason: 'Returned to the giver' })).statusCode).toBe(200);
    const after = json(await get(`/api/giving/batches/${batch.id}`)).data;
    expect(after.deposit).toEqual(deposited.deposit);
    expect(after.deposit).toEqual([
      { fund: 'General', method: 'cash', total: 200, count: 1 },
      { fund: 'Missions', method: 'cash', total: 100, count: 1 },
    ]);
    expect(after.batch).toMatchObject({ runningTotal: 300, giftCount: 2, refundedAfterClose: 100, countedTotal: 300 });
    expect(after.donations.map((d: { status: string }) => d.status).sort()).toEqual(['completed', 'refunded']);
    const [row] = await t.database.db.select().from(donations).where(eq(donations.id, missions.id));
    expect(row!.refundedAt).not.toBeNull();
  });

  it('an open batch counts only completed gifts: a refund before closing leaves the count short', async () => {
    const batch = json(await post('/api/giving/batches', { label: 'Midweek', countedTotal: 50 })).data.batch;
    const gift = (await record(batch.id, { amount: 50 })).gift!;
    await post(`/api/donations/${gift.id}/refund`, { reason: 'Counted twice' });
    const detail = json(await get(`/api/giving/batches/${batch.id}`)).data;
    expect(detail.batch).toMatchObject({ runningTotal: 0, refundedAfterClose: 0 });
    expect((await post(`/api/giving/batches/${batch.id}/close`)).statusCode).toBe(409);
  });
});

describe('recording a gift', () => {
  it('refuses a date in the future with the church’s today in the message; today is recorded as now', async () => {
    const batch = json(await post('/api/giving/batches', { label: 'Dates', countedTotal: 20 })).data.batch;
    const today = localDate(new Date(), TZ);
    const tomorrow = localDate(new Date(Date.now() + 86_400_000), TZ);
    const { res } = await record(batch.id, { donorName: 'Early', amount: 10, date: tomorrow });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(
      `The gift's date (${tomorrow}) is in the future. Record a gift on the day it was received (today is ${today}).`,
    );
    const before = Date.now();
    const ok = await record(batch.id, { donorName: 'Today', amount: 10, date: today });
    expect(ok.res.statusCode).toBe(201);
    const given = ok.gift!.givenAt.getTime();
    expect(given).toBeGreaterThanOrEqual(before - 1000);
    expect(given).toBeLessThanOrEqual(Date.now());
  });
});

describe('the donations export', () => {
  it("dates each gift on the church's calendar, not UTC's", async () => {
    // 23:30 UTC on 31 March is 01:30 on 1 April in Johannesburg.
    await t.database.db.insert(donations).values({
      donorName: 'Late Night Giver',
      amountCents: 1234,
      status: 'completed',
      paymentMethod: 'cash',
      fund: 'General',
      givenAt: new Date('2025-03-31T23:30:00Z'),
    });
    const csv = (await get('/api/donations/export?period=all&format=csv')).body;
    const line = csv.split('\n').find((l) => l.includes('Late Night Giver'))!;
    expect(line.split(',')[0]).toBe('2025-04-01');
  });
});

describe('GET /api/giving (church-wide figures)', () => {
  it("uses the church's month and /donations' Active Donors: every figure equals /donations for the same period", async () => {
    const month = periodStart('month', new Date(), TZ)!;
    const member = await createUser(t, { name: 'Month Member' });
    await t.database.db.insert(donations).values([
      // A minute into the church's month (still the previous month in UTC): counted.
      {
        userId: member.user.id,
        donorName: 'Month Member',
        amountCents: 7_000,
        status: 'completed',
        givenAt: new Date(month.getTime() + 60_000),
      },
      // A guest, known by name: a giver too.
      { donorName: 'Guest By Name', amountCents: 3_000, status: 'completed', givenAt: new Date(month.getTime() + 120_000) },
      // A minute before the month: not counted this month.
      {
        userId: member.user.id,
        donorName: 'Month Member',
        amountCents: 50_000,
        status: 'completed',
        givenAt: new Date(month.getTime() - 60_000),
      },
      // Pending gifts count nowhere.
      { donorName: 'Pending Person', amountCents: 9_000, status: 'pending', givenAt: new Date(month.getTime() + 60_000) },
    ]);
    const overview = json(await get('/api/giving?limit=1')).data.summary;
    const thisMonth = json(await get('/api/donations?period=month')).data.summary;
    const all = json(await get('/api/donations?period=all')).data.summary;
    expect(overview.monthlyTotal).toBe(thisMonth.totalDonations);
    expect(overview.activeGivers).toBe(thisMonth.activeDonors);
    expect(overview.totalGiven).toBe(all.totalDonations);
    expect(overview.donationCount).toBe(all.completedCount);
    // By hand: the two gifts inside the month (and whatever else this file recorded this month).
    const rows = await t.database.db.select().from(donations);
    const inMonth = rows.filter((r) => r.status === 'completed' && r.givenAt >= month);
    expect(overview.monthlyTotal).toBe(inMonth.reduce((s, r) => s + r.amountCents, 0) / 100);
    expect(overview.activeGivers).toBe(new Set(inMonth.map((r) => r.userId ?? `guest:${r.donorName}`)).size);
    expect(overview.largestGift).toBe(500);
  });
});
