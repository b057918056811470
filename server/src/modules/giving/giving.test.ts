import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { CARD_NOT_SET_UP } from '@church/contract/giving';
import { donations, givingSettings, notifications } from '../../db/schema/index';

let t: TestApp;
let member: { token: string; user: { id: string } };
let other: { token: string; user: { id: string } };
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t, { name: 'Naledi Zulu' });
  other = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  const bank = { bankName: 'FNB', accountName: 'Grace Community Church', accountNumber: '62800011122', branchCode: '250655' };
  await t.database.db.insert(givingSettings).values({ id: 1, data: { bank } });
});

/** The treasurer's confirmation, done directly: these tests are about the member's side. */
const complete = (id: string) => t.database.db.update(donations).set({ status: 'completed' }).where(eq(donations.id, id));
afterAll(() => t.close());

const give = (token: string | undefined, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/giving', token, payload: { paymentMethod: 'bank', ...payload }, headers });
const giveCompleted = async (token: string, amount: number) => complete(json(await give(token, { amount })).data.donation.id);

describe('POST /api/giving', () => {
  it('records a bank transfer as pending, in cents, with the church banking details and a reference', async () => {
    const res = await give(member.token, { amount: 150.5, paymentMethod: 'bank', note: 'Building fund' });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({
      status: 'success',
      message: 'Thank you for your generous donation!',
      data: {
        donation: {
          amount: 150.5,
          paymentMethod: 'bank',
          frequency: 'one-time',
          note: 'Building fund',
          status: 'pending',
          fund: 'General',
        },
        payment: { kind: 'bank', bankName: 'FNB', accountNumber: '62800011122', branchCode: '250655' },
      },
    });
    expect(body.data.payment.reference).toBe(body.data.donation.reference);
    expect(body.data.donation.reference).toMatch(/^GIV-[A-Z2-9]{8}$/);
    expect(body.data.donation._id).toBe(body.data.donation.id);
    const [row] = await t.database.db.select().from(donations).where(eq(donations.id, body.data.donation.id));
    expect(row!.amountCents).toBe(15050);
    expect(JSON.stringify(body)).not.toMatch(/idempotency|amountCents|userId/);
    // Nothing was received yet: no "donation received" note.
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id))).toEqual([]);
  });

  it('says plainly that card payments are not set up when no merchant is configured', async () => {
    const res = await t.request({ method: 'POST', url: '/api/giving', token: member.token, payload: { amount: 20 } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(CARD_NOT_SET_UP);
    const options = json(await t.request({ method: 'GET', url: '/api/giving/options', token: member.token })).data;
    expect(options).toMatchObject({ card: { available: false }, bank: { available: true }, funds: ['General'] });
  });

  it('refuses a recurring bank transfer and an unknown fund', async () => {
    expect(json(await give(member.token, { amount: 20, frequency: 'weekly' })).message).toBe(
      'Weekly and monthly gifts are set up by card. For a bank transfer, choose one-time.',
    );
    expect(json(await give(member.token, { amount: 20, fund: 'Nope' })).message).toBe(
      'That fund is not open for gifts. Please choose another fund.',
    );
  });

  it.each([
    [{ amount: 0.5 }, 'The minimum donation is R 1.00'],
    [{ amount: -10 }, 'The minimum donation is R 1.00'],
    [{ amount: 'abc' }, 'Amount must be a number'],
    [{}, 'Amount must be a number'],
    [{ amount: 10.005 }, 'Amount can have at most two decimals'],
    [{ amount: 10, paymentMethod: 'bitcoin' }, 'Payment method must be card, bank or cash'],
    [{ amount: 10, frequency: 'daily' }, 'Frequency must be one-time, weekly or monthly'],
  ])('refuses %o with 400 "%s"', async (payload, message) => {
    const res = await give(member.token, payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('records a double submit with one idempotency key once (header or body)', async () => {
    const key = 'donation-key-0001';
    const first = await give(member.token, { amount: 75 }, { 'idempotency-key': key });
    const second = await give(member.token, { amount: 75 }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(json(second).data.donation.id).toBe(json(first).data.donation.id);
    const rows = await t.database.db.select().from(donations).where(eq(donations.idempotencyKey, key));
    expect(rows).toHaveLength(1);

    const [a, b] = await Promise.all([
      give(member.token, { amount: 33, idempotencyKey: 'body-key-racing' }),
      give(member.token, { amount: 33, idempotencyKey: 'body-key-racing' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(await t.database.db.select().from(donations).where(eq(donations.idempotencyKey, 'body-key-racing'))).toHaveLength(1);
  });

  it('refuses a reused key with a different amount (409), and keys are per person', async () => {
    await give(member.token, { amount: 10 }, { 'idempotency-key': 'shared-key-123' });
    const res = await give(member.token, { amount: 11 }, { 'idempotency-key': 'shared-key-123' });
    expect(res.statusCode).toBe(409);
    const someoneElse = await give(other.token, { amount: 10 }, { 'idempotency-key': 'shared-key-123' });
    expect(someoneElse.statusCode).toBe(201);
  });

  it('requires sign-in', async () => {
    expect((await give(undefined, { amount: 10 })).statusCode).toBe(401);
  });
});

describe('GET /api/giving/user-stats and user-history', () => {
  it('shows only the caller’s own giving', async () => {
    const fresh = await createUser(t);
    let res = await t.request({ method: 'GET', url: '/api/giving/user-stats', token: fresh.token });
    expect(json(res).data).toEqual({ totalGiven: 0, donationCount: 0, recentDonations: [], lastDonationDate: null });
    await giveCompleted(fresh.token, 100.1);
    await giveCompleted(fresh.token, 0.9 + 1);
    await give(fresh.token, { amount: 500 }); // pending: not counted
    res = await t.request({ method: 'GET', url: '/api/giving/user-stats', token: fresh.token });
    expect(json(res).data).toMatchObject({ totalGiven: 102, donationCount: 2 });
    expect(json(res).data.recentDonations).toHaveLength(3);
    // The other member's figures do not include these.
    const others = json(await t.request({ method: 'GET', url: '/api/giving/user-stats', token: other.token })).data;
    expect(others).toMatchObject({ totalGiven: 0, donationCount: 0 });
  });

  it('pages the history with defaults 1 and 10 and bounds', async () => {
    const giver = await createUser(t);
    for (let i = 1; i <= 12; i++) await give(giver.token, { amount: i });
    let body = json(await t.request({ method: 'GET', url: '/api/giving/user-history', token: giver.token }));
    expect(body.data).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(body.data.donations).toHaveLength(10);
    expect(body.data.donations[0].amount).toBe(12);
    body = json(await t.request({ method: 'GET', url: '/api/giving/user-history?page=2&limit=10', token: giver.token }));
    expect(body.data.donations.map((d: { amount: number }) => d.amount)).toEqual([2, 1]);
    for (const q of ['page=0', 'limit=0', 'limit=101', 'page=abc']) {
      const res = await t.request({ method: 'GET', url: `/api/giving/user-history?${q}`, token: giver.token });
      expect(res.statusCode, q).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: '/api/giving/user-history' })).statusCode).toBe(401);
  });
});

describe('GET /api/giving (church-wide)', () => {
  it('is for admin-type roles only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/giving', token: member.token })).statusCode).toBe(403);
    const elder = await createUser(t, { role: 'elder' });
    expect((await t.request({ method: 'GET', url: '/api/giving', token: elder.token })).statusCode).toBe(403);
    const res = await t.request({ method: 'GET', url: '/api/giving?limit=5', token: admin.token });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    await giveCompleted(member.token, 5);
    expect(json(await t.request({ method: 'GET', url: '/api/giving', token: admin.token })).data.summary.totalGiven).toBeGreaterThan(0);
    expect(data.donations).toHaveLength(5);
    expect(data.donations[0]).toHaveProperty('donorName');
  });
});
