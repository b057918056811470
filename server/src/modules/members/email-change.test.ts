import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_TEXTS, MEMBER_TEXTS } from '@church/contract/members-manage';
import type { Role } from '@church/contract/roles';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { startSmtpStandIn } from '../../../test/support/smtp-stand-in';
import { emailChangeRequests, emailOutbox, users } from '../../db/schema/index';
import { sha256 } from '../../lib/tokens';

/**
 * Issue 29, finding 5: no leader-to-leader takeover by e-mail change. A change of someone else's login
 * e-mail is refused for peers and those above, waits for the new address to confirm it (a single-use,
 * expiring link kept only as a hash), tells the old address, and ends the person's sessions when it
 * happens. People who never signed in keep the direct change.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://church.example' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const deliver = () => t.ctx.jobs.drain({ names: ['mail.send'], retryNow: true });
const person = (role: Role, extra: Parameters<typeof createUser>[1] = {}) => createUser(t, { role, ...extra });
const detail = async (id: string, token: string) => json(await t.request({ method: 'GET', url: `/api/members/${id}`, token })).data.member;
/** The member form as the page sends it, with a new e-mail. */
async function changeEmail(actorToken: string, target: { id: string }, email: string | null) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
  return t.request({
    method: 'PUT',
    url: `/api/members/${target.id}`,
    token: actorToken,
    payload: {
      name: row!.name,
      email,
      phone: row!.phone,
      address: row!.address,
      dateOfBirth: row!.birthday,
      joinDate: row!.joinDate,
      role: row!.role,
      status: row!.status,
      occupation: row!.occupation,
      emergencyContact: row!.emergencyContact,
      notes: row!.notes,
      isVolunteer: row!.isVolunteer,
    },
  });
}
/** The confirmation token in the last mail the SMTP stand-in received for this address. */
function mailedToken(to: string): string {
  const raw = smtp.received
    .filter((m) => m.to.includes(to))
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return decodeURIComponent(/confirm-email\?token=([\w%-]+)/.exec(raw)![1]!);
}
const confirm = (token: string) => t.request({ method: 'POST', url: '/api/members/email-change/confirm', payload: { token } });
const emailOf = async (id: string) => (await t.database.db.select({ e: users.email }).from(users).where(eq(users.id, id)))[0]!.e;

describe('who may change whose login e-mail', () => {
  it('a pastor not another pastor’s nor an admin’s; an admin not another admin’s; the superadmin an admin’s', async () => {
    const pastor = await person('pastor');
    const otherPastor = await person('pastor');
    const admin = await person('admin');
    const otherAdmin = await person('admin');
    const superadmin = await person('superadmin');
    const otherSuper = await person('superadmin');

    const refused = [
      [pastor, otherPastor],
      [pastor, admin],
      [admin, otherAdmin],
      [superadmin, otherSuper],
    ] as const;
    for (const [actor, target] of refused) {
      const res = await changeEmail(actor.token, target.user, 'taken.over@example.org');
      expect(res.statusCode).toBe(403);
      expect(await emailOf(target.user.id)).toBe(target.user.email);
    }
    expect(json(await changeEmail(pastor.token, otherPastor.user, 'x@example.org')).message).toBe(MEMBER_TEXTS.emailPeerNotAllowed);
    // Nothing was asked of anyone.
    const asked = await t.database.db.select().from(emailChangeRequests);
    expect(asked.filter((r) => [otherPastor, admin, otherAdmin, otherSuper].some((p) => p.user.id === r.userId))).toHaveLength(0);

    const ok = await changeEmail(superadmin.token, admin.user, 'admin.new@example.org');
    expect(ok.statusCode).toBe(200);
    expect(json(ok).message).toBe(MEMBER_TEXTS.emailChangePending('admin.new@example.org'));
  });

  it('one’s own e-mail is changed on the profile, with the password, not on the members page', async () => {
    const pastor = await person('pastor');
    const res = await changeEmail(pastor.token, pastor.user, 'me.new@example.org');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MEMBER_TEXTS.emailOwnOnProfile);
    expect(await emailOf(pastor.user.id)).toBe(pastor.user.email);
  });
});

describe('a change of someone’s login e-mail by staff', () => {
  it('waits for the new address, tells the old one, and when confirmed ends every session; the link works once', async () => {
    const pastor = await person('pastor', { name: 'Pastor Thabo' });
    const elder = await person('elder', { name: 'Elder Naledi' });
    const oldEmail = elder.user.email!;

    const res = await changeEmail(pastor.token, elder.user, 'naledi.new@example.org');
    expect(res.statusCode).toBe(200);
    // Nothing changed yet: the elder still signs in as before, with the same session.
    expect(await emailOf(elder.user.id)).toBe(oldEmail);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: elder.token })).statusCode).toBe(200);
    const shown = await detail(elder.user.id, pastor.token);
    expect(shown.email).toBe(oldEmail);
    expect(shown.pendingEmailChange).toMatchObject({ email: 'naledi.new@example.org' });

    await deliver();
    // The old address was told, without the new one in full.
    const notice = smtp.received.filter((m) => m.to.includes(oldEmail)).at(-1)!;
    expect(notice.raw).toMatch(/Pastor Thabo/);
    expect(notice.raw).not.toContain('naledi.new@example.org');
    // Only a hash of the link is stored, and the stored mail does not hold it.
    const token = mailedToken('naledi.new@example.org');
    const [req] = await t.database.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, elder.user.id));
    expect(req!.tokenHash).toBe(sha256(token));
    const stored = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'naledi.new@example.org'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(json(done).message).toBe(EMAIL_CHANGE_TEXTS.confirmed);
    expect(await emailOf(elder.user.id)).toBe('naledi.new@example.org');
    // Every session of the elder ended; the new address signs in.
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: elder.token })).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'naledi.new@example.org', password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect((await detail(elder.user.id, pastor.token)).pendingEmailChange).toBeNull();
    // Single use.
    expect((await confirm(token)).statusCode).toBe(400);
    // The old address heard that it happened.
    await deliver();
    expect(smtp.received.filter((m) => m.to.includes(oldEmail)).at(-1)!.raw).toMatch(/was changed/);
  });

  it('an expired link changes nothing, and a newer request replaces an older one', async () => {
    const admin = await person('admin');
    const deacon = await person('deacon');
    expect((await changeEmail(admin.token, deacon.user, 'first.try@example.org')).statusCode).toBe(200);
    expect((await changeEmail(admin.token, deacon.user, 'second.try@example.org')).statusCode).toBe(200);
    await deliver();
    const first = mailedToken('first.try@example.org');
    expect((await confirm(first)).statusCode).toBe(400);
    const second = mailedToken('second.try@example.org');
    await t.database.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.tokenHash, sha256(second)));
    const expired = await confirm(second);
    expect(expired.statusCode).toBe(400);
    expect(json(expired).message).toBe(EMAIL_CHANGE_TEXTS.invalid);
    expect(await emailOf(deacon.user.id)).toBe(deacon.user.email);
  });

  it('someone who never signed in (no password) gets the new e-mail at once', async () => {
    const pastor = await person('pastor');
    const child = await person('member', { passwordHash: null, email: null });
    const res = await changeEmail(pastor.token, child.user, 'family.address@example.org');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MEMBER_TEXTS.updated);
    expect(await emailOf(child.user.id)).toBe('family.address@example.org');
  });

  it('the login e-mail of someone who signs in cannot be removed by staff', async () => {
    const pastor = await person('pastor');
    const member = await person('member');
    const res = await changeEmail(pastor.token, member.user, null);
    expect(res.statusCode).toBe(400);
    expect(await emailOf(member.user.id)).toBe(member.user.email);
  });
});
