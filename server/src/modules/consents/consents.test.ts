import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { CONSENT_KINDS } from '@church/contract/consents';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { consents, users } from '../../db/schema/index';
import { consentGranted } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET/PUT /api/members/preferences', () => {
  it('requires sign-in', async () => {
    expect((await t.request({ method: 'GET', url: '/api/members/preferences' })).statusCode).toBe(401);
    const put = await t.request({
      method: 'PUT',
      url: '/api/members/preferences',
      payload: { preferences: [{ kind: 'email_church', granted: false }] },
    });
    expect(put.statusCode).toBe(401);
  });

  it('shows the defaults with their wording until the member decides', async () => {
    const { token } = await createUser(t);
    const res = await t.request({ method: 'GET', url: '/api/members/preferences', token });
    expect(res.statusCode).toBe(200);
    const prefs = json(res).data.preferences;
    expect(prefs.map((p: { kind: string }) => p.kind)).toEqual(Object.keys(CONSENT_KINDS));
    expect(prefs.find((p: { kind: string }) => p.kind === 'email_church')).toMatchObject({
      granted: true,
      isDefault: true,
      decidedAt: null,
      wording: CONSENT_KINDS.email_church.wording,
    });
    expect(prefs.find((p: { kind: string }) => p.kind === 'directory_listing')).toMatchObject({ granted: false, isDefault: true });
  });

  it('keeps every change as a new row with its wording and date, and touches only the caller', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    let res = await t.request({
      method: 'PUT',
      url: '/api/members/preferences',
      token: me.token,
      payload: {
        preferences: [
          { kind: 'email_church', granted: false },
          { kind: 'directory_listing', granted: true },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Preferences saved');
    expect(json(res).data.preferences.find((p: { kind: string }) => p.kind === 'email_church')).toMatchObject({
      granted: false,
      isDefault: false,
    });
    // The same answer again adds nothing; a change back adds a row.
    await t.request({
      method: 'PUT',
      url: '/api/members/preferences',
      token: me.token,
      payload: { preferences: [{ kind: 'email_church', granted: false }] },
    });
    res = await t.request({
      method: 'PUT',
      url: '/api/members/preferences',
      token: me.token,
      payload: { preferences: [{ kind: 'email_church', granted: true }] },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(consents).where(eq(consents.userId, me.user.id));
    expect(rows.filter((r) => r.kind === 'email_church').map((r) => r.granted)).toEqual([false, true]);
    expect(rows.every((r) => r.wording === CONSENT_KINDS[r.kind as keyof typeof CONSENT_KINDS].wording && r.source === 'profile')).toBe(
      true,
    );
    expect(await t.ctx.consents.has(me.user.id, 'email_church')).toBe(true);
    expect(await t.ctx.consents.has(me.user.id, 'directory_listing')).toBe(true);
    expect(await t.database.db.select().from(consents).where(eq(consents.userId, other.user.id))).toEqual([]);
    expect(await t.ctx.consents.has(other.user.id, 'directory_listing')).toBe(false);
  });

  it('refuses unknown kinds, duplicates and an empty list with 400', async () => {
    const { token } = await createUser(t);
    for (const preferences of [
      [{ kind: 'telemarketing', granted: true }],
      [],
      [
        { kind: 'email_church', granted: true },
        { kind: 'email_church', granted: false },
      ],
    ]) {
      const res = await t.request({ method: 'PUT', url: '/api/members/preferences', token, payload: { preferences } });
      expect(res.statusCode).toBe(400);
      expect(json(res).status).toBe('error');
    }
  });
});

describe('consentGranted (for queries over many people)', () => {
  it('uses the newest decision, else the default', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    await t.ctx.consents.set(a.user.id, [{ kind: 'email_church', granted: false }], { source: 'profile' });
    await t.ctx.consents.set(b.user.id, [{ kind: 'email_church', granted: false }], { source: 'profile' });
    await t.ctx.consents.set(b.user.id, [{ kind: 'email_church', granted: true }], { source: 'profile' });
    const ids = [a.user.id, b.user.id, c.user.id];
    const rows = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids))
      .then((all) => all.map((r) => r.id));
    expect(rows).toHaveLength(3);
    const granted = await t.database.db
      .select({ id: users.id, ok: consentGranted('email_church', users.id) })
      .from(users)
      .where(inArray(users.id, ids));
    const byId = Object.fromEntries(granted.map((r) => [r.id, r.ok]));
    expect(byId).toEqual({ [a.user.id]: false, [b.user.id]: true, [c.user.id]: true });
  });

  it('keeps a new decision newest even when the clock reads the previous one’s instant again', async () => {
    const a = await createUser(t);
    // The previous decision as a clock that repeats (or a server whose clock stepped back) leaves it: not before now.
    await t.database.db.insert(consents).values({
      userId: a.user.id,
      kind: 'email_church',
      granted: false,
      wording: 'earlier wording',
      source: 'profile',
      createdAt: new Date(Date.now() + 3_600_000),
    });
    expect(await t.ctx.consents.set(a.user.id, [{ kind: 'email_church', granted: true }], { source: 'profile' })).toEqual(['email_church']);
    expect(await t.ctx.consents.has(a.user.id, 'email_church')).toBe(true);
    const [newest, previous] = await t.ctx.consents.history(a.user.id);
    expect(newest!.granted).toBe(true);
    expect(newest!.createdAt.getTime()).toBeGreaterThanOrEqual(previous!.createdAt.getTime());
    const rows = await t.database.db
      .select({ ok: consentGranted('email_church', users.id) })
      .from(users)
      .where(inArray(users.id, [a.user.id]));
    expect(rows).toEqual([{ ok: true }]);
  });
});
