import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, CLOSE_REASONS } from '@church/contract/chat/constants';
import type { Role } from '@church/contract/roles';
import { TWO_FACTOR_TEXTS } from '@church/contract/two-factor';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { auditLog, emailOutbox, twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema/index';
import { openSocket } from '../../realtime/test-socket';
import { currentCode } from './totp';

/**
 * Two-factor sign-in through the HTTP API (issue 29): enrolment, the second sign-in step with a code or a
 * recovery code, replay and guessing refused, the church's rule by role, an administrator's reset.
 */
let t: TestApp;
let base: string;
const STEP = 30_000;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_IP: '100000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password = TEST_PASSWORD) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const secondStep = (payload: Record<string, string>) => t.request({ method: 'POST', url: '/api/auth/login/two-factor', payload });

/** Enrols the person through the API; their secret and recovery codes for the test to use. */
async function enrol(token: string) {
  const start = await t.request({ method: 'POST', url: '/api/auth/two-factor/enrolment', token });
  expect(start.statusCode).toBe(201);
  const { secret, otpauthUri } = json(start).data;
  expect(otpauthUri).toContain(`secret=${secret}`);
  const confirm = await t.request({ method: 'PUT', url: '/api/auth/two-factor', token, payload: { code: currentCode(secret) } });
  expect(confirm.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: json(confirm).data.recoveryCodes as string[] };
}
/** A code of a later time-step than any used so far (the one of now may be spent already). */
const nextCode = (secret: string, ahead = 1) => currentCode(secret, Date.now() + ahead * STEP);

async function person(role: Role = 'member') {
  const p = await createUser(t, { role });
  return { ...p, email: p.user.email! };
}

describe('enrolment', () => {
  it('shows the secret once, turns on with the first code, gives ten recovery codes and ends the other sessions', async () => {
    const ann = await person();
    const other = await login(ann.email);
    const otherToken = json(other).token as string;
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: otherToken })).statusCode).toBe(200);

    const { recoveryCodes } = await enrol(ann.token);
    expect(recoveryCodes).toHaveLength(10);
    // Only hashes are stored, and the secret is sealed.
    const stored = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, ann.user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    const [secretRow] = await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, ann.user.id));
    expect(secretRow!.secretSealed).toMatch(/^v1\./);

    // This session goes on; the other one is over.
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: ann.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: otherToken })).statusCode).toBe(401);
    const status = json(await t.request({ method: 'GET', url: '/api/auth/two-factor', token: ann.token })).data;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    // Never the secret again: a second enrolment is refused while it is on.
    expect((await t.request({ method: 'POST', url: '/api/auth/two-factor/enrolment', token: ann.token })).statusCode).toBe(409);
  });

  it('refuses a wrong first code and leaves the factor off', async () => {
    const ben = await person();
    await t.request({ method: 'POST', url: '/api/auth/two-factor/enrolment', token: ben.token });
    const res = await t.request({ method: 'PUT', url: '/api/auth/two-factor', token: ben.token, payload: { code: '000000' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(TWO_FACTOR_TEXTS.wrongCode);
    expect(json(await t.request({ method: 'GET', url: '/api/auth/two-factor', token: ben.token })).data.enabled).toBe(false);
  });
});

describe('sign-in', () => {
  it('answers the password with a challenge, no token; the code then signs in', async () => {
    const cara = await person();
    const { secret } = await enrol(cara.token);
    const first = await login(cara.email);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({ status: 'success', twoFactorRequired: true });
    expect(json(first).token).toBeUndefined();
    const res = await secondStep({ challenge: json(first).challenge, code: nextCode(secret) });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: json(res).token })).statusCode).toBe(200);
  });

  it('refuses a code used once already (replay), and a forged challenge', async () => {
    const dan = await person();
    const { secret } = await enrol(dan.token);
    const code = nextCode(secret);
    const { challenge } = json(await login(dan.email));
    expect((await secondStep({ challenge, code })).statusCode).toBe(200);
    const again = await secondStep({ challenge: json(await login(dan.email)).challenge, code });
    expect(again.statusCode).toBe(401);
    expect(json(again).message).toBe(TWO_FACTOR_TEXTS.wrongCode);
    const forged = await secondStep({ challenge: `${challenge.split('.')[0]}.AAAA`, code: nextCode(secret, 2) });
    expect(forged.statusCode).toBe(401);
  });

  it('takes a recovery code once, then refuses it', async () => {
    const eve = await person();
    const { recoveryCodes } = await enrol(eve.token);
    const rc = recoveryCodes[3]!;
    const ok = await secondStep({ challenge: json(await login(eve.email)).challenge, recoveryCode: rc.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).token).toBeTruthy();
    const reused = await secondStep({ challenge: json(await login(eve.email)).challenge, recoveryCode: rc });
    expect(reused.statusCode).toBe(401);
    expect(json(reused).message).toBe(TWO_FACTOR_TEXTS.wrongRecoveryCode);
    expect(json(await t.request({ method: 'GET', url: '/api/auth/two-factor', token: eve.token })).data.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes like wrong passwords: the account locks, and its password budget is spent', async () => {
    const fay = await person();
    const { secret } = await enrol(fay.token);
    const { challenge } = json(await login(fay.email));
    const max = t.config.login.maxPerAccount;
    for (let i = 0; i < max; i += 1) expect((await secondStep({ challenge, code: '000000' })).statusCode).toBe(401);
    const locked = await secondStep({ challenge, code: nextCode(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeTruthy();
    // The same budget guards the password checks of a signed-in session.
    const pw = await t.request({
      method: 'PATCH',
      url: '/api/auth/update-password',
      token: fay.token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-77' },
    });
    expect(pw.statusCode).toBe(429);
  });

  it('a challenge dies with a password change; a reset password still asks for the second factor', async () => {
    const gus = await person();
    const { secret } = await enrol(gus.token);
    const { challenge } = json(await login(gus.email));
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/auth/update-password',
      token: gus.token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-77' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await secondStep({ challenge, code: nextCode(secret) })).statusCode).toBe(401);
    const again = await login(gus.email, 'Another-Horse-77');
    expect(json(again).twoFactorRequired).toBe(true);
  });

  it('turning it off needs the password and a code; sign-in is then one step again', async () => {
    const hal = await person();
    const { secret } = await enrol(hal.token);
    const noPw = await t.request({
      method: 'DELETE',
      url: '/api/auth/two-factor',
      token: hal.token,
      payload: { password: 'wrong-one', code: nextCode(secret) },
    });
    expect(noPw.statusCode).toBe(400);
    const off = await t.request({
      method: 'DELETE',
      url: '/api/auth/two-factor',
      token: hal.token,
      payload: { password: TEST_PASSWORD, code: nextCode(secret) },
    });
    expect(off.statusCode).toBe(200);
    expect(json(await login(hal.email)).token).toBeTruthy();
  });

  it('new recovery codes need a code, and the old ones stop working', async () => {
    const ida = await person();
    const { secret, recoveryCodes } = await enrol(ida.token);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      token: ida.token,
      payload: { code: nextCode(secret) },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.recoveryCodes).toHaveLength(10);
    const old = await secondStep({ challenge: json(await login(ida.email)).challenge, recoveryCode: recoveryCodes[0]! });
    expect(old.statusCode).toBe(401);
    const fresh = await secondStep({ challenge: json(await login(ida.email)).challenge, recoveryCode: json(res).data.recoveryCodes[0] });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('the church requires it for a role', () => {
  let admin: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    admin = await person('superadmin');
    await enrol(admin.token);
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/security-settings',
      token: admin.token,
      payload: { twoFactorRequiredRoles: ['admin', 'superadmin'] },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.request({ method: 'PUT', url: '/api/admin/security-settings', token: admin.token, payload: { twoFactorRequiredRoles: [] } });
  });

  it('signs the person in with a flag, refuses other routes with 403, opens enrolment, me and the profile', async () => {
    const jon = await person('admin');
    const res = await login(jon.email);
    expect(res.statusCode).toBe(200);
    expect(json(res).twoFactorSetupRequired).toBe(true);
    const token = json(res).token as string;
    const refused = await t.request({ method: 'GET', url: '/api/members', token });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(TWO_FACTOR_TEXTS.setupRequired);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(me.statusCode).toBe(200);
    expect(json(me).data.twoFactorSetupRequired).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/members/profile', token })).statusCode).toBe(200);
    expect(json(await t.request({ method: 'GET', url: '/api/auth/two-factor', token })).data.required).toBe(true);

    // Enrolling from there opens everything.
    await enrol(token);
    expect((await t.request({ method: 'GET', url: '/api/members', token })).statusCode).toBe(200);
    expect(json(await t.request({ method: 'GET', url: '/api/auth/me', token })).data.twoFactorSetupRequired).toBeUndefined();
  });

  it('leaves roles not listed alone', async () => {
    const kim = await person('member');
    expect(json(await login(kim.email)).twoFactorSetupRequired).toBeUndefined();
    expect((await t.request({ method: 'GET', url: '/api/prayers', token: kim.token })).statusCode).toBe(200);
  });

  it('refuses the chat socket', async () => {
    const lee = await person('admin');
    const s = await openSocket(base, lee.token);
    try {
      expect(await s.closed).toEqual({ code: CLOSE_CODES.forbidden, reason: CLOSE_REASONS.twoFactorSetupRequired });
    } finally {
      await s.close().catch(() => {});
    }
  });
});

describe('an administrator resets someone’s factor', () => {
  it('is audited, ends their sessions, and tells them', async () => {
    const admin = await person('admin');
    const max = await person();
    await enrol(max.token);
    const member = await person();
    expect((await t.request({ method: 'DELETE', url: `/api/users/${max.user.id}/two-factor`, token: member.token })).statusCode).toBe(403);

    const res = await t.request({ method: 'DELETE', url: `/api/users/${max.user.id}/two-factor`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: max.token })).statusCode).toBe(401);
    expect(json(await login(max.email)).token).toBeTruthy();
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.entityId, max.user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.user.id);
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, max.email));
    expect(mail.map((m) => m.subject)).toContain('Two-factor sign-in was reset on your account');
    // Nothing left to reset.
    expect((await t.request({ method: 'DELETE', url: `/api/users/${max.user.id}/two-factor`, token: admin.token })).statusCode).toBe(400);
  });
});
