/**
 * Issue 13: "consent is checked at send time, per channel". A bulk message's
 * e-mails are queued with the consent read at that moment; the delivery job
 * reads it again right before each attempt, so a member who unsubscribes
 * between the queueing and the sending (or while a retry waits) gets nothing,
 * and the delivery list says why. Transactional mail is not held back by it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { startSmtpStandIn } from '../../../test/support/smtp-stand-in';
import { emailOutbox } from '../../db/schema/index';
import { consentWithdrawnReason } from '../../lib/mailer';
import { SEND_JOB } from './service';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let pastor: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://church.example' });
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Nomsa' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const withdraw = (token: string) =>
  t.request({
    method: 'PUT',
    url: '/api/members/preferences',
    token,
    payload: { preferences: [{ kind: 'email_church', granted: false }] },
  });

/** A message to visitors (the two people a test makes visitors), its mails queued but not yet delivered. */
async function queued(subject: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/notifications/bulk',
    token: pastor.token,
    payload: { subject, message: 'Hello {firstName}', recipientType: 'visitors' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = json(res).data.bulkMessage.id as string;
  await t.ctx.jobs.drain({ names: [SEND_JOB] });
  return id;
}

const recipients = async (id: string) =>
  json(await t.request({ method: 'GET', url: `/api/messages/${id}/recipients`, token: pastor.token })).data.recipients as Array<{
    name: string;
    emailState: string;
    emailDetail: string | null;
  }>;

it('a member who withdraws consent after the mail was queued is not mailed; the reason is recorded', async () => {
  const stays = await createUser(t, { status: 'visitor', name: 'Sizwe Stays' });
  const leaves = await createUser(t, { status: 'visitor', name: 'Lindiwe Leaves' });
  const id = await queued('Queued, then withdrawn');
  // Both mails were queued: at that moment both agreed.
  expect((await recipients(id)).map((r) => r.emailState)).toEqual(['queued', 'queued']);

  expect((await withdraw(leaves.token)).statusCode).toBe(200);
  const before = smtp.received.length;
  await t.ctx.jobs.drain({ names: ['mail.send'] });

  expect(smtp.received.slice(before).flatMap((m) => m.to)).toEqual([stays.user.email!]);
  const rows = await recipients(id);
  expect(rows.find((r) => r.name === 'Sizwe Stays')).toMatchObject({ emailState: 'sent' });
  expect(rows.find((r) => r.name === 'Lindiwe Leaves')).toMatchObject({
    emailState: 'skipped',
    emailDetail: consentWithdrawnReason('email_church'),
  });
  const stats = json(await t.request({ method: 'GET', url: `/api/messages/${id}`, token: pastor.token })).data.bulkMessage.stats;
  expect(stats).toMatchObject({ recipients: 2, emailSent: 1, emailSkipped: 1, emailQueued: 0, emailFailed: 0 });
  // The administrators' mail log says the same.
  const admin = await createUser(t, { role: 'admin' });
  const log = json(await t.request({ method: 'GET', url: '/api/outbox?limit=100', token: admin.token })).data.mails as Array<{
    to: string;
    sentAt: string | null;
    skippedAt: string | null;
    skipReason: string | null;
  }>;
  expect(log.find((m) => m.to === leaves.user.email!)).toMatchObject({ sentAt: null, skipReason: consentWithdrawnReason('email_church') });
  expect(log.find((m) => m.to === leaves.user.email!)!.skippedAt).not.toBeNull();
});

it('a retry waiting after a failed attempt checks again: consent withdrawn meanwhile means no mail', async () => {
  const leaves = await createUser(t, { status: 'visitor', name: 'Retry Withdrawn' });
  const id = await queued('Failed once, then withdrawn');
  smtp.state.failWith = 'Try again later';
  try {
    await t.ctx.jobs.drain({ names: ['mail.send'] });
  } finally {
    smtp.state.failWith = undefined;
  }
  const [first] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, leaves.user.email!));
  expect(first).toMatchObject({ attempts: 1, sentAt: null, skippedAt: null });

  expect((await withdraw(leaves.token)).statusCode).toBe(200);
  const before = smtp.received.length;
  for (let i = 0; i < 5; i++) await t.ctx.jobs.drain({ names: ['mail.send'], retryNow: true });
  expect(smtp.received.slice(before).flatMap((m) => m.to)).not.toContain(leaves.user.email!);
  const [after] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, leaves.user.email!));
  expect(after).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, skipReason: consentWithdrawnReason('email_church') });
  expect((await recipients(id)).find((r) => r.name === 'Retry Withdrawn')).toMatchObject({ emailState: 'skipped' });
});

it('transactional mail (a password reset) is sent whatever the church-mail choice', async () => {
  const person = await createUser(t, { name: 'Reset Needed' });
  expect((await withdraw(person.token)).statusCode).toBe(200);
  const before = smtp.received.length;
  const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.user.email! } });
  expect(res.statusCode).toBe(200);
  await t.ctx.jobs.drain({ names: ['mail.send'] });
  expect(smtp.received.slice(before).flatMap((m) => m.to)).toEqual([person.user.email!]);
});
