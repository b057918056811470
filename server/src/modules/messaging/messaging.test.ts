import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { RECIPIENT_TYPES, MESSAGING_TEXTS } from '@church/contract/messaging';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { startSmtpStandIn } from '../../../test/support/smtp-stand-in';
import { auditLog, bulkMessageRecipients, bulkMessages, consents, emailOutbox, notifications, users } from '../../db/schema/index';
import { consentGranted } from '../consents/service';
import { audienceWhere } from './audience';
import { SEND_JOB } from './service';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let pastor: { token: string; user: { id: string } };
let member: { token: string; user: { id: string } };
/** Fixture people by what they are, to check each recipient type exactly. */
const people: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://church.example' });
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho Dlamini' });
  member = await createUser(t, { role: 'member', name: 'Lerato Khumalo' });
  people.pastor = pastor.user.id;
  people.member = member.user.id;
  const add = async (key: string, o: Parameters<typeof createUser>[1]) => (people[key] = (await createUser(t, o)).user.id);
  await add('volunteerRole', { role: 'volunteer', name: 'Vusi Volunteer' });
  await add('flagged', { role: 'member', isVolunteer: true, name: 'Faith Flagged' });
  await add('deacon', { role: 'deacon', name: 'Dumisani Deacon' });
  await add('elder', { role: 'elder', name: 'Eunice Elder' });
  await add('visitor', { role: 'member', status: 'visitor', name: 'Victor Visitor' });
  await add('inactive', { role: 'member', status: 'inactive', name: 'Ivy Inactive' });
  await add('switchedOff', { role: 'member', isActive: false, name: 'Sam Switched' });
  await add('developer', { role: 'developer', name: 'Dev Only' });
  await add('optedOut', { role: 'member', name: 'Olwethu Optout' });
  await t.database.db
    .insert(consents)
    .values({ userId: people.optedOut!, kind: 'email_church', granted: false, wording: 'x', source: 'profile' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const bulk = (payload: object, token = pastor.token) => t.request({ method: 'POST', url: '/api/notifications/bulk', token, payload });
const drain = () => t.ctx.jobs.drain({ names: [SEND_JOB, 'mail.send'] });

describe('who may send', () => {
  it('needs sign-in and a pastor-page role', async () => {
    expect((await t.request({ method: 'POST', url: '/api/notifications/bulk', payload: {} })).statusCode).toBe(401);
    expect((await bulk({ subject: 'x', message: 'y', recipientType: 'all' }, member.token)).statusCode).toBe(403);
    const elder = await createUser(t, { role: 'elder' });
    expect((await t.request({ method: 'GET', url: '/api/messages', token: elder.token })).statusCode).toBe(403);
    // Out of the audiences counted below.
    await t.database.db.delete(users).where(eq(users.id, elder.user.id));
  });

  it("refuses a draft without subject or message with the spec's words, and a schedule without date and time", async () => {
    const res = await bulk({ subject: ' ', message: 'Hello', recipientType: 'all' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain(MESSAGING_TEXTS.required);
    const noDate = await bulk({ subject: 'S', message: 'M', recipientType: 'all', schedule: 'scheduled', scheduledTime: '10:00' });
    expect(noDate.statusCode).toBe(400);
    expect(JSON.stringify(json(noDate))).toContain(MESSAGING_TEXTS.dateTimeRequired);
    const past = await bulk({
      subject: 'S',
      message: 'M',
      recipientType: 'all',
      schedule: 'scheduled',
      scheduledDate: '2020-01-01',
      scheduledTime: '10:00',
    });
    expect(past.statusCode).toBe(400);
    expect(json(past).message).toBe(MESSAGING_TEXTS.inPast);
    expect((await bulk({ subject: 'S', message: 'M', recipientType: 'everyone' })).statusCode).toBe(400);
  });
});

describe('recipient types', () => {
  it('select exactly the people each type names', async () => {
    const ids = Object.values(people);
    const pick = async (type: (typeof RECIPIENT_TYPES)[number]) => {
      const rows = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(audienceWhere(type), inArray(users.id, ids)));
      const byId = Object.fromEntries(Object.entries(people).map(([k, v]) => [v, k]));
      return rows.map((r) => byId[r.id]).sort();
    };
    const everyoneButDev = Object.keys(people)
      .filter((k) => k !== 'developer')
      .sort();
    expect(await pick('all')).toEqual(everyoneButDev);
    expect(await pick('active')).toEqual(['deacon', 'elder', 'flagged', 'member', 'optedOut', 'pastor', 'volunteerRole']);
    expect(await pick('volunteers')).toEqual(['deacon', 'elder', 'flagged', 'volunteerRole']);
    expect(await pick('leaders')).toEqual(['deacon', 'elder', 'pastor']);
    expect(await pick('visitors')).toEqual(['visitor']);
    expect(await pick('inactive')).toEqual(['inactive', 'switchedOff']);
  });

  it('preview counts the audience and renders the merge fields for the first recipient', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/messages/preview',
      token: pastor.token,
      payload: { subject: 'News from {churchName}', message: 'Dear {firstName}', recipientType: 'visitors' },
    });
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.recipientCount).toBe(1);
    expect(d.emailCount).toBe(1);
    expect(d.sample).toMatchObject({ name: 'Victor Visitor', message: 'Dear Victor' });
    expect(d.sample.subject).toMatch(/^News from .+/);

    // The e-mail count leaves out whoever's latest choice is "no", and only them.
    const active = json(
      await t.request({
        method: 'POST',
        url: '/api/messages/preview',
        token: pastor.token,
        payload: { subject: 's', message: 'm', recipientType: 'active' },
      }),
    ).data;
    const [agreed] = await t.database.db
      .select({ n: sql<number>`count(*) filter (where ${consentGranted('email_church', users.id)})::int` })
      .from(users)
      .where(audienceWhere('active'));
    expect(active.emailCount).toBe(agreed!.n);
    expect(active.emailCount).toBe(active.recipientCount - 1);
  });
});

describe('sending', () => {
  let messageId: string;

  it('writes one notification per recipient, mails only those who agreed, and records every delivery', async () => {
    const before = smtp.received.length;
    const res = await bulk({
      subject: 'Hello {firstName}',
      message: 'Dear {firstName}, welcome to {churchName}.',
      recipientType: 'volunteers',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('Message sent to volunteers');
    messageId = json(res).data.bulkMessage.id;
    await drain();

    const [msg] = await t.database.db.select().from(bulkMessages).where(eq(bulkMessages.id, messageId));
    expect(msg).toMatchObject({ status: 'sent', recipientCount: 4 });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.dedupeKey} like ${`bulk:${messageId}:%`}`);
    expect(notes).toHaveLength(4);
    const eunice = notes.find((n) => n.userId === people.elder)!;
    expect(eunice).toMatchObject({ type: 'message', title: 'Hello Eunice' });
    expect(eunice.message).toMatch(/^Dear Eunice, welcome to .+\.$/);
    expect(eunice.message).not.toContain('{churchName}');

    const mails = smtp.received.slice(before);
    expect(mails.flatMap((m) => m.to).sort()).toHaveLength(4);
    const raw = mails[0]!.raw;
    expect(raw).toMatch(/List-Unsubscribe:\s{1,3}<https:\/\/church\.example\/api\/messages\/unsubscribe\/[0-9a-f-]{36}\.[\w-]{32}>/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const detail = json(await t.request({ method: 'GET', url: `/api/messages/${messageId}`, token: pastor.token })).data.bulkMessage;
    expect(detail.stats).toEqual({
      recipients: 4,
      inApp: 4,
      emailQueued: 0,
      emailSent: 4,
      emailFailed: 0,
      emailSkipped: 0,
      unsubscribed: 0,
    });

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, messageId));
    expect(audit.map((a) => a.action)).toEqual(['message.sent']);
  });

  it('a member who opted out gets the notification and no e-mail, and the reason is shown', async () => {
    const before = smtp.received.length;
    const res = await bulk({ subject: 'Service update', message: 'See you Sunday', recipientType: 'active' });
    const id = json(res).data.bulkMessage.id;
    await drain();
    const got = smtp.received.slice(before).flatMap((m) => m.to);
    const [optedOut] = await t.database.db.select().from(users).where(eq(users.id, people.optedOut!));
    expect(got).not.toContain(optedOut!.email);
    const recips = json(await t.request({ method: 'GET', url: `/api/messages/${id}/recipients?limit=200`, token: pastor.token })).data
      .recipients;
    const row = recips.find((r: { name: string }) => r.name === 'Olwethu Optout');
    expect(row).toMatchObject({ inApp: true, emailState: 'skipped', emailDetail: 'Opted out of church e-mail' });
    expect(got.length).toBe(recips.filter((r: { emailState: string }) => r.emailState === 'sent').length);
  });

  it('a rerun of an interrupted send writes nothing twice', async () => {
    const before = smtp.received.length;
    const [n0] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    await t.database.db.update(bulkMessages).set({ status: 'sending', completedAt: null }).where(eq(bulkMessages.id, messageId));
    await t.ctx.jobs.send(SEND_JOB, { messageId });
    await drain();
    const [n1] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    expect(n1!.n).toBe(n0!.n);
    expect(smtp.received.length).toBe(before);
    const [msg] = await t.database.db.select().from(bulkMessages).where(eq(bulkMessages.id, messageId));
    expect(msg!.status).toBe('sent');
  });

  it('a send cut off between writing notifications and linking them links the same ones on its rerun', async () => {
    const [n0] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    const linked = await t.database.db
      .select({ id: bulkMessageRecipients.id, notificationId: bulkMessageRecipients.notificationId })
      .from(bulkMessageRecipients)
      .where(eq(bulkMessageRecipients.messageId, messageId));
    // As if the run stopped after the notifications were written: none of the recipient rows knows its own.
    await t.database.db.update(bulkMessageRecipients).set({ notificationId: null }).where(eq(bulkMessageRecipients.messageId, messageId));
    await t.database.db.update(bulkMessages).set({ status: 'sending', completedAt: null }).where(eq(bulkMessages.id, messageId));
    await t.ctx.jobs.send(SEND_JOB, { messageId });
    await drain();
    const [n1] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    expect(n1!.n).toBe(n0!.n);
    const relinked = await t.database.db
      .select({ id: bulkMessageRecipients.id, notificationId: bulkMessageRecipients.notificationId })
      .from(bulkMessageRecipients)
      .where(eq(bulkMessageRecipients.messageId, messageId));
    const byId = (rows: typeof linked) => Object.fromEntries(rows.map((r) => [r.id, r.notificationId]));
    expect(byId(relinked)).toEqual(byId(linked));
    expect(linked.every((r) => r.notificationId)).toBe(true);
  });

  it('the unsubscribe link works without sign-in, once, and only for its own recipient', async () => {
    const mail = smtp.received.find((m) => m.raw.includes('Hello Vusi'))!;
    const token = /unsubscribe\/([0-9a-f-]{36}\.[\w-]{32})/.exec(mail.raw.replace(/=\r?\n/g, ''))![1]!;
    const info = await t.request({ method: 'GET', url: `/api/messages/unsubscribe/${token}` });
    expect(info.statusCode).toBe(200);
    expect(json(info).data).toMatchObject({ alreadyUsed: false, subscribed: true });
    expect(json(info).data.maskedEmail).not.toContain('vusi');

    // Someone else's recipient id under this signature is refused.
    const [other] = await t.database.db
      .select({ id: bulkMessageRecipients.id })
      .from(bulkMessageRecipients)
      .where(and(eq(bulkMessageRecipients.messageId, messageId), eq(bulkMessageRecipients.userId, people.elder!)));
    const forged = `${other!.id}.${token.split('.')[1]}`;
    expect((await t.request({ method: 'POST', url: `/api/messages/unsubscribe/${forged}` })).statusCode).toBe(400);
    expect(await t.ctx.consents.has(people.elder!, 'email_church')).toBe(true);

    // One click as mail clients send it (RFC 8058).
    const once = await t.request({
      method: 'POST',
      url: `/api/messages/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(once.statusCode).toBe(200);
    expect(json(once).message).toBe(MESSAGING_TEXTS.unsubscribed);
    expect(await t.ctx.consents.has(people.volunteerRole!, 'email_church')).toBe(false);
    const [rec] = await t.database.db.select().from(consents).where(eq(consents.userId, people.volunteerRole!));
    expect(rec).toMatchObject({ source: 'unsubscribe_link', granted: false });

    const twice = await t.request({ method: 'POST', url: `/api/messages/unsubscribe/${token}` });
    expect(twice.statusCode).toBe(410);
    expect(json(twice).message).toBe(MESSAGING_TEXTS.unsubscribeUsed);
    expect((await t.request({ method: 'POST', url: '/api/messages/unsubscribe/not-a-token' })).statusCode).toBe(400);
  });
});

describe('scheduling', () => {
  it('a scheduled message waits, and can be cancelled until it starts', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await bulk({
      subject: 'Later',
      message: 'Soon',
      recipientType: 'leaders',
      schedule: 'scheduled',
      scheduledDate: day,
      scheduledTime: '09:30',
    });
    expect(res.statusCode).toBe(201);
    // Spec 001 §8's toast, worded so it reads well ('scheduled for leaders', never 'leaders members').
    expect(json(res).message).toBe('Message scheduled for leaders');
    const m = json(res).data.bulkMessage;
    expect(m.status).toBe('scheduled');
    // 09:30 in Africa/Johannesburg (UTC+2).
    expect(m.scheduledFor).toBe(`${day}T07:30:00.000Z`);
    await drain();
    expect((await t.database.db.select().from(bulkMessageRecipients).where(eq(bulkMessageRecipients.messageId, m.id))).length).toBe(0);

    const list = json(await t.request({ method: 'GET', url: '/api/messages?status=scheduled', token: pastor.token })).data;
    expect(list.messages.map((x: { id: string }) => x.id)).toContain(m.id);

    expect((await t.request({ method: 'POST', url: `/api/messages/${m.id}/cancel`, token: member.token })).statusCode).toBe(403);
    const cancel = await t.request({ method: 'POST', url: `/api/messages/${m.id}/cancel`, token: pastor.token });
    expect(cancel.statusCode).toBe(200);
    expect(json(cancel).data.bulkMessage.status).toBe('cancelled');
    expect((await t.ctx.jobs.getJob(SEND_JOB, m.id))?.state).toBe('cancelled');
    expect((await t.request({ method: 'POST', url: `/api/messages/${m.id}/cancel`, token: pastor.token })).statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, m.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['message.cancelled', 'message.scheduled']);
    // The summary a person reads says the church's wall time, en-ZA, never an ISO string (issue 31).
    const scheduled = audit.find((a) => a.action === 'message.scheduled')!;
    const local = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });
    expect(scheduled.summary).toMatch(new RegExp(`^Scheduled "Later" to leaders members \\(\\d+\\) for ${local}, 09:30$`));
    expect(scheduled.summary).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});

describe('e-mail that keeps failing', () => {
  it('is retried, then marked failed with its reason on the recipient', async () => {
    smtp.state.failWith = 'Mailbox unavailable';
    try {
      const res = await bulk({ subject: 'Retry me', message: 'x', recipientType: 'visitors' });
      const id = json(res).data.bulkMessage.id;
      await drain();
      for (let i = 0; i < 6; i++) await t.ctx.jobs.drain({ names: ['mail.send'], retryNow: true });
      const [r] = json(await t.request({ method: 'GET', url: `/api/messages/${id}/recipients`, token: pastor.token })).data.recipients;
      expect(r).toMatchObject({ emailState: 'failed' });
      expect(r.emailDetail).toContain('Mailbox unavailable');
      const [o] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Retry me'));
      expect(o!.attempts).toBe(5);
      expect(
        json(await t.request({ method: 'GET', url: `/api/messages/${id}`, token: pastor.token })).data.bulkMessage.stats.emailFailed,
      ).toBe(1);
    } finally {
      smtp.state.failWith = undefined;
    }
  });
});

describe('templates and stats', () => {
  it('a leader saves, changes, lists and deletes templates', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/notifications/templates',
      token: pastor.token,
      payload: { name: 'Welcome', subject: 'Welcome, {firstName}', message: 'Glad you came to {churchName}.' },
    });
    expect(created.statusCode).toBe(201);
    const id = json(created).data.template.id;
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/notifications/templates',
          token: pastor.token,
          payload: { name: 'Welcome', subject: 'a', message: 'b' },
        })
      ).statusCode,
    ).toBe(409);
    const put = await t.request({
      method: 'PUT',
      url: `/api/notifications/templates/${id}`,
      token: pastor.token,
      payload: { name: 'Welcome', subject: 'Hi {firstName}', message: 'b' },
    });
    expect(json(put).data.template.subject).toBe('Hi {firstName}');
    const list = json(await t.request({ method: 'GET', url: '/api/notifications/templates', token: pastor.token })).data.templates;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Welcome']);
    expect((await t.request({ method: 'GET', url: '/api/notifications/templates', token: member.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/notifications/templates/${id}`, token: pastor.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/notifications/templates/${id}`, token: pastor.token })).statusCode).toBe(404);
  });

  it('stats add up the recipient rows', async () => {
    const res = await t.request({ method: 'GET', url: '/api/notifications/stats', token: pastor.token });
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bulkMessageRecipients);
    expect(d.delivery.recipients).toBe(row!.n);
    expect(d.delivery.inApp).toBe(row!.n);
    expect(d.messages).toMatchObject({ cancelled: 1 });
    expect(d.delivery.unsubscribed).toBe(1);
  });

  it('POST /notifications sends one member a note, audited', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/notifications',
      token: pastor.token,
      payload: { userId: member.user.id, title: 'Hi', message: 'Thinking of you' },
    });
    expect(res.statusCode).toBe(201);
    const mine = json(await t.request({ method: 'GET', url: '/api/notifications/user', token: member.token })).data.notifications;
    expect(mine[0]).toMatchObject({ title: 'Hi', message: 'Thinking of you', type: 'message' });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/notifications',
          token: member.token,
          payload: { userId: member.user.id, title: 'x', message: 'y' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('a larger audience', () => {
  it('goes out in several slices: one notification and at most one e-mail each, every delivery recorded', async () => {
    // More people than one slice of the send holds (50), half of them opted out (fewer mails to wait for).
    const extra = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          name: `Visitor${i} Many`,
          email: `many.visitor${i}@example.org`,
          passwordHash: 'x',
          role: 'member' as const,
          status: 'visitor',
        })),
      )
      .returning({ id: users.id });
    const optedOut = extra.filter((_, i) => i % 2 === 0).map((u) => u.id);
    await t.database.db
      .insert(consents)
      .values(optedOut.map((userId) => ({ userId, kind: 'email_church', granted: false, wording: 'x', source: 'profile' })));
    const before = smtp.received.length;
    const res = await bulk({ subject: 'Welcome {firstName}', message: 'Hello {firstName}', recipientType: 'visitors' });
    expect(res.statusCode).toBe(201);
    const id = json(res).data.bulkMessage.id;
    await drain();

    const recips = await t.database.db.select().from(bulkMessageRecipients).where(eq(bulkMessageRecipients.messageId, id));
    expect(recips).toHaveLength(61); // the 60 and Victor Visitor
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.dedupeKey} like ${`bulk:${id}:%`}`);
    expect(notes).toHaveLength(61);
    expect(new Set(recips.map((r) => r.notificationId)).size).toBe(61);
    const noteOf = new Map(notes.map((n) => [n.id, n]));
    for (const r of recips)
      expect(noteOf.get(r.notificationId!)).toMatchObject({ userId: r.userId, title: `Welcome ${r.name.split(' ')[0]}` });

    const mailed = smtp.received.slice(before).flatMap((m) => m.to);
    expect(mailed).toHaveLength(61 - optedOut.length);
    expect(new Set(mailed).size).toBe(mailed.length);
    const skipped = recips.filter((r) => r.emailState === 'skipped');
    expect(skipped.map((r) => r.userId).sort()).toEqual([...optedOut].sort());
    expect(recips.filter((r) => r.emailState === 'queued').every((r) => r.outboxId)).toBe(true);
    const detail = json(await t.request({ method: 'GET', url: `/api/messages/${id}`, token: pastor.token })).data.bulkMessage;
    expect(detail).toMatchObject({ status: 'sent' });
    expect(detail.stats).toMatchObject({ recipients: 61, inApp: 61, emailSent: 61 - optedOut.length, emailSkipped: optedOut.length });
  });
});
