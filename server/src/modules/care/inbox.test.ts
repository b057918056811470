import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CARE_TEXTS } from '@church/contract/care';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog, notifications, prayers, visitors } from '../../db/schema/index';

/**
 * The care inbox on its own database, so every count is exact: each kind of
 * item is assignable, unassigned work is in the default view, and the counts
 * come from SQL over the whole inbox (not from a capped list).
 */
let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const missing = '00000000-0000-4000-8000-000000000000';
type Item = { kind: string; id: string; person: string; title: string; assignee: { id: string; name: string } | null; dueOn: string };

const inbox = async (token: string, query = '') => json(await t.request({ url: `/api/care/inbox${query}`, token })).data;
const assign = (token: string | undefined, kind: string, id: string, assigneeId: string | null | undefined) =>
  t.request({ method: 'PATCH', url: `/api/care/items/${kind}/${id}/assignee`, token, payload: { assigneeId } });

let prayerId: string;
let newVisitorId: string;
let contactedVisitorId: string;
let followUpId: string;

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Thabo' });
  admin = await createUser(t, { role: 'admin', name: 'Admin Anele' });
  member = await createUser(t, { name: 'Naledi Dlamini' });
  const db = t.database.db;
  const old = new Date(Date.now() - 10 * 86_400_000);
  prayerId = (
    await db
      .insert(prayers)
      .values({ title: 'Healing for my father', description: 'Please pray', submittedBy: 'Ruth Pillay', createdAt: old })
      .returning()
  )[0]!.id;
  // Closed work never appears: an approved prayer, a connected visitor, a visitor who became a member.
  await db.insert(prayers).values({ title: 'Thanks', description: 'Answered', status: 'approved' });
  const visitor = async (v: typeof visitors.$inferInsert) => (await db.insert(visitors).values(v).returning())[0]!.id;
  newVisitorId = await visitor({ firstName: 'Lerato', lastName: 'Mokoena', email: 'lerato@example.org' });
  contactedVisitorId = await visitor({ firstName: 'Kagiso', lastName: 'Molefe', email: 'kagiso@example.org', status: 'contacted' });
  await db.insert(visitors).values([
    { firstName: 'Connected', lastName: 'Person', email: 'c@example.org', status: 'returning' },
    { firstName: 'Now', lastName: 'Member', email: 'm@example.org', status: 'member' },
    { firstName: 'Not', lastName: 'Interested', email: 'n@example.org', status: 'inactive' },
  ]);
  const visit = await t.request({
    method: 'POST',
    url: '/api/care/visits',
    token: admin.token,
    payload: { memberId: member.user.id, kind: 'call', visitedOn: day(-3), followUpOn: day(4) },
  });
  followUpId = json(visit).data.visit.id;
});
afterAll(() => t.close());

describe('GET /api/care/inbox', () => {
  it('unassigned prayers and visitors are in the default view (mine and unassigned); closed work is not', async () => {
    const data = await inbox(pastor.token);
    const seen = data.items.map((i: Item) => `${i.kind}:${i.person}`).sort();
    // The admin's follow-up was assigned to the admin (the recorder): not the pastor's, not unassigned.
    expect(seen).toEqual(['prayer:Ruth Pillay', 'visitor:Kagiso Molefe', 'visitor:Lerato Mokoena']);
    expect(data.counts).toEqual({ open: 4, overdue: 1, mine: 0, mineOverdue: 0, unassigned: 3, unassignedOverdue: 1 });
    expect(data.total).toBe(3);
    const prayer = data.items.find((i: Item) => i.kind === 'prayer');
    expect(prayer).toMatchObject({
      title: 'Prayer: Healing for my father',
      status: 'overdue',
      assignee: null,
      link: `/prayers/${prayerId}`,
    });
    expect(data.items.find((i: Item) => i.id === contactedVisitorId).title).toBe('Visitor contacted: follow up');
    expect(data.assignees.map((a: { name: string }) => a.name)).toEqual(['Admin Anele', 'Pastor Thabo']);

    const everyone = await inbox(pastor.token, '?scope=all');
    expect(everyone.items.map((i: Item) => i.kind).sort()).toEqual(['follow_up', 'prayer', 'visitor', 'visitor']);
    expect(everyone.items.find((i: Item) => i.kind === 'follow_up')).toMatchObject({ assignee: { name: 'Admin Anele' }, dueOn: day(4) });
    expect((await inbox(admin.token)).items.map((i: Item) => i.kind).sort()).toEqual(['follow_up', 'prayer', 'visitor', 'visitor']);
    expect((await inbox(pastor.token, '?scope=unassigned&kind=visitor')).items).toHaveLength(2);
  });

  it('a visitor assigned on the Visitors page carries that leader and its follow-up date as the due day', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `/api/visitors/${newVisitorId}`,
      token: admin.token,
      payload: { assignedTo: pastor.user.id, followUpOn: day(9) },
    });
    expect(res.statusCode).toBe(200);
    const mine = await inbox(pastor.token, '?scope=mine');
    expect(mine.items).toEqual([
      expect.objectContaining({
        id: newVisitorId,
        assignee: expect.objectContaining({ name: 'Pastor Thabo' }),
        dueOn: day(9),
        status: 'open',
      }),
    ]);
    expect(mine.counts).toMatchObject({ mine: 1, unassigned: 2 });
    await t.request({
      method: 'PATCH',
      url: `/api/visitors/${newVisitorId}`,
      token: admin.token,
      payload: { assignedTo: null, followUpOn: null },
    });
  });

  it('assigns a prayer: it moves into the assignee’s own view and counts, is audited and notifies them', async () => {
    const res = await assign(admin.token, 'prayer', prayerId, pastor.user.id);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      message: CARE_TEXTS.assigned('Pastor Thabo'),
      data: { kind: 'prayer', assignee: { id: pastor.user.id } },
    });
    const mine = await inbox(pastor.token, '?scope=mine');
    expect(mine.items.map((i: Item) => i.id)).toEqual([prayerId]);
    expect(mine.counts).toMatchObject({ mine: 1, mineOverdue: 1, unassigned: 2, unassignedOverdue: 0 });
    // The admin's default view no longer shows the pastor's prayer.
    expect((await inbox(admin.token)).items.map((i: Item) => i.id)).not.toContain(prayerId);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'care.assigned'), eq(auditLog.entityId, prayerId)));
    expect(entry).toMatchObject({ actorId: admin.user.id, before: { assigneeId: null }, after: { assigneeId: pastor.user.id } });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, pastor.user.id));
    expect(told.map((n) => n.title)).toContain('Assigned to you');

    // Back to nobody.
    const back = await assign(pastor.token, 'prayer', prayerId, null);
    expect(json(back)).toMatchObject({ message: CARE_TEXTS.unassigned, data: { assignee: null } });
    expect((await inbox(pastor.token)).counts).toMatchObject({ mine: 0, unassigned: 3 });
  });

  it('assigns a visit follow-up and a visitor to another leader', async () => {
    expect((await assign(admin.token, 'follow_up', followUpId, pastor.user.id)).statusCode).toBe(200);
    expect((await assign(admin.token, 'visitor', contactedVisitorId, pastor.user.id)).statusCode).toBe(200);
    const mine = await inbox(pastor.token, '?scope=mine');
    expect(mine.items.map((i: Item) => i.kind).sort()).toEqual(['follow_up', 'visitor']);
    const [v] = await t.database.db.select().from(visitors).where(eq(visitors.id, contactedVisitorId));
    expect(v!.assignedTo).toBe(pastor.user.id);
  });

  it('refuses an assignee who is not a pastor or administrator, an unknown one, a closed or unknown item, a bad kind', async () => {
    const elder = await createUser(t, { role: 'elder' });
    const notLeader = await assign(pastor.token, 'prayer', prayerId, elder.user.id);
    expect(notLeader.statusCode).toBe(400);
    expect(json(notLeader).message).toBe(CARE_TEXTS.assigneeNotLeader);
    expect((await assign(pastor.token, 'prayer', prayerId, missing)).statusCode).toBe(404);
    const [approved] = await t.database.db.select().from(prayers).where(eq(prayers.status, 'approved'));
    const closed = await assign(pastor.token, 'prayer', approved!.id, pastor.user.id);
    expect(closed.statusCode).toBe(404);
    expect(json(closed).message).toBe(CARE_TEXTS.itemNotFound);
    expect((await assign(pastor.token, 'visitor', missing, pastor.user.id)).statusCode).toBe(404);
    expect((await assign(pastor.token, 'sermon', prayerId, pastor.user.id)).statusCode).toBe(400);
    expect((await assign(pastor.token, 'prayer', prayerId, undefined)).statusCode).toBe(400);
    expect(json(await assign(pastor.token, 'prayer', prayerId, 'someone')).message).toContain('Choose a leader from the list');
  });

  it('who may call: 401 anonymous, 403 below pastor', async () => {
    expect((await assign(undefined, 'prayer', prayerId, null)).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await assign(token, 'prayer', prayerId, null)).statusCode, role).toBe(403);
    }
  });

  it('counts the whole inbox in SQL, beyond any page: 700 pending prayers', async () => {
    const before = (await inbox(pastor.token, '?scope=all')).counts.open;
    await t.database.db
      .insert(prayers)
      .values(Array.from({ length: 700 }, (_, i) => ({ title: `Bulk ${i}`, description: 'x', submittedBy: `Asker ${i}` })));
    const data = await inbox(pastor.token, '?scope=all&limit=20&page=2');
    expect(data.counts.open).toBe(before + 700);
    expect(data.total).toBe(before + 700);
    expect(data.items).toHaveLength(20);
    expect(data.page).toBe(2);
    expect((await inbox(pastor.token, '?scope=all&kind=prayer&limit=1')).total).toBe(701);
    expect((await t.request({ url: '/api/care/inbox?scope=team', token: pastor.token })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/care/inbox?limit=500', token: pastor.token })).statusCode).toBe(400);
  });
});
