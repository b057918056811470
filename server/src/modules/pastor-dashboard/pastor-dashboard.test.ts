import { eq, sql } from 'drizzle-orm';
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

  it('lists Recent Members by the day they joined, not by when their record was made (issue 31)', async () => {
    const { token } = await createUser(t, { role: 'pastor' });
    // Typed in today, member since 1998 (a CSV import of long-standing members); and one who joined today.
    await createUser(t, { name: 'Gogo Long-standing', joinDate: '1998-03-01' });
    const newcomer = await createUser(t, { name: 'Lerato Newcomer' });
    const d = json(await t.request({ method: 'GET', url: '/api/dashboard/pastor', token })).data;
    const names: string[] = d.recentMembers.map((m: { name: string }) => m.name);
    expect(names[0]).toBe(newcomer.user.name);
    // The long-standing member was typed in last, yet comes after everyone who joined since 1998.
    if (names.includes('Gogo Long-standing')) expect(names.at(-1)).toBe('Gogo Long-standing');
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

describe('the giving rollups the dashboard reads', () => {
  // The rollups must equal a direct sum over donations after any change: compare them to one.
  const direct = async () => {
    const res = await t.database.db.execute(sql`
      select fund, sum(amount_cents)::bigint as cents, count(*)::int as gifts from donations
      where status = 'completed' group by fund order by fund`);
    return (res as unknown as { rows: { fund: string; cents: string | number; gifts: number }[] }).rows.map((r) => ({
      fund: r.fund,
      cents: Number(r.cents),
      gifts: Number(r.gifts),
    }));
  };
  const rolled = async () => {
    const res = await t.database.db.execute(sql`
      select fund, sum(cents)::bigint as cents, sum(gifts)::int as gifts from giving_fund_months
      group by fund having sum(gifts) > 0 order by fund`);
    return (res as unknown as { rows: { fund: string; cents: string | number; gifts: number }[] }).rows.map((r) => ({
      fund: r.fund,
      cents: Number(r.cents),
      gifts: Number(r.gifts),
    }));
  };
  const givers = async () => {
    const res = await t.database.db.execute(
      sql`select giver_key, sum(cents)::bigint as cents from giving_giver_years group by 1 having sum(cents) <> 0 order by 1`,
    );
    return (res as unknown as { rows: { giver_key: string; cents: string }[] }).rows.map((r) => [r.giver_key, Number(r.cents)]);
  };

  it('follow inserts, refunds, fund and amount edits, a merge of givers and deletes', async () => {
    const { user: a } = await createUser(t, { name: 'Giver A' });
    const { user: b } = await createUser(t, { name: 'Giver B' });
    const rows = await t.database.db
      .insert(donations)
      .values([
        { userId: a.id, amountCents: 1000, fund: 'Building', status: 'completed' },
        { userId: a.id, amountCents: 2000, fund: 'Building', status: 'pending' },
        { userId: b.id, amountCents: 500, fund: 'Youth', status: 'completed' },
        { donorName: 'Guest Mpho', amountCents: 700, fund: 'Youth', status: 'completed' },
        { amountCents: 300, fund: 'Youth', status: 'completed' },
      ])
      .returning();
    expect(await rolled()).toEqual(await direct());
    const before = await givers();
    expect(before).toEqual(
      expect.arrayContaining([
        [a.id, 1000],
        [b.id, 500],
        ['guest:Guest Mpho', 700],
        ['anonymous', 300],
      ]),
    );

    // The pending gift completes, a gift is refunded, one moves fund and amount.
    await t.database.db.update(donations).set({ status: 'completed' }).where(eq(donations.id, rows[1]!.id));
    await t.database.db.update(donations).set({ status: 'refunded' }).where(eq(donations.id, rows[2]!.id));
    await t.database.db.update(donations).set({ fund: 'Missions', amountCents: 900 }).where(eq(donations.id, rows[3]!.id));
    expect(await rolled()).toEqual(await direct());

    // A merge moves B's gifts to A; then A's gifts are deleted.
    await t.database.db.update(donations).set({ userId: a.id }).where(eq(donations.userId, b.id));
    expect((await givers()).find(([k]) => k === a.id)).toEqual([a.id, 3000]);
    await t.database.db.delete(donations).where(eq(donations.userId, a.id));
    expect(await rolled()).toEqual(await direct());
    expect((await givers()).find(([k]) => k === a.id)).toBeUndefined();
  });
});
