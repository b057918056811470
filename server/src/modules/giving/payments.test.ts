import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { CHECKOUT_EXPIRY_HOURS } from '@church/contract/giving';
import { MERCHANT_TEXTS } from '@church/contract/giving-merchant';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donationEvents, donations, givingSubscriptions, notifications, paymentNotifications } from '../../db/schema/index';
import { CHECKOUT_EXPIRY_JOB } from './checkout-expiry';
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

/** Posts the checkout form to the stand-in, as the browser does: its session. */
async function openAtStandin(payment: { action: string; fields: [string, string][] }) {
  const page = await fetch(payment.action, { method: 'POST', body: new URLSearchParams(payment.fields) });
  expect(page.status).toBe(200);
  return (await page.text()).match(/name="session" value="([\w-]+)"/)![1]!;
}
/** Presses "Pay now" or "Decline card (test)" on the stand-in's checkout page. */
async function pressAtStandin(session: string, button: 'pay' | 'decline') {
  const done = await fetch(`${standin.url}/eng/process/${button}`, {
    method: 'POST',
    body: new URLSearchParams({ session }),
    redirect: 'manual',
  });
  expect(done.status).toBe(302);
}
async function payAtStandin(payment: { action: string; fields: [string, string][] }, button: 'pay' | 'decline' = 'pay') {
  await pressAtStandin(await openAtStandin(payment), button);
}
const statsOf = async () =>
  json(await t.request({ method: 'GET', url: '/api/giving/user-stats', token: member.token })).data as {
    totalGiven: number;
    donationCount: number;
  };

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
    // A charge for the cancelled subscription that passes every check (signed, from PayFast's address,
    // confirmed by the validate call): the server itself refuses it, and no gift is added.
    expect(await standin.notifySubscription(token!, 'COMPLETE')).toBe(400);
    expect(await t.database.db.select().from(donations).where(eq(donations.subscriptionId, subs[0].id))).toHaveLength(2);
    expect((await logFor(donation.reference)).map((l) => `${l.outcome}: ${l.reason}`).at(-1)).toBe(
      'refused: subscription is cancelled or unknown',
    );
    expect((await statsOf()).totalGiven).toBe(250 + 600);
  });

  it('a declined card: the gift shows failed, a monthly gift sets up no subscription, nothing is counted', async () => {
    const before = await statsOf();
    const once = await giveByCard(120);
    await payAtStandin(once.payment, 'decline');
    expect(await statusOf(once.donation.id)).toBe('failed');
    const monthly = await giveByCard(90, 'monthly');
    await payAtStandin(monthly.payment, 'decline');
    expect(await statusOf(monthly.donation.id)).toBe('failed');
    const subs = json(await t.request({ method: 'GET', url: '/api/giving/subscriptions', token: member.token })).data.subscriptions;
    expect(subs.find((x: { amount: number }) => x.amount === 90).status).toBe('cancelled');
    const history = json(await t.request({ method: 'GET', url: '/api/giving/user-history', token: member.token })).data.donations;
    expect(
      history
        .filter((h: { id: string }) => [once.donation.id, monthly.donation.id].includes(h.id))
        .map((h: { status: string }) => h.status),
    ).toEqual(['failed', 'failed']);
    expect(await statsOf()).toMatchObject({ totalGiven: before.totalGiven, donationCount: before.donationCount });
    expect((await logFor(once.donation.reference)).map((l) => `${l.outcome}: ${l.reason}`)).toEqual(['accepted: failed']);
  });

  it('a recurring charge that fails is kept as a failed gift and the giver is told; PayFast cancelling ends the subscription', async () => {
    const { donation, payment } = await giveByCard(75, 'weekly');
    await payAtStandin(payment);
    const sub = (await t.database.db.select().from(givingSubscriptions).where(eq(givingSubscriptions.reference, donation.reference)))[0]!;
    const before = await statsOf();
    expect((await standin.charge(sub.token!, 'FAILED')).status).toBe(200);
    const gifts = await t.database.db.select().from(donations).where(eq(donations.subscriptionId, sub.id));
    expect(gifts.map((g) => g.status).sort()).toEqual(['completed', 'failed']);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(notes.map((n) => n.title)).toContain('Donation not collected');
    expect(await statsOf()).toMatchObject({ totalGiven: before.totalGiven, donationCount: before.donationCount });

    // The member cancels in PayFast's own pages: PayFast's CANCELLED notification ends it here too.
    expect(await standin.cancelAtProvider(sub.token!)).toBe(200);
    const after = json(await t.request({ method: 'GET', url: '/api/giving/subscriptions', token: member.token })).data.subscriptions;
    expect(after.find((x: { id: string }) => x.id === sub.id).status).toBe('cancelled');
    expect(await statusOf(donation.id)).toBe('completed');
    expect(await standin.notifySubscription(sub.token!, 'COMPLETE')).toBe(400);
    expect(await t.database.db.select().from(donations).where(eq(donations.subscriptionId, sub.id))).toHaveLength(2);
    expect(await statsOf()).toMatchObject({ totalGiven: before.totalGiven, donationCount: before.donationCount });
  });

  it('a checkout left unpaid expires after a day (a job on the queue); a late notification that the money moved still completes it', async () => {
    const stale = await giveByCard(60, 'monthly');
    const late = await giveByCard(45);
    const fresh = await giveByCard(30);
    const dayAgo = new Date(Date.now() - (CHECKOUT_EXPIRY_HOURS + 1) * 3_600_000);
    await t.database.db
      .update(donations)
      .set({ createdAt: dayAgo })
      .where(inArray(donations.id, [stale.donation.id, late.donation.id]));
    // PayFast got the payment for `late` but its notification has not arrived yet.
    const session = await openAtStandin(late.payment);

    await t.ctx.jobs.send(CHECKOUT_EXPIRY_JOB, { at: new Date().toISOString() });
    await t.ctx.jobs.drain({ names: [CHECKOUT_EXPIRY_JOB] });
    expect([await statusOf(stale.donation.id), await statusOf(late.donation.id), await statusOf(fresh.donation.id)]).toEqual([
      'expired',
      'expired',
      'pending',
    ]);
    const [sub] = await t.database.db.select().from(givingSubscriptions).where(eq(givingSubscriptions.reference, stale.donation.reference));
    expect(sub!.status).toBe('cancelled');
    const history = json(await t.request({ method: 'GET', url: `/api/giving/user-history?limit=50`, token: member.token })).data.donations;
    expect(history.find((h: { id: string }) => h.id === stale.donation.id).status).toBe('expired');
    // The next sweep is queued (one per hour).
    const queued = (await t.database.db.execute(
      sql`select start_after from pgboss.job where name = ${CHECKOUT_EXPIRY_JOB} and state = 'created'`,
    )) as unknown as { rows: { start_after: string }[] };
    expect(queued.rows).toHaveLength(1);
    expect(new Date(queued.rows[0]!.start_after).getTime()).toBeGreaterThan(Date.now());

    const before = await statsOf();
    await pressAtStandin(session, 'pay');
    expect(await statusOf(late.donation.id)).toBe('completed');
    expect((await statsOf()).totalGiven).toBe(before.totalGiven + 45);
  });

  it('a member cancels a pending card gift they did not pay; requires sign-in', async () => {
    const { donation } = await giveByCard(80);
    expect((await t.request({ method: 'POST', url: `/api/giving/${donation.id}/cancel` })).statusCode).toBe(401);
    const res = await t.request({ method: 'POST', url: `/api/giving/${donation.id}/cancel`, token: member.token });
    expect(json(res).data.donation.status).toBe('cancelled');
  });

  it('PayFast ending a checkout never paid (CANCELLED) cancels the gift once, with its history; it counts nowhere', async () => {
    const before = await statsOf();
    const { donation, payment } = await giveByCard(55);
    const session = await openAtStandin(payment);
    expect(await standin.notifyCheckout(session, 'CANCELLED')).toBe(200);
    expect(await statusOf(donation.id)).toBe('cancelled');
    const events = await t.database.db.select().from(donationEvents).where(eq(donationEvents.donationId, donation.id));
    expect(events.map((e) => [e.kind, e.reason])).toEqual([
      ['created', null],
      ['cancelled', 'The provider reported it cancelled'],
    ]);
    expect((await logFor(donation.reference)).map((l) => `${l.outcome}: ${l.reason}`)).toEqual(['accepted: cancelled']);
    expect(await statsOf()).toMatchObject({ totalGiven: before.totalGiven, donationCount: before.donationCount });
  });

  it('the account is the environment’s: shown without the passphrase, and settings cannot replace it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.request({ method: 'GET', url: '/api/giving/payment-account', token: admin.token });
    expect(json(res).data.merchant).toMatchObject({ source: 'environment', merchantId: MERCHANT.id, passphraseSet: true });
    expect(res.body).not.toContain(MERCHANT.pass);
    const put = await t.request({
      method: 'PUT',
      url: '/api/giving/payment-account',
      token: admin.token,
      payload: { merchantId: '10000999', merchantKey: 'otherkey', passphrase: 'other' },
    });
    expect(put.statusCode).toBe(409);
    expect(json(put).message).toBe(MERCHANT_TEXTS.fromEnvironment);
    expect((await t.request({ method: 'DELETE', url: '/api/giving/payment-account', token: admin.token })).statusCode).toBe(409);
  });

  it("the member's totals equal the sum of their completed gifts in the history, after every outcome above", async () => {
    const history = json(await t.request({ method: 'GET', url: '/api/giving/user-history?limit=100', token: member.token })).data;
    expect(history.total).toBeLessThanOrEqual(100);
    const rows = history.donations as { amount: number; status: string }[];
    // Every kind of outcome is among them: the sum below has something to leave out.
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['completed', 'failed', 'cancelled', 'expired', 'pending']));
    const completed = rows.filter((r) => r.status === 'completed');
    const stats = await statsOf();
    expect(stats.donationCount).toBe(completed.length);
    expect(Math.round(stats.totalGiven * 100)).toBe(completed.reduce((s, r) => s + Math.round(r.amount * 100), 0));
    // And the database agrees, in cents.
    const inDb = await t.database.db.select().from(donations).where(eq(donations.userId, member.user.id));
    expect(inDb).toHaveLength(history.total);
    expect(Math.round(stats.totalGiven * 100)).toBe(inDb.filter((d) => d.status === 'completed').reduce((s, d) => s + d.amountCents, 0));
  });
});
