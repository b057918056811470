import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { startSmtpStandIn } from '../../../../test/support/smtp-stand-in';
import { auditLog, emailOutbox, memberInvitations, users } from '../../../db/schema/index';
import { sha256 } from '../../../lib/tokens';

/**
 * Invitations to the portal (issue 31): e-mail with a set-password link (SMTP), or a link shown once
 * (no SMTP, or no e-mail); single-use, expiring, stored only as a hash; someone recorded without an
 * e-mail gives one when accepting. Two apps: one with the SMTP stand-in, one without SMTP.
 */
let mailApp: TestApp;
let plain: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  [mailApp, plain] = await Promise.all([createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://church.example' }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([mailApp?.close(), plain?.close()]);
  await smtp?.close();
});

const invite = (t: TestApp, token: string, id: string, channel: string) =>
  t.request({ method: 'POST', url: `/api/members/${id}/invitation`, token, payload: { channel } });
const info = (t: TestApp, token: string) => t.request({ method: 'GET', url: `/api/auth/invitation?token=${encodeURIComponent(token)}` });
const accept = (t: TestApp, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/auth/accept-invitation', payload });
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

describe('invitations without SMTP: a link shown once', () => {
  it('a person recorded without e-mail gets a link, gives an e-mail and a password, and is signed in; the link then fails', async () => {
    const pastor = await createUser(plain, { role: 'pastor', name: 'Pastor Link' });
    const { user: gogo } = await createUser(plain, { name: 'Gogo Dlamini', email: null, passwordHash: null, phone: '+27825550123' });
    const byMail = await invite(plain, pastor.token, gogo.id, 'email');
    expect(byMail.statusCode).toBe(400);
    expect(json(byMail).message).toBe('This person has no e-mail address: create an invitation link instead');

    const res = await invite(plain, pastor.token, gogo.id, 'link');
    expect(res.statusCode).toBe(201);
    const inv = json(res).data.invitation;
    expect(inv.link).toMatch(/\/invitation\?token=/);
    expect(inv.whatsappUrl).toMatch(/^https:\/\/wa\.me\/27825550123\?text=.*Gogo/);
    const token = tokenOf(inv.link);
    // Only a hash is kept; the audit entry names the channel, never the link.
    const [row] = await plain.database.db.select().from(memberInvitations).where(eq(memberInvitations.userId, gogo.id));
    expect(row!.tokenHash).toBe(sha256(token));
    const audits = await plain.database.db.select().from(auditLog).where(eq(auditLog.entityId, gogo.id));
    expect(JSON.stringify(audits)).not.toContain(token);

    expect(json(await info(plain, token)).data).toMatchObject({ name: 'Gogo Dlamini', email: null, needsEmail: true });
    const noEmail = await accept(plain, { token, password: 'Umoya-Omuhle-77' });
    expect(noEmail.statusCode).toBe(400);
    expect(json(noEmail).message).toBe('Email is required: you sign in with it');
    const ok = await accept(plain, { token, password: 'Umoya-Omuhle-77', email: 'Gogo@Example.org' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).user).toMatchObject({ name: 'Gogo Dlamini', email: 'gogo@example.org' });
    const me = await plain.request({ method: 'GET', url: '/api/auth/me', token: json(ok).token });
    expect(me.statusCode).toBe(200);
    const login = await plain.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gogo@example.org', password: 'Umoya-Omuhle-77' },
    });
    expect(login.statusCode).toBe(200);

    // Single-use.
    const again = await accept(plain, { token, password: 'Another-Pass-88', email: 'x@example.org' });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(
      'This invitation link is invalid, has expired or was already used. Please ask your church for a new one.',
    );
    expect((await info(plain, token)).statusCode).toBe(400);
    // Has an account now: no new invitation.
    expect(json(await invite(plain, pastor.token, gogo.id, 'link')).message).toMatch(/already has a portal account/);
  });

  it('a new invitation replaces the earlier link; an expired link fails; a taken e-mail is refused and the link still works', async () => {
    const pastor = await createUser(plain, { role: 'pastor' });
    const taken = await createUser(plain, { email: 'taken@example.org' });
    const { user: kid } = await createUser(plain, { name: 'Sipho Child', email: null, passwordHash: null });
    const first = tokenOf(json(await invite(plain, pastor.token, kid.id, 'link')).data.invitation.link);
    const second = tokenOf(json(await invite(plain, pastor.token, kid.id, 'link')).data.invitation.link);
    expect((await info(plain, first)).statusCode).toBe(400);
    const clash = await accept(plain, { token: second, password: 'Umoya-Omuhle-77', email: taken.user.email });
    expect(clash.statusCode).toBe(409);
    expect((await info(plain, second)).statusCode).toBe(200);
    await plain.database.db
      .update(memberInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberInvitations.userId, kid.id));
    expect((await accept(plain, { token: second, password: 'Umoya-Omuhle-77', email: 'sipho@example.org' })).statusCode).toBe(400);
  });

  it('e-mail invitations need SMTP; only members:manage may invite; a developer account is not a member', async () => {
    const pastor = await createUser(plain, { role: 'pastor' });
    const { user } = await createUser(plain, { email: 'has.mail@example.org', passwordHash: null });
    const res = await invite(plain, pastor.token, user.id, 'email');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('E-mail is not set up on this server: create an invitation link instead');
    const member = await createUser(plain);
    expect((await invite(plain, member.token, user.id, 'link')).statusCode).toBe(403);
    expect(
      (await plain.request({ method: 'POST', url: `/api/members/${user.id}/invitation`, payload: { channel: 'link' } })).statusCode,
    ).toBe(401);
    const dev = await createUser(plain, { role: 'developer', passwordHash: null });
    expect((await invite(plain, pastor.token, dev.user.id, 'link')).statusCode).toBe(404);
  });
});

describe('invitations by e-mail', () => {
  it('mails a set-password link that no stored copy holds; the person sets a password with it', async () => {
    const pastor = await createUser(mailApp, { role: 'pastor', name: 'Pastor Mail' });
    const { user } = await createUser(mailApp, { name: 'Lerato Mail', email: 'lerato.invite@example.org', passwordHash: null });
    const res = await invite(mailApp, pastor.token, user.id, 'email');
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('Invitation sent to lerato.invite@example.org');
    expect(json(res).data.invitation.link).toBeNull();
    await mailApp.ctx.jobs.drain({ names: ['mail.send'], retryNow: true });
    const mail = smtp.received.filter((m) => m.to.includes('lerato.invite@example.org')).at(-1)!;
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = decodeURIComponent(/invitation\?token=([\w%-]+)/.exec(raw)![1]!);
    const [stored] = await mailApp.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'lerato.invite@example.org'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const ok = await accept(mailApp, { token, password: 'Umoya-Omuhle-77', email: 'ignored@example.org' });
    expect(ok.statusCode).toBe(200);
    const [after] = await mailApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.email).toBe('lerato.invite@example.org');
    expect(after!.passwordHash).not.toBeNull();
  });
});
