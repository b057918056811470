import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSmtpStandIn } from '../../../test/support/smtp-stand-in';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/schema/index';

/**
 * Leader alerts by e-mail, through a real SMTP conversation with the local
 * stand-in: who gets a mail (the leader's emailAlerts choice, the church's
 * emailNotifications switch), and that the link in it is a full address.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let mailing: Awaited<ReturnType<typeof createUser>>;
let quiet: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
const PUBLIC_URL = 'https://church.example';

const drain = () => t.ctx.jobs.drain({ names: ['mail.send'] });
/** Mails that arrived since `from`, as { to, subject line, body text }. */
const mailsSince = (from: number) =>
  smtp.received.slice(from).map((m) => ({
    to: m.to,
    subject: /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim(),
    // Bodies may be quoted-printable: undo soft line breaks before reading them.
    body: m.raw.replace(/=\r?\n/g, ''),
  }));
const inApp = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
async function setChurchEmail(on: boolean) {
  const settings = json(await t.request({ url: '/api/settings', token: admin.token })).data.settings;
  const body = { ...settings, notifications: { ...settings.notifications, emailNotifications: on } };
  for (const k of ['updatedAt', 'updatedBy', '_id', 'id']) delete body[k];
  const res = await t.request({ method: 'POST', url: '/api/settings', token: admin.token, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  admin = await createUser(t, { role: 'admin', email: 'admin.alerts@example.org' });
  mailing = await createUser(t, { role: 'pastor', email: 'pastor.mail@example.org' });
  quiet = await createUser(t, { role: 'pastor', email: 'pastor.quiet@example.org' });
  member = await createUser(t, { email: 'member.alerts@example.org' });
  const res = await t.request({
    method: 'PUT',
    url: '/api/care/alert-preferences',
    token: mailing.token,
    payload: { visitors: true, contactMessages: true, prayers: true, emailAlerts: true },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('leader alerts by e-mail', () => {
  it('a new visitor, a contact message and a prayer mail only the leader who asked for e-mail, with full links', async () => {
    const from = smtp.received.length;
    await t.request({
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Kagiso', lastName: 'Molefe', email: 'kagiso@example.org' },
    });
    await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'Ruth Pillay', email: 'ruth@example.org', message: 'When is the youth camp?' },
    });
    const prayer = await t.request({
      method: 'POST',
      url: '/api/prayers',
      token: member.token,
      payload: { title: 'Exams', description: 'Matric exams next week', isPublic: true },
    });
    expect(prayer.statusCode).toBe(201);
    const prayerId = json(prayer).data.prayer.id;
    await drain();

    const mails = mailsSince(from).filter((m) => m.to.includes('pastor.mail@example.org'));
    expect(mails.map((m) => m.subject).sort()).toEqual(['New message', 'New prayer request', 'New visitor']);
    const byTitle = Object.fromEntries(mails.map((m) => [m.subject, m.body]));
    expect(byTitle['New visitor']).toContain(`Open: ${PUBLIC_URL}/visitors`);
    expect(byTitle['New message']).toContain(`Open: ${PUBLIC_URL}/inbox`);
    expect(byTitle['New prayer request']).toContain(`Open: ${PUBLIC_URL}/prayers/${prayerId}`);
    // Nothing relative: every 'Open:' line is a full address.
    for (const m of mails) expect(m.body).not.toMatch(/Open: \//);

    // The other leaders kept e-mail off (the default): in-app only.
    const others = mailsSince(from).flatMap((m) => m.to);
    expect(others).not.toContain('pastor.quiet@example.org');
    expect(others).not.toContain('admin.alerts@example.org');
    expect(others).not.toContain('member.alerts@example.org');
    expect(await inApp(quiet.user.id)).toEqual(expect.arrayContaining(['New visitor', 'New message', 'New prayer request']));
  });

  it("the church's emailNotifications switch off stops every alert mail, not the in-app alerts", async () => {
    await setChurchEmail(false);
    const from = smtp.received.length;
    const before = (await inApp(mailing.user.id)).length;
    await t.request({
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Thabo', lastName: 'Nkosi', email: 'thabo@example.org' },
    });
    await drain();
    expect(mailsSince(from)).toEqual([]);
    expect((await inApp(mailing.user.id)).length).toBe(before + 1);

    await setChurchEmail(true);
    await t.request({
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Sipho', lastName: 'Zulu', email: 'sipho@example.org' },
    });
    await drain();
    expect(mailsSince(from).map((m) => m.to)).toEqual([['pastor.mail@example.org']]);
  });
});
