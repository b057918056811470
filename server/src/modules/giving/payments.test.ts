import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, notifications, paymentNotifications } from '../../db/schema/index';
import { startPayfastStandin, type PayfastStandin } from './payfast-standin/standin';
import { sign } from './payfast-signature';

const MERCHANT = { id: '10000100', key: '46f0cd694581a', pass: 'jt7NOE43FZPn' };
let t: TestApp;
let standin: PayfastStandin;
let member: { token: string; user: { id: string } };

/** The stand-in delivers its ITN straight into the app, from 127.0.0.1 as inject does. */
const delivered: string[] = [];
const deliver = async (url: string, body: string) =>
  delivered.push(body) &&
  (
    await t.request({
      method: 'POST',
      url: new URL(url).pathname,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).statusCode;

beforeAll(async () => {
  standin = await startPayfastStandin({ merchantId: MERCHANT.id, merchantKey: MERCHANT.key, passphrase: MERCHANT.pass, deliver });
  t = await createTestApp({
    PAYFAST_MERCHANT_ID: MERCHANT.id,
    PAYFAST_MERCHANT_KEY: MERCHANT.key,
    PAYFAST_PASSPHRASE: MERCHANT.pass,
    PAYFAST_BASE_URL: standin.url,
    PAYFAST_API_URL: standin.url,
    PAYFAST_NOTIFY_IPS: '127.0.0.1',
  });
  member = await createUser(t, { name: 'Thandi Mokoena' });
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

async function giveByCard(amount: number, frequency = 'one-time') {
  const res = await t.request({ method: 'POST', url: '/api/giving', token: member.token, payload: { amount, frequency } });
  expect(res.statusCode).toBe(201);
  return json(res).data as {
    donation: { id: string; status: string; reference: string };
    payment: { action: string; fields: [string, string][] };
  };
}

/** Posts the checkout form to the stand-in and presses "Pay now", as the browser does. */
async function payAtStandin(payment: { action: string; fields: [string, string][] }) {
  const page = await fetch(payment.action, { method: 'POST', body: new URLSearchParams(payment.fields) });
  expect(page.status).toBe(200);
  const session = (await page.text()).match(/name="session" value="([\w-]+)"/)![1]!;
  const paid = await fetch(`${standin.url}/eng/process/pay`, {
    method: 'POST',
    body: new URLSearchParams({ session }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(302);
}

const statusOf = async (id: string) => (await t.database.db.select().from(donations).where(eq(donations.id, id)))[0]!.status;
const logFor = (reference: string) =>
  t.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.reference, reference));
const notify = (body: string) =>
  t.request({
    method: 'POST',
    url: '/api/giving/payfast/notify',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

function forgedItn(reference: string, amount: string, passphrase = MERCHANT.pass) {
  const pairs: [string, string][] = [
    ['m_payment_id', reference],
    ['pf_payment_id', '555'],
    ['payment_status', 'COMPLETE'],
    ['amount_gross', amount],
    ['merchant_id', MERCHANT.id],
  ];
  pairs.push(['signature', sign(pairs, 'notification', passphrase)]);
  return new URLSearchParams(pairs).toString();
}

describe('card giving through PayFast (stand-in)', () => {
  it('is pending until the verified notification, then completed once; a replay changes nothing', async () => {
    const { donation, payment } = await giveByCard(250);
    expect(donation.status).toBe('pending');
    expect(payment.action).toBe(`${standin.url}/eng/process`);
    expect(JSON.stringify(payment)).not.toContain(MERCHANT.pass);
    expect((await t.request({ method: 'GET', url: '/api/giving/user-stats', token: member.token })).json().data.totalGiven).toBe(0);

    await payAtStandin(payment);
    expect(await statusOf(donation.id)).toBe('completed');
    const stats = json(await t.request({ method: 'GET', url: '/api/giving/user-stats', token: member.token })).data;
    expect(stats).toMatchObject({ totalGiven: 250, donationCount: 1 });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(notes.map((n) => n.message)).toEqual(['Thank you! We received your donation of R 250.00.']);

    // Replay the exact notification the stand-in sent.
    const replay = delivered.at(-1)!;
    expect((await notify(replay)).statusCode).toBe(200);
    const log = await logFor(donation.reference);
    expect(log.map((l) => l.outcome).sort()).toEqual(['accepted', 'duplicate']);
    expect(await t.database.db.select().from(donations).where(eq(donations.userId, member.user.id))).toHaveLength(1);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id))).toHaveLength(1);
  });

  it('refuses and logs a bad signature, a wrong amount and an unknown reference', async () => {
    const { donation } = await giveByCard(100);
    const bad = await notify(forgedItn(donation.reference, '100.00', 'not-the-passphrase'));
    expect(bad.statusCode).toBe(400);
    // Correctly signed (a leaked passphrase) but PayFast never sent it: the amount check refuses first.
    expect((await notify(forgedItn(donation.reference, '1.00'))).statusCode).toBe(400);
    // Right amount, right signature, but the validate call says PayFast did not send it.
    expect((await notify(forgedItn(donation.reference, '100.00'))).statusCode).toBe(400);
    expect((await notify(forgedItn('GIV-NOSUCHREF', '100.00'))).statusCode).toBe(400);
    expect(await statusOf(donation.id)).toBe('pending');
    const reasons = (await logFor(donation.reference)).map((l) => `${l.outcome}: ${l.reason}`).sort();
    expect(reasons).toEqual([
      'refused: amount 100 cents does not match 10000 cents',
      'refused: provider did not confirm the notification',
      'refused: signature does not match',
    ]);
    expect((await logFor('GIV-NOSUCHREF')).map((l) => l.reason)).toEqual(['unknown reference']);
  });

  it('refuses a notification from an address that is not PayFast', async () => {
    const { donation } = await giveByCard(40);
    const res = await t.request({
      method: 'POST',
      url: '/api/giving/payfast/notify',
      payload: forgedItn(donation.reference, '40.00'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(400);
    expect((await logFor(donation.reference))[0]!.reason).toBe('source 203.0.113.9 is not a PayFast address');
  });

  it('a monthly gift is a subscription: charges add gifts until the member cancels, then they stop', async () => {
    const { donation, payment } = await giveByCard(300, 'monthly');
    expect(payment.fields).toEqual(
      expect.arrayContaining([
        ['subscription_type', '1'],
        ['frequency', '3'],
      ]),
    );
    await payAtStandin(payment);
    expect(await statusOf(donation.id)).toBe('completed');
    const subs = json(await t.request({ method: 'GET', url: '/api/giving/subscriptions', token: member.token })).data.subscriptions;
    expect(subs).toEqual([expect.objectContaining({ amount: 300, frequency: 'monthly', status: 'active' })]);
    const [token] = [...standin.subscriptions.keys()];
    expect((await standin.charge(token!)).status).toBe(200);
    const giftsAfterCharge = await t.database.db.select().from(donations).where(eq(donations.subscriptionId, subs[0].id));
    expect(giftsAfterCharge.map((g) => g.status)).toEqual(['completed', 'completed']);

    const other = await createUser(t);
    expect(
      (await t.request({ method: 'POST', url: `/api/giving/subscriptions/${subs[0].id}/cancel`, token: other.token })).statusCode,
    ).toBe(404);
    const cancel = await t.request({ method: 'POST', url: `/api/giving/subscriptions/${subs[0].id}/cancel`, token: member.token });
    expect(cancel.statusCode).toBe(200);
    expect(json(cancel).data.subscription.status).toBe('cancelled');
    expect(standin.subscriptions.get(token!)!.cancelled).toBe(true);
    expect((await standin.charge(token!)).status).toBe(409);
    expect(await t.database.db.select().from(donations).where(eq(donations.subscriptionId, subs[0].id))).toHaveLength(2);
  });

  it('a member cancels a pending card gift they did not pay; requires sign-in', async () => {
    const { donation } = await giveByCard(80);
    expect((await t.request({ method: 'POST', url: `/api/giving/${donation.id}/cancel` })).statusCode).toBe(401);
    const res = await t.request({ method: 'POST', url: `/api/giving/${donation.id}/cancel`, token: member.token });
    expect(json(res).data.donation.status).toBe('cancelled');
  });
});
