import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog, donations } from '../../db/schema/index';

/**
 * POPIA (issue 17): "every read of another person's record by a leader is in
 * the audit log". One case per kind of record a leader can open; a person
 * reading their own record, or a member reading what is shared with the
 * church, leaves no entry.
 */
let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let pastor: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t, { name: 'Nomsa Reader' });
  other = await createUser(t);
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Read' });
  admin = await createUser(t, { role: 'admin', name: 'Admin Read' });
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
const entriesFor = (entityId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe("leaders' reads of another person's record", () => {
  it('one prayer: a leader opening it is logged; the asker and a member reading a shared prayer are not', async () => {
    const id = json(
      await t.request({ method: 'POST', url: '/api/prayers', token: member.token, payload: { title: 'Work', description: 'A new job' } }),
    ).data.prayer.id as string;
    await t.request({ method: 'PATCH', url: `/api/prayers/${id}/status`, token: pastor.token, payload: { status: 'approved' } });
    const before = (await entriesFor(id)).length; // the approval itself
    expect((await get(`/api/prayers/${id}`, member.token)).statusCode).toBe(200);
    expect((await get(`/api/prayers/${id}`, other.token)).statusCode).toBe(200);
    expect(await entriesFor(id)).toHaveLength(before);
    expect((await get(`/api/prayers/${id}`, pastor.token)).statusCode).toBe(200);
    const read = (await entriesFor(id)).find((e) => e.action === 'prayer.viewed');
    expect(read).toMatchObject({ actorId: pastor.user.id, actorName: 'Pastor Read', entityType: 'prayer' });
    expect(read!.summary).toBe('Opened the prayer request "Work" of Nomsa Reader');
  });

  it('one gift: a finance leader opening it is logged with the giver', async () => {
    const [gift] = await t.database.db
      .insert(donations)
      .values({ userId: member.user.id, donorName: 'Nomsa Reader', amountCents: 25000, fund: 'General', status: 'completed' })
      .returning();
    expect((await get(`/api/donations/${gift!.id}`, admin.token)).statusCode).toBe(200);
    const [read] = await entriesFor(gift!.id);
    expect(read).toMatchObject({ action: 'donation.viewed', actorId: admin.user.id, summary: 'Opened the gift of Nomsa Reader (General)' });
    // A member has no way to open it: refused, and nothing to log.
    expect((await get(`/api/donations/${gift!.id}`, member.token)).statusCode).toBe(403);
    expect(await entriesFor(gift!.id)).toHaveLength(1);
  });

  it("one member's pastoral visits, and the visit list: each read is logged", async () => {
    const rec = await t.request({
      method: 'POST',
      url: '/api/care/visits',
      token: pastor.token,
      payload: { memberId: member.user.id, kind: 'visit', visitedOn: '2026-01-05', notes: 'Grieving her father' },
    });
    expect(rec.statusCode).toBe(201);
    expect((await get(`/api/care/visits?memberId=${member.user.id}`, admin.token)).statusCode).toBe(200);
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.user.id), eq(auditLog.action, 'member.viewed')));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: admin.user.id, summary: 'Read the pastoral visits of Nomsa Reader' });
    expect((await get('/api/care/visits', pastor.token)).statusCode).toBe(200);
    const list = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'care_visits.viewed'));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ actorId: pastor.user.id, entityId: 'page 1', summary: 'Read the pastoral visit list (1 person)' });
  });

  it("one member's record (GET /members/:id): logged for a leader, not for the person themselves", async () => {
    expect((await get(`/api/members/${other.user.id}`, admin.token)).statusCode).toBe(200);
    expect((await get(`/api/members/${admin.user.id}`, admin.token)).statusCode).toBe(200);
    const viewed = (id: string) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'member.viewed')));
    expect(await viewed(other.user.id)).toHaveLength(1);
    expect(await viewed(admin.user.id)).toHaveLength(0);
  });
});
