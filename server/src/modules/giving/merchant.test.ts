import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CARD_NOT_SET_UP } from '@church/contract/giving';
import { MERCHANT_TEXTS } from '@church/contract/giving-merchant';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog, donations, paymentNotifications, paymentSettings } from '../../db/schema/index';
import { startPayfastStandin, type PayfastStandin } from './payfast-standin/standin';
import { sign } from './payfast-signature';

/**
 * A church whose server environment sets no PayFast account: an administrator
 * enters the church's merchant account in settings, and card giving works
 * end to end through it (checkout signed with its passphrase, the notification
 * verified with it), until the account is removed again.
 */
const MERCHANT = { id: '10000111', key: 'settingsKey42', pass: 'Settings-Passphrase-9' };
let t: TestApp;
let standin: PayfastStandin;
let admin: { token: string; user: { id: string } };
let member: { token: string; user: { id: string } };
const delivered: string[] = [];

beforeAll(async () => {
  standin = await startPayfastStandin({
    merchantId: MERCHANT.id,
    merchantKey: MERCHANT.key,
    passphrase: MERCHANT.pass,
    deliver: async (url, body) => {
      delivered.push(body);
      const res = await t.request({
        method: 'POST',
        url: new URL(url).pathname,
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return res.statusCode;
    },
  });
  // PayFast's addresses point at the stand-in; no merchant account in the environment.
  t = await createTestApp({ PAYFAST_BASE_URL: standin.url, PAYFAST_API_URL: standin.url, PAYFAST_NOTIFY_IPS: '127.0.0.1' });
  admin = await createUser(t, { role: 'admin', name: 'Anele Admin' });
  member = await createUser(t, { name: 'Sipho Settings' });
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

const account = (method: 'GET' | 'PUT' | 'DELETE', token?: string, payload?: object) =>
  t.request({ method, url: '/api/giving/payment-account', token, payload });
const giveByCard = (amount: number) => t.request({ method: 'POST', url: '/api/giving', token: member.token, payload: { amount } });
const cardAvailable = async () =>
  json(await t.request({ method: 'GET', url: '/api/giving/options', token: member.token })).data.card.available as boolean;

async function pay(payment: { action: string; fields: [string, string][] }) {
  const page = await fetch(payment.action, { method: 'POST', body: new URLSearchParams(payment.fields) });
  expect(page.status, 'the stand-in accepts the signed checkout').toBe(200);
  const session = (await page.text()).match(/name="session" value="([\w-]+)"/)![1]!;
  const done = await fetch(`${standin.url}/eng/process/pay`, {
    method: 'POST',
    body: new URLSearchParams({ session }),
    redirect: 'manual',
  });
  expect(done.status).toBe(302);
}
const statusOf = async (id: string) => (await t.database.db.select().from(donations).where(eq(donations.id, id)))[0]!.status;

describe('the card payment account entered in settings', () => {
  it('without one, card giving says plainly it is not set up', async () => {
    expect(json(await account('GET', admin.token)).data.merchant).toMatchObject({ source: 'none', merchantId: null, passphraseSet: false });
    expect(await cardAvailable()).toBe(false);
    const res = await giveByCard(50);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(CARD_NOT_SET_UP);
  });

  it('only administrators see or change it: a granted treasurer, a pastor and a member are refused', async () => {
    expect((await account('GET')).statusCode).toBe(401);
    const treasurer = await createUser(t, { role: 'deacon', permissions: ['finance:manage', 'finance:read'] });
    const pastor = await createUser(t, { role: 'pastor' });
    for (const who of [treasurer, pastor, member]) {
      expect((await account('GET', who.token)).statusCode).toBe(403);
      expect((await account('PUT', who.token, { merchantId: '1', merchantKey: 'abc' })).statusCode).toBe(403);
      expect((await account('DELETE', who.token)).statusCode).toBe(403);
    }
    expect(await t.database.db.select().from(paymentSettings)).toHaveLength(0);
  });

  it('refuses a malformed account with the field named', async () => {
    const res = await account('PUT', admin.token, { merchantId: 'PF-123', merchantKey: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('Merchant ID must be the number PayFast shows under Settings → Integration');
  });

  it('once entered, a card gift is signed with its passphrase and completed by the verified notification; the passphrase never leaves the server', async () => {
    const saved = await account('PUT', admin.token, { merchantId: MERCHANT.id, merchantKey: MERCHANT.key, passphrase: MERCHANT.pass });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe(MERCHANT_TEXTS.saved);
    expect(json(saved).data.merchant).toEqual({
      source: 'settings',
      provider: 'payfast',
      merchantId: MERCHANT.id,
      merchantKey: MERCHANT.key,
      passphraseSet: true,
      sandbox: false,
      updatedAt: expect.any(String),
    });
    expect(saved.body).not.toContain(MERCHANT.pass);
    // Sealed at rest: the row (and so a dump or a backup) does not hold it readable.
    const [row] = await t.database.db.select().from(paymentSettings);
    expect(row!.sealedPassphrase).not.toContain(MERCHANT.pass);
    expect(row!.sealedPassphrase).toMatch(/^v1\./);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payments.merchant_saved'));
    expect(entry!.summary).toBe(`PayFast merchant ${MERCHANT.id} saved; passphrase changed`);
    expect(JSON.stringify(entry)).not.toContain(MERCHANT.pass);

    expect(await cardAvailable()).toBe(true);
    const gift = await giveByCard(120);
    expect(gift.statusCode).toBe(201);
    const { donation, payment } = json(gift).data;
    expect(donation.status).toBe('pending');
    expect(gift.body).not.toContain(MERCHANT.pass);
    // The stand-in checks the checkout's signature with the passphrase: a wrong one is refused there.
    await pay(payment);
    expect(await statusOf(donation.id)).toBe('completed');

    // Saved again without a passphrase: the stored one is kept, and giving still works.
    const again = await account('PUT', admin.token, { merchantId: MERCHANT.id, merchantKey: MERCHANT.key });
    expect(json(again).data.merchant.passphraseSet).toBe(true);
    const second = json(await giveByCard(35)).data;
    await pay(second.payment);
    expect(await statusOf(second.donation.id)).toBe('completed');
  });

  it('a notification signed with another passphrase is refused and changes nothing', async () => {
    const { donation } = json(await giveByCard(70)).data;
    const pairs: [string, string][] = [
      ['m_payment_id', donation.reference],
      ['pf_payment_id', '777'],
      ['payment_status', 'COMPLETE'],
      ['amount_gross', '70.00'],
      ['merchant_id', MERCHANT.id],
    ];
    pairs.push(['signature', sign(pairs, 'notification', 'not-the-churchs-passphrase')]);
    const res = await t.request({
      method: 'POST',
      url: '/api/giving/payfast/notify',
      payload: new URLSearchParams(pairs).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(await statusOf(donation.id)).toBe('pending');
    const log = await t.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.reference, donation.reference));
    expect(log.map((l) => l.reason)).toEqual(['signature does not match']);
  });

  it('removed: card giving is off again, and a notification for an earlier checkout is refused', async () => {
    const { donation, payment } = json(await giveByCard(90)).data;
    const removed = await account('DELETE', admin.token);
    expect(json(removed).message).toBe(MERCHANT_TEXTS.removed);
    expect(json(removed).data.merchant.source).toBe('none');
    expect(await cardAvailable()).toBe(false);
    expect(json(await giveByCard(10)).message).toBe(CARD_NOT_SET_UP);
    // The giver pays the checkout opened before: the server has no account to verify it with, so nothing changes.
    const before = delivered.length;
    await pay(payment);
    expect(delivered.length).toBe(before + 1);
    expect(await statusOf(donation.id)).toBe('pending');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payments.merchant_removed'));
    expect(audit.map((a) => a.summary)).toEqual([`PayFast merchant ${MERCHANT.id} removed: card giving is off`]);
  });
});
