import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, events, prayers } from '../../db/schema/index';
import { monthlyGrowth } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dashboard/pastor', () => {
  it('answers every figure and list in one call', async () => {
    const { user: asker, token } = await createUser(t, { role: 'pastor', name: 'Pastor Dawid Botha' });
    const long = 'Please pray for my mother who is in Steve Biko hospital after a fall last week, and for our family.';
    await t.database.db.insert(prayers).values([
      { userId: asker.id, submittedBy: 'Thandi', title: 'Healing', description: long, status: 'pending' },
      { userId: asker.id, submittedBy: 'Sipho', title: 'Work', description: 'A new job', status: 'approved' },
    ]);
    await t.database.db.insert(donations).values([
      { userId: asker.id, amountCents: 15050, fund: 'Missions', status: 'completed' },
      { userId: asker.id, amountCents: 10000, fund: 'General', status: 'completed' },
      { userId: asker.id, amountCents: 99900, fund: 'General', status: 'pending' },
    ]);
    const day = 86_400_000;
    await t.database.db.insert(events).values([
      { title: 'Sunday Service', startsAt: new Date(Date.now() + 2 * day), type: 'service' },
      { title: 'Past Outreach', startsAt: new Date(Date.now() - 2 * day), type: 'outreach', attendance: 40 },
      { title: 'Past Study', startsAt: new Date(Date.now() - 9 * day), type: 'study', attendance: 21 },
    ]);

    const res = await t.request({ method: 'GET', url: '/api/dashboard/pastor', token });
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.stats).toMatchObject({ totalGiving: 250.5, prayerRequests: 2, pendingPrayers: 1, upcomingEvents: 1, attendance: 30.5 });
    expect(d.stats.totalMembers).toBeGreaterThanOrEqual(1);
    expect(d.pendingPrayers).toHaveLength(1);
    expect(d.pendingPrayers[0].preview).toBe(long.slice(0, 60));
    expect(d.upcomingEvents.map((e: { title: string }) => e.title)).toEqual(['Sunday Service']);
    expect(d.topFunds[0]).toMatchObject({ fund: 'Missions', total: 150.5, gifts: 1 });
    expect(d.topGivers[0]).toMatchObject({ name: 'Pastor Dawid Botha', total: 250.5 });
    expect(d.recentMembers[0]._id).toBe(d.recentMembers[0].id);
  });

  it('admits pastor, admin, elder and superadmin only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dashboard/pastor' })).statusCode).toBe(401);
    for (const role of ['admin', 'elder', 'superadmin'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ method: 'GET', url: '/api/dashboard/pastor', token })).statusCode, role).toBe(200);
    }
    for (const role of ['member', 'volunteer', 'deacon', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ method: 'GET', url: '/api/dashboard/pastor', token })).statusCode, role).toBe(403);
    }
  });

  it('computes monthly growth as the spec says', () => {
    expect(monthlyGrowth(3, 0)).toBe(100);
    expect(monthlyGrowth(0, 0)).toBe(0);
    expect(monthlyGrowth(6, 4)).toBe(50);
  });
});

describe('approving from the dashboard', () => {
  it('records the decision in the audit log', async () => {
    const { user: pastor, token } = await createUser(t, { role: 'pastor' });
    const [p] = await t.database.db
      .insert(prayers)
      .values({ submittedBy: 'Lerato', title: 'Exams', description: 'Matric exams', status: 'pending' })
      .returning();
    const res = await t.request({ method: 'PATCH', url: `/api/prayers/${p!.id}/status`, token, payload: { status: 'approved' } });
    expect(res.statusCode).toBe(200);
    const { token: admin } = await createUser(t, { role: 'admin' });
    const log = json(await t.request({ method: 'GET', url: `/api/admin/audit?entityType=prayer&entityId=${p!.id}`, token: admin }));
    expect(log.data.entries).toHaveLength(1);
    expect(log.data.entries[0]).toMatchObject({
      action: 'prayer.approved',
      actorId: pastor.id,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });
});
