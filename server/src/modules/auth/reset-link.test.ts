import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { startSmtpStandIn } from '../../../test/support/smtp-stand-in';
import { emailOutbox, passwordResetTokens } from '../../db/schema/index';
import { MAIL_SECRET_SLOT, MAIL_SECRET_WITHHELD } from '../../lib/mailer';
import { createSealer } from '../../lib/seal';
import { writeBackup } from '../ops/backup/write-backup';

/**
 * A password-reset link belongs to its owner alone (issue 15, fix 2): no
 * stored copy of the mail holds it, so neither the mail log, nor the database,
 * nor a backup an administrator (or anyone holding the file) reads can take
 * over the account. With SMTP the link waits sealed with a key derived from
 * the server secret and is put into the mail only as it is sent; without SMTP
 * it is not kept at all. Runs on PGlite and on PostgreSQL (each engine's backup).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reset-link-test-'));

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://church.example' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const forgot = (email: string) => t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
/** Runs the mail jobs that are due; `retryNow` also makes waiting retries due (once each round: with a failing server, all of them). */
const deliver = (retryNow = true) => t.ctx.jobs.drain({ names: ['mail.send'], retryNow });
const outboxOf = async (to: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
/** The reset token in the mail the SMTP stand-in received (quoted-printable undone). */
function mailedToken(to: string): string {
  const mails = smtp.received.filter((m) => m.to.includes(to));
  const raw = mails
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(raw)![1]!);
}
/** A whole backup of this database (the engine's own way: one snapshot on PostgreSQL, batches on PGlite) as text. */
async function backupText(): Promise<string> {
  const file = path.join(dir, `b-${Date.now()}.tar`);
  await writeBackup(t.database, t.config.uploadDir, fs.createWriteStream(file));
  const text = fs.readFileSync(file, 'latin1');
  fs.rmSync(file);
  return text;
}

describe('a reset link is never stored readable', () => {
  it('waits sealed while delivery is pending: the stored mail, the database and a backup hold no link', async () => {
    const { user } = await createUser(t, { email: 'owner.pending@example.org' });
    smtp.state.failWith = 'Mailbox busy, try later';
    try {
      expect((await forgot(user.email!)).statusCode).toBe(200);
      await deliver(false); // the first attempt fails: the mail stays pending, as it would for hours on a bad SMTP day
      const [row] = await outboxOf(user.email!);
      expect(row!.sentAt).toBeNull();
      expect(row!.bodyText).toContain(MAIL_SECRET_SLOT);
      expect(row!.bodyText).not.toMatch(/token=/);
      expect(row!.sealedSecret).toMatch(/^v1\./);
      const pendingBackup = await backupText();
      expect(pendingBackup).toContain('owner.pending@example.org'); // the outbox row is in it…
      expect(pendingBackup).not.toContain(row!.sealedSecret!); // …without the sealed link

      smtp.state.failWith = undefined;
      await deliver();
      const token = mailedToken(user.email!);
      expect(token.length).toBeGreaterThan(20);
      // The backup taken while the mail waited holds neither the token nor any reset link.
      expect(pendingBackup).not.toContain(token);
      expect(pendingBackup).not.toContain('reset-password?token');
      // Delivered: the sealed copy is gone and the stored body says where the link went.
      const [sent] = await outboxOf(user.email!);
      expect(sent!.sentAt).not.toBeNull();
      expect(sent!.sealedSecret).toBeNull();
      expect(sent!.bodyText).toContain(MAIL_SECRET_WITHHELD);
      const afterBackup = await backupText();
      expect(afterBackup).not.toContain(token);
      expect(afterBackup).not.toContain('reset-password?token');

      // The owner's mail works: once.
      const ok = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Fresh-Start-77' } });
      expect(ok.statusCode).toBe(200);
      const again = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Another-Try-88' } });
      expect(again.statusCode).toBe(400);
      expect(json(again).message).toMatch(/invalid, has expired or was already used/);
    } finally {
      smtp.state.failWith = undefined;
    }
  });

  it('an expired link gives a clear 400', async () => {
    const { user } = await createUser(t, { email: 'owner.late@example.org' });
    await forgot(user.email!);
    await deliver();
    const token = mailedToken(user.email!);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Another-Try-88' } });
    expect(res.statusCode).toBe(400);
  });

  it('a link sealed under another server secret is not sent; the mail log says why', async () => {
    const { user } = await createUser(t, { email: 'owner.rotated@example.org' });
    smtp.state.failWith = 'Mailbox busy, try later';
    await forgot(user.email!);
    await deliver(false);
    smtp.state.failWith = undefined;
    // As if JWT_SECRET changed between the request and the delivery.
    const foreign = createSealer('a-different-server-secret-of-enough-length', 'mail').seal(
      'https://church.example/reset-password?token=x',
    );
    await t.database.db.update(emailOutbox).set({ sealedSecret: foreign }).where(eq(emailOutbox.toAddress, user.email!));
    await deliver();
    const [row] = await outboxOf(user.email!);
    expect(row!.sentAt).toBeNull();
    expect(row!.failedAt).not.toBeNull();
    expect(row!.error).toMatch(/could not be unsealed/);
    expect(row!.sealedSecret).toBeNull();
    expect(smtp.received.some((m) => m.to.includes(user.email!))).toBe(false);
  });

  it('only a superadmin may download a whole-church backup (it holds every password hash)', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const superadmin = await createUser(t, { role: 'superadmin' });
    const refused = await t.request({ method: 'GET', url: '/api/ops/backup', token: admin.token });
    expect(refused.statusCode).toBe(403);
    const { user } = await createUser(t, { email: 'owner.api@example.org' });
    smtp.state.failWith = 'Mailbox busy, try later';
    try {
      await forgot(user.email!);
      await deliver(false);
      const res = await t.request({ method: 'GET', url: '/api/ops/backup', token: superadmin.token });
      expect(res.statusCode).toBe(200);
      const [row] = await outboxOf(user.email!);
      expect(res.rawPayload.toString('latin1')).not.toContain(row!.sealedSecret!);
      expect(res.rawPayload.toString('latin1')).not.toContain('reset-password?token');
    } finally {
      smtp.state.failWith = undefined;
    }
  });
});

describe('without SMTP', () => {
  it('the link is not kept at all (nobody could deliver it)', async () => {
    const plain = await createTestApp();
    try {
      const { user } = await createUser(plain, { email: 'owner.nosmtp@example.org' });
      await plain.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email! } });
      const [row] = await plain.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email!));
      expect(row!.kind).toBe('password-reset');
      expect(row!.sealedSecret).toBeNull();
      expect(row!.bodyText).not.toMatch(/token=|reset-password/);
      expect(row!.bodyText).toContain(MAIL_SECRET_WITHHELD);
    } finally {
      await plain.close();
    }
  });
});
