import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  careVisits,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  consents,
  donations,
  eventAttendance,
  eventRegistrations,
  events,
  memberStatusHistory,
  notifications,
  prayers,
  users,
} from '../../../db/schema/index';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../../test/test-app';
import { personReferences } from './relations';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let elder: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho' });
  admin = await createUser(t, { role: 'admin', name: 'Admin Ayanda' });
  elder = await createUser(t, { role: 'elder', name: 'Elder Grace' });
  member = await createUser(t, { role: 'member', name: 'Plain Member' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const merge = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/members/merges', token, payload });
const undo = (token: string, id: string) => t.request({ method: 'POST', url: `/api/members/merges/${id}/undo`, token });
const duplicates = async (token = pastor.token) => {
  const res = await t.request({ method: 'GET', url: '/api/members/duplicates?limit=200', token });
  expect(res.statusCode).toBe(200);
  return json(res).data as { pairs: { a: { id: string }; b: { id: string }; reasons: string[] }[]; total: number };
};
const pairOf = (pairs: { a: { id: string }; b: { id: string }; reasons: string[] }[], x: string, y: string) =>
  pairs.find((p) => (p.a.id === x && p.b.id === y) || (p.a.id === y && p.b.id === x));

let n = 0;
const person = (o: Parameters<typeof createUser>[1] = {}) => {
  n += 1;
  return createUser(t, { name: `Dup Person ${n} ${Math.random().toString(36).slice(2, 7)}`, ...o });
};

describe('GET /api/members/duplicates', () => {
  it('finds the same mailbox, the same phone written differently, and the same name with the same birth date', async () => {
    const a = await person({ email: 'naledi.dube@example.org' });
    const b = await person({ email: 'naledi.dube+church@example.org' });
    const c = await person({ phone: '+27 82 555 0101' });
    const d = await person({ phone: '082 555 0101' });
    const e = await person({ name: 'Lerato  Khumalo', birthday: '1990-04-02' });
    const f = await person({ name: 'lerato khumalo', birthday: '1990-04-02' });
    // Not duplicates: same name with another birthday, same name without one, short phones.
    const g = await person({ name: 'Lerato Khumalo', birthday: '1991-04-02' });
    const h = await person({ name: 'Lerato Khumalo' });
    const i = await person({ phone: '12345' });
    const j = await person({ phone: '12345' });
    const { pairs, total } = await duplicates();
    expect(pairOf(pairs, a.user.id, b.user.id)?.reasons).toEqual(['email']);
    expect(pairOf(pairs, c.user.id, d.user.id)?.reasons).toEqual(['phone']);
    expect(pairOf(pairs, e.user.id, f.user.id)?.reasons).toEqual(['nameBirthday']);
    for (const [x, y] of [
      [e, g],
      [e, h],
      [g, h],
      [i, j],
      [a, c],
    ] as const) {
      expect(pairOf(pairs, x.user.id, y.user.id)).toBeUndefined();
    }
    expect(total).toBeGreaterThanOrEqual(3);
    const pair = pairOf(pairs, c.user.id, d.user.id)!;
    expect(Object.keys(pair.a).sort()).toEqual(['birthday', 'createdAt', 'email', 'id', 'joinDate', 'name', 'phone', 'role', 'status']);
  });

  it('lists a pair once with every reason, and never developer accounts', async () => {
    const a = await person({ name: 'Sizwe Nkosi', birthday: '1985-01-01', phone: '0711112222' });
    const b = await person({ name: 'Sizwe Nkosi', birthday: '1985-01-01', phone: '+27711112222' });
    const dev = await person({ phone: '0711112222', role: 'developer' });
    const { pairs } = await duplicates();
    expect(pairOf(pairs, a.user.id, b.user.id)?.reasons).toEqual(['nameBirthday', 'phone']);
    expect(pairs.some((p) => p.a.id === dev.user.id || p.b.id === dev.user.id)).toBe(false);
  });

  it('refuses without sign-in (401) and for roles without members:manage (403), and a bad limit (400)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/members/duplicates' })).statusCode).toBe(401);
    for (const who of [member, elder]) {
      expect((await t.request({ method: 'GET', url: '/api/members/duplicates', token: who.token })).statusCode).toBe(403);
    }
    const res = await t.request({ method: 'GET', url: '/api/members/duplicates?limit=0', token: pastor.token });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('limit must be 1 or more');
  });
});

/** One of every kind of row a person has, pointing at `who`. */
async function relatedRows(who: string, shared: { eventId: string; roomId: string }) {
  const [ownEvent] = await db()
    .insert(events)
    .values({ title: `Own event ${who.slice(0, 4)}`, startsAt: new Date('2026-12-01T09:00:00Z') })
    .returning();
  const [prayer] = await db().insert(prayers).values({ userId: who, title: 'Healing', description: 'For my mother' }).returning();
  const [gift] = await db().insert(donations).values({ userId: who, amountCents: 25_000, fund: 'Building' }).returning();
  const regs = await db()
    .insert(eventRegistrations)
    .values([
      { eventId: shared.eventId, userId: who },
      { eventId: ownEvent!.id, userId: who },
    ])
    .returning();
  const [checkIn] = await db().insert(eventAttendance).values({ eventId: shared.eventId, userId: who }).returning();
  await db().insert(chatRoomMembers).values({ roomId: shared.roomId, userId: who });
  const [msg] = await db().insert(chatMessages).values({ roomId: shared.roomId, senderId: who, content: 'Hello church' }).returning();
  const [care] = await db()
    .insert(careVisits)
    .values({ memberId: who, visitedOn: '2026-10-01', notes: 'Confidential', recordedBy: pastor.user.id })
    .returning();
  const [note] = await db().insert(notifications).values({ userId: who, title: 'Prayer approved', message: 'Yes' }).returning();
  const [consent] = await db()
    .insert(consents)
    .values({ userId: who, kind: 'email', granted: true, wording: 'May we e-mail you?', source: 'form' })
    .returning();
  const [hist] = await db().insert(memberStatusHistory).values({ memberId: who, toStatus: 'active', changedByName: 'Test' }).returning();
  return {
    prayer: prayer!.id,
    gift: gift!.id,
    regShared: regs[0]!.id,
    regOwn: regs[1]!.id,
    checkIn: checkIn!.id,
    msg: msg!.id,
    care: care!.id,
    note: note!.id,
    consent: consent!.id,
    hist: hist!.id,
  };
}

async function ownerOf(rows: Awaited<ReturnType<typeof relatedRows>>) {
  const one = async <T>(q: Promise<T[]>) => (await q)[0];
  return {
    prayer: (await one(db().select({ u: prayers.userId }).from(prayers).where(eq(prayers.id, rows.prayer))))?.u,
    gift: (await one(db().select({ u: donations.userId }).from(donations).where(eq(donations.id, rows.gift))))?.u,
    regShared: (
      await one(db().select({ u: eventRegistrations.userId }).from(eventRegistrations).where(eq(eventRegistrations.id, rows.regShared)))
    )?.u,
    regOwn: (
      await one(db().select({ u: eventRegistrations.userId }).from(eventRegistrations).where(eq(eventRegistrations.id, rows.regOwn)))
    )?.u,
    checkIn: (await one(db().select({ u: eventAttendance.userId }).from(eventAttendance).where(eq(eventAttendance.id, rows.checkIn))))?.u,
    msg: (await one(db().select({ u: chatMessages.senderId }).from(chatMessages).where(eq(chatMessages.id, rows.msg))))?.u,
    care: (await one(db().select({ u: careVisits.memberId }).from(careVisits).where(eq(careVisits.id, rows.care))))?.u,
    note: (await one(db().select({ u: notifications.userId }).from(notifications).where(eq(notifications.id, rows.note))))?.u,
    consent: (await one(db().select({ u: consents.userId }).from(consents).where(eq(consents.id, rows.consent))))?.u,
    hist: (
      await one(db().select({ u: memberStatusHistory.memberId }).from(memberStatusHistory).where(eq(memberStatusHistory.id, rows.hist)))
    )?.u,
  };
}

describe('POST /api/members/merges and its undo', () => {
  it('moves every related row to the kept member, takes the chosen fields, and the undo restores both exactly', async () => {
    const kept = await person({
      name: 'Thabo Mokoena',
      email: 'thabo@example.org',
      phone: '0825550001',
      occupation: 'Teacher',
      spiritualGifts: ['teaching'],
    });
    const removed = await person({
      name: 'Thabo M.',
      email: 'thabo.m@example.org',
      phone: '+27825550001',
      address: '12 Long Street',
      birthday: '1980-05-05',
      occupation: 'Principal',
      spiritualGifts: ['music', 'teaching'],
      passwordHash: null,
    });
    const [event] = await db()
      .insert(events)
      .values({ title: 'Sunday service', startsAt: new Date('2026-12-06T08:00:00Z') })
      .returning();
    const [room] = await db()
      .insert(chatRooms)
      .values({ name: `Room ${Math.random()}`, settings: {} })
      .returning();
    const shared = { eventId: event!.id, roomId: room!.id };
    const keptRows = await relatedRows(kept.user.id, shared);
    const removedRows = await relatedRows(removed.user.id, shared);
    const removedBefore = (await db().select().from(users).where(eq(users.id, removed.user.id)))[0]!;

    const res = await merge(pastor.token, {
      keepId: kept.user.id,
      removeId: removed.user.id,
      fields: { address: 'remove', birthday: 'remove', occupation: 'remove', name: 'keep' },
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('Thabo M. was merged into Thabo Mokoena');
    const m = body.data.merge;
    expect(m).toMatchObject({
      keptId: kept.user.id,
      removedId: removed.user.id,
      keptName: 'Thabo Mokoena',
      mergedByName: 'Pastor Sipho',
      undoneAt: null,
    });
    expect(m.moved).toMatchObject({
      'prayers.user_id': 1,
      'donations.user_id': 1,
      'event_registrations.user_id': 1,
      'chat_messages.sender_id': 1,
      'care_visits.member_id': 1,
      'notifications.user_id': 1,
      'consents.user_id': 1,
      'member_status_history.member_id': 1,
    });
    // Both were registered for, checked in at and in the same room: the kept person's row stands for both.
    expect(m.dropped).toMatchObject({ event_registrations: 1, event_attendance: 1, chat_room_members: 1 });

    // The removed record is gone; every row of theirs (bar the collisions) now belongs to the kept member.
    expect(await db().select().from(users).where(eq(users.id, removed.user.id))).toHaveLength(0);
    const after = await ownerOf(removedRows);
    expect(after).toEqual({
      prayer: kept.user.id,
      gift: kept.user.id,
      regShared: undefined,
      regOwn: kept.user.id,
      checkIn: undefined,
      msg: kept.user.id,
      care: kept.user.id,
      note: kept.user.id,
      consent: kept.user.id,
      hist: kept.user.id,
    });
    expect(Object.values(await ownerOf(keptRows)).every((u) => u === kept.user.id)).toBe(true);
    const [k] = await db().select().from(users).where(eq(users.id, kept.user.id));
    expect(k).toMatchObject({
      name: 'Thabo Mokoena',
      email: 'thabo@example.org',
      address: '12 Long Street',
      birthday: '1980-05-05',
      occupation: 'Principal',
      spiritualGifts: ['teaching', 'music'],
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.merged'), eq(auditLog.entityId, kept.user.id)));
    expect(audit!.summary).toBe(
      'Merged Thabo M. <thabo.m@example.org> into Thabo Mokoena (took address, birthday, occupation, spiritualGifts)',
    );
    expect(JSON.stringify(audit)).not.toContain('passwordHash');

    // Listed among the merges of either person.
    const list = json(await t.request({ method: 'GET', url: `/api/members/merges?memberId=${removed.user.id}`, token: pastor.token }));
    expect(list.data.merges.map((x: { id: string }) => x.id)).toEqual([m.id]);

    // Merging the merged-away record again: 409 naming where it went.
    const again = await merge(pastor.token, { keepId: kept.user.id, removeId: removed.user.id });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('This member was already merged into Thabo Mokoena');

    const u = await undo(admin.token, m.id);
    expect(u.statusCode).toBe(200);
    expect(json(u).message).toBe('Merge undone: Thabo M. is back');
    expect(json(u).data.merge).toMatchObject({ undoneByName: 'Admin Ayanda' });
    const [back] = await db().select().from(users).where(eq(users.id, removed.user.id));
    expect(back).toEqual(removedBefore);
    expect(await ownerOf(removedRows)).toEqual(Object.fromEntries(Object.keys(removedRows).map((key) => [key, removed.user.id])));
    expect(Object.values(await ownerOf(keptRows)).every((x) => x === kept.user.id)).toBe(true);
    const [k2] = await db().select().from(users).where(eq(users.id, kept.user.id));
    expect(k2).toMatchObject({ address: null, birthday: null, occupation: 'Teacher', spiritualGifts: ['teaching'] });
    const room2 = await db().select().from(chatRoomMembers).where(eq(chatRoomMembers.roomId, room!.id));
    expect(room2.map((r) => r.userId).sort()).toEqual([kept.user.id, removed.user.id].sort());
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'member.merge_undone'), eq(auditLog.entityId, removed.user.id))),
    ).toHaveLength(1);

    // Undone twice: 409.
    const twice = await undo(pastor.token, m.id);
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('This merge was already undone');
  });

  it('takes the e-mail with its password, and the undo gives the e-mail back to the restored person', async () => {
    const kept = await person({ email: 'old.address@example.org', passwordHash: null });
    const removed = await person({ email: 'new.address@example.org' });
    const res = await merge(pastor.token, { keepId: kept.user.id, removeId: removed.user.id, fields: { email: 'remove', name: 'remove' } });
    expect(res.statusCode).toBe(201);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new.address@example.org', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(json(login).user.id).toBe(kept.user.id);
    const u = await undo(pastor.token, json(res).data.merge.id);
    expect(u.statusCode).toBe(200);
    const rows = await db()
      .select()
      .from(users)
      .where(inArray(users.id, [kept.user.id, removed.user.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.email]))).toEqual({
      [kept.user.id]: 'old.address@example.org',
      [removed.user.id]: 'new.address@example.org',
    });
  });

  it('takes the household chosen, as one', async () => {
    const kept = await person();
    const removed = await person();
    const h = await t.request({
      method: 'PUT',
      url: `/api/members/${removed.user.id}/household`,
      token: pastor.token,
      payload: { newHouseholdName: 'The Dlamini family', householdRole: 'spouse' },
    });
    expect(h.statusCode).toBe(200);
    const res = await merge(pastor.token, { keepId: kept.user.id, removeId: removed.user.id, household: 'remove' });
    expect(res.statusCode).toBe(201);
    const detail = json(await t.request({ method: 'GET', url: `/api/members/${kept.user.id}`, token: pastor.token }));
    expect(detail.data.household.name).toBe('The Dlamini family');
    expect(detail.data.member.householdRole).toBe('spouse');
  });

  it('refuses a member merged with themselves, a missing member, and bad bodies with their texts', async () => {
    const a = await person();
    const self = await merge(pastor.token, { keepId: a.user.id, removeId: a.user.id });
    expect(self.statusCode).toBe(400);
    expect(json(self).message).toBe('A member cannot be merged with themselves');
    const own = await merge(pastor.token, { keepId: a.user.id, removeId: pastor.user.id });
    expect(own.statusCode).toBe(400);
    expect(json(own).message).toBe('You cannot merge away your own account; keep it instead');
    const missing = await merge(pastor.token, { keepId: a.user.id, removeId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Member not found');
    const bad = await merge(pastor.token, { keepId: 'x', removeId: a.user.id });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('That id is not valid');
    const side = await merge(pastor.token, { keepId: a.user.id, removeId: member.user.id, fields: { name: 'both' } });
    expect(side.statusCode).toBe(400);
    expect(json(side).message).toBe("Choose 'keep' or 'remove'");
    const noMerge = await undo(pastor.token, '00000000-0000-4000-8000-000000000000');
    expect(noMerge.statusCode).toBe(404);
    expect(json(noMerge).message).toBe('Merge not found');
  });

  it('keeps the grant rules: a pastor cannot merge an admin away nor take an admin role', async () => {
    const adminTwin = await person({ role: 'admin' });
    const plain = await person();
    const r1 = await merge(pastor.token, { keepId: plain.user.id, removeId: adminTwin.user.id });
    expect(r1.statusCode).toBe(403);
    expect(json(r1).message).toBe('Only an administrator can change or remove an administrator');
    const r2 = await merge(admin.token, { keepId: plain.user.id, removeId: adminTwin.user.id, fields: { role: 'remove' } });
    expect(r2.statusCode).toBe(201);
    expect((await db().select({ role: users.role }).from(users).where(eq(users.id, plain.user.id)))[0]!.role).toBe('admin');
  });

  it('refuses without sign-in (401) and for roles without members:manage (403)', async () => {
    const a = await person();
    const b = await person();
    const body = { keepId: a.user.id, removeId: b.user.id };
    expect((await merge('', body)).statusCode).toBe(401);
    expect((await undo('', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    for (const who of [member, elder]) {
      expect((await merge(who.token, body)).statusCode).toBe(403);
      expect((await undo(who.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/members/merges', token: who.token })).statusCode).toBe(403);
    }
    expect(
      await db()
        .select()
        .from(users)
        .where(inArray(users.id, [a.user.id, b.user.id])),
    ).toHaveLength(2);
  });

  it('knows every table that points at a person, each with a primary key', async () => {
    const refs = await personReferences(db());
    const names = refs.map((r) => `${r.table}.${r.column}`);
    for (const expected of [
      'prayers.user_id',
      'donations.user_id',
      'event_registrations.user_id',
      'chat_messages.sender_id',
      'care_visits.member_id',
    ]) {
      expect(names).toContain(expected);
    }
    expect(refs.every((r) => r.key.length > 0)).toBe(true);
  });
});
