import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../db/schema/index';
import { recordAudit } from './audit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('recordAudit', () => {
  it('commits and rolls back with the transaction it is given', async () => {
    const { user: pastor } = await createUser(t, { role: 'pastor' });
    const actor = { actorId: pastor.id, actorName: pastor.name, actorRole: pastor.role, ip: '127.0.0.1' };
    await t.database.db.transaction((tx) =>
      recordAudit(tx, {
        ...actor,
        action: 'test.kept',
        entityType: 'user',
        entityId: 'a',
        before: { role: 'member' },
        after: { role: 'deacon' },
      }),
    );
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, { ...actor, action: 'test.rolled_back', entityType: 'user', entityId: 'b' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.map((r) => r.action)).toEqual(['test.kept']);
    expect(rows[0]).toMatchObject({ actorName: pastor.name, before: { role: 'member' }, after: { role: 'deacon' } });
  });
});

describe('GET /api/admin/audit', () => {
  it('pages and filters for administrators', async () => {
    const { user: admin, token } = await createUser(t, { role: 'admin' });
    const actor = { actorId: admin.id, actorName: admin.name, actorRole: admin.role };
    for (let i = 0; i < 3; i++) {
      await recordAudit(t.database.db, {
        ...actor,
        action: 'member.role_changed',
        entityType: 'user',
        entityId: `u${i}`,
        summary: `change ${i}`,
      });
    }
    // PGlite's clock reads in milliseconds: back-to-back entries can share a time, so the newest is written a moment later.
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(t.database.db, { ...actor, action: 'prayer.approved', entityType: 'prayer', entityId: 'p1' });

    const all = json(await t.request({ method: 'GET', url: '/api/admin/audit?limit=2', token }));
    expect(all.data).toMatchObject({ page: 1, limit: 2 });
    expect(all.data.total).toBeGreaterThanOrEqual(4);
    expect(all.data.entries).toHaveLength(2);
    expect(all.data.entries[0]).toMatchObject({ action: 'prayer.approved', actorName: admin.name });
    expect(all.data.entries[0]._id).toBe(all.data.entries[0].id);

    const roles = json(await t.request({ method: 'GET', url: '/api/admin/audit?action=member.role_changed', token }));
    expect(roles.data.total).toBe(3);
    const one = json(await t.request({ method: 'GET', url: `/api/admin/audit?entityType=user&entityId=u1&actorId=${admin.id}`, token }));
    expect(one.data.entries.map((e: { summary: string }) => e.summary)).toEqual(['change 1']);
    const future = json(await t.request({ method: 'GET', url: '/api/admin/audit?from=2999-01-01T00:00:00Z', token }));
    expect(future.data.total).toBe(0);

    const { token: superadmin } = await createUser(t, { role: 'superadmin' });
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', token: superadmin })).statusCode).toBe(200);
  });

  it('refuses bad filters with a clear message', async () => {
    const { token } = await createUser(t, { role: 'admin' });
    const res = await t.request({ method: 'GET', url: '/api/admin/audit?actorId=nope', token });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('That id is not valid');
    const from = await t.request({ method: 'GET', url: '/api/admin/audit?from=yesterday', token });
    expect(from.statusCode).toBe(400);
    expect(json(from).message).toContain('ISO date');
  });

  it('needs sign-in and an administrator', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'pastor', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ method: 'GET', url: '/api/admin/audit', token })).statusCode, role).toBe(403);
    }
  });
});
