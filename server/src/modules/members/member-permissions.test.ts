import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let admin: Person;
let superadmin: Person;
let pastor: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Admin Ayanda' });
  superadmin = await createUser(t, { role: 'superadmin', name: 'Super Sam' });
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho' });
});
afterAll(() => t.close());

const grant = (id: string, permissions: unknown, token?: string) =>
  t.request({ method: 'PUT', url: `/api/members/${id}/permissions`, token, payload: { permissions } });
const entries = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'member.permissions_changed')))
    .orderBy(auditLog.at);

describe('PUT /api/members/:id/permissions (a treasurer without the administrator role)', () => {
  it('an admin makes a deacon treasurer: the deacon then reads giving and closes a batch; taking it away closes the books again', async () => {
    const deacon = await createUser(t, { role: 'deacon', name: 'Deacon Lindiwe' });
    expect((await t.request({ method: 'GET', url: '/api/donations', token: deacon.token })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/giving/batches', token: deacon.token, payload: { label: 'Sunday', countedTotal: 10 } }))
        .statusCode,
    ).toBe(403);

    const res = await grant(deacon.user.id, ['finance:manage'], admin.token);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Permissions updated');
    expect(json(res).data.member).toMatchObject({ id: deacon.user.id, role: 'deacon', permissions: ['finance:manage'] });

    // finance:manage includes finance:read: /donations opens, and a batch opens, fills and closes.
    expect((await t.request({ method: 'GET', url: '/api/donations', token: deacon.token })).statusCode).toBe(200);
    const batch = json(
      await t.request({
        method: 'POST',
        url: '/api/giving/batches',
        token: deacon.token,
        payload: { label: 'Sunday cash', countedTotal: 10 },
      }),
    ).data.batch;
    const gift = await t.request({
      method: 'POST',
      url: `/api/giving/batches/${batch.id}/donations`,
      token: deacon.token,
      payload: { donorName: 'Offering plate', amount: 10, fund: 'General', method: 'cash' },
    });
    expect(gift.statusCode).toBe(201);
    const closed = await t.request({ method: 'POST', url: `/api/giving/batches/${batch.id}/close`, token: deacon.token });
    expect(closed.statusCode).toBe(200);
    expect(json(closed).data.batch.status).toBe('closed');
    // The grant did not touch the role, and the session goes on (no new sign-in needed).
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: deacon.token })).statusCode).toBe(200);

    const [granted] = await entries(deacon.user.id);
    expect(granted).toMatchObject({
      actorName: 'Admin Ayanda',
      actorRole: 'admin',
      entityType: 'user',
      summary: 'Permissions of Deacon Lindiwe: granted Treasurer (finance:manage)',
      before: { permissions: [] },
      after: { permissions: ['finance:manage'] },
    });

    // Down to read-only, then nothing.
    expect(json(await grant(deacon.user.id, ['finance:read'], admin.token)).data.member.permissions).toEqual(['finance:read']);
    expect((await t.request({ method: 'GET', url: '/api/donations', token: deacon.token })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'POST', url: `/api/giving/batches`, token: deacon.token, payload: { label: 'Again', countedTotal: 1 } }))
        .statusCode,
    ).toBe(403);
    expect(json(await grant(deacon.user.id, [], superadmin.token)).data.member.permissions).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/donations', token: deacon.token })).statusCode).toBe(403);
    expect((await entries(deacon.user.id)).map((e) => e.summary)).toEqual([
      'Permissions of Deacon Lindiwe: granted Treasurer (finance:manage)',
      'Permissions of Deacon Lindiwe: granted See giving (finance:read); removed Treasurer (finance:manage)',
      'Permissions of Deacon Lindiwe: removed See giving (finance:read)',
    ]);
  });

  it('writes nothing when nothing changes, keeps the order canonical and leaves other permissions alone', async () => {
    const volunteer = await createUser(t, { role: 'volunteer', permissions: ['api:access'] });
    const first = await grant(volunteer.user.id, ['finance:manage', 'finance:read', 'finance:manage'], admin.token);
    expect(first.statusCode).toBe(200);
    expect(json(first).data.member.permissions).toEqual(['api:access', 'finance:read', 'finance:manage']);
    expect((await grant(volunteer.user.id, ['finance:read', 'finance:manage'], admin.token)).statusCode).toBe(200);
    expect(await entries(volunteer.user.id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, volunteer.user.id));
    expect(row!.permissions).toEqual(['api:access', 'finance:read', 'finance:manage']);
  });

  it('nobody changes their own permissions', async () => {
    for (const who of [admin, superadmin]) {
      const res = await grant(who.user.id, ['finance:manage'], who.token);
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe('You cannot change your own permissions. Ask another administrator.');
    }
    expect(await entries(admin.user.id)).toHaveLength(0);
  });

  it('only administrators may call it; a treasurer cannot hand finance on', async () => {
    const target = await createUser(t, { role: 'member' });
    const treasurer = await createUser(t, { role: 'deacon', permissions: ['finance:manage'] });
    expect((await grant(target.user.id, ['finance:read'])).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const u = await createUser(t, { role });
      expect((await grant(target.user.id, ['finance:read'], u.token)).statusCode, role).toBe(403);
    }
    expect((await grant(target.user.id, ['finance:read'], pastor.token)).statusCode).toBe(403);
    expect((await grant(target.user.id, ['finance:read'], treasurer.token)).statusCode).toBe(403);
    expect(await entries(target.user.id)).toHaveLength(0);
  });

  it('an admin does not change a superadmin; a superadmin changes an admin', async () => {
    const other = await createUser(t, { role: 'superadmin' });
    expect((await grant(other.user.id, ['finance:read'], admin.token)).statusCode).toBe(403);
    const otherAdmin = await createUser(t, { role: 'admin' });
    expect((await grant(otherAdmin.user.id, ['finance:read'], superadmin.token)).statusCode).toBe(200);
  });

  it('refuses permissions that are not grantable, and unknown people', async () => {
    const target = await createUser(t, { role: 'member' });
    for (const bad of [['admin:panel'], ['api:access'], 'finance:read', [null]]) {
      const res = await grant(target.user.id, bad, admin.token);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(json(await grant(target.user.id, ['care:notes'], admin.token)).message).toContain(
      'A permission must be one of: finance:read, finance:manage',
    );
    expect((await grant('00000000-0000-4000-8000-000000000000', [], admin.token)).statusCode).toBe(404);
    const developer = await createUser(t, { role: 'developer', permissions: ['api:access'] });
    expect((await grant(developer.user.id, ['finance:read'], admin.token)).statusCode).toBe(404);
  });
});
