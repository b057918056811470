import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_TEXTS } from '@church/contract/groups';
import { MEETING_TEXTS } from '@church/contract/groups-meetings';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { auditLog, groupAttendanceMarks, groupMeetings } from '../../../db/schema/index';
import { meetingDays } from './schedule';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let office: Person, leader: Person, coLeader: Person, thandi: Person, sipho: Person, outsider: Person;
let groupId: string;
const id = () => crypto.randomUUID();
const call = (method: 'GET' | 'POST', url: string, who: Person, payload?: object) =>
  t.request({ method, url: `/api${url}`, token: who.token, ...(payload ? { payload } : {}) });
const sync = async (who: Person, body: object) => {
  const res = await call('POST', '/groups/sync', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { meetingIds: Record<string, string>; accepted: number; rejected: { id: string; message: string }[] };
};
const register = async (meetingId: string) => json(await call('GET', `/groups/${groupId}/meetings/${meetingId}`, leader)).data;
/** A Wednesday 19:00 in Johannesburg, `weeksAgo` weeks back from the coming one. */
const wednesday = (weeksAgo: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7) - 7 * weeksAgo);
  return `${d.toISOString().slice(0, 10)}T17:00:00.000Z`;
};

beforeAll(async () => {
  t = await createTestApp();
  office = await createUser(t, { role: 'pastor' });
  leader = await createUser(t, { name: 'Lerato Leader' });
  coLeader = await createUser(t, { name: 'Bongani Coleader' });
  thandi = await createUser(t, { name: 'Thandi Member' });
  sipho = await createUser(t, { name: 'Sipho Member' });
  outsider = await createUser(t, { name: 'Olwethu Outsider' });
  const res = await call('POST', '/groups', office, {
    name: 'Wednesday Cell',
    type: 'cell',
    meetingDay: 3,
    meetingTime: '19:00',
    leaderId: leader.user.id,
  });
  groupId = json(res).data.group.id;
  for (const p of [coLeader, thandi, sipho]) await call('POST', `/groups/${groupId}/members`, office, { userId: p.user.id });
  await t.request({
    method: 'PATCH',
    url: `/api/groups/${groupId}/members/${coLeader.user.id}`,
    token: leader.token,
    payload: { role: 'co_leader' },
  });
});
afterAll(() => t.close());

describe('meetings from the schedule', () => {
  it('a weekly group gets its coming Wednesdays at 19:00 church time', async () => {
    const meetings = json(await call('GET', `/groups/${groupId}/meetings?range=upcoming`, thandi)).data.meetings;
    expect(meetings.length).toBeGreaterThanOrEqual(4);
    for (const m of meetings) {
      expect(new Date(m.startsAt).getUTCDay()).toBe(3);
      expect(m.startsAt).toMatch(/T17:00:00\.000Z$/);
      expect(m.note).toBeNull();
    }
  });

  it('fortnightly groups meet every second week from their first, monthly ones on the first such weekday', () => {
    const base = { meetingDay: 3, meetingTime: '19:00', anchorDay: '2026-01-07' };
    expect(meetingDays({ ...base, frequency: 'fortnightly' }, '2026-01-01', 35)).toEqual(['2026-01-07', '2026-01-21', '2026-02-04']);
    expect(meetingDays({ ...base, frequency: 'monthly' }, '2026-01-01', 60)).toEqual(['2026-01-07', '2026-02-04']);
    expect(meetingDays({ ...base, meetingDay: null, frequency: 'weekly' }, '2026-01-01', 60)).toEqual([]);
  });

  it('only the group’s members see its meetings, and only its leaders the register', async () => {
    expect((await call('GET', `/groups/${groupId}/meetings`, outsider)).statusCode).toBe(403);
    const [m] = json(await call('GET', `/groups/${groupId}/meetings`, thandi)).data.meetings;
    expect((await call('GET', `/groups/${groupId}/meetings/${m.id}`, thandi)).statusCode).toBe(403);
    expect((await call('GET', `/groups/${groupId}/meetings/${m.id}`, coLeader)).statusCode).toBe(200);
  });
});

describe('taking attendance through sync', () => {
  it('a meeting made offline at a time the schedule already holds becomes that meeting; a resend changes nothing', async () => {
    const phoneMeeting = id();
    const batch = {
      meetings: [{ id: phoneMeeting, groupId, startsAt: wednesday(0), note: 'Mark 4', headcount: 7 }],
      marks: [
        { id: id(), meetingId: phoneMeeting, userId: thandi.user.id, present: true, at: new Date().toISOString() },
        { id: id(), meetingId: phoneMeeting, userId: sipho.user.id, present: false, at: new Date().toISOString() },
        { id: id(), meetingId: phoneMeeting, userId: leader.user.id, present: true, at: new Date().toISOString() },
      ],
      visitors: [{ id: id(), meetingId: phoneMeeting, name: 'Nomsa Visitor', phone: '082 555 1234' }],
    };
    const first = await sync(leader, batch);
    const serverId = first.meetingIds[phoneMeeting]!;
    expect(serverId).toBeDefined();
    expect(first).toMatchObject({ accepted: 5, rejected: [] });
    const again = await sync(leader, batch);
    expect(again.meetingIds[phoneMeeting]).toBe(serverId);
    const detail = await register(serverId);
    expect(detail.meeting).toMatchObject({
      status: 'held',
      presentCount: 2,
      expectedCount: 3,
      visitorCount: 1,
      headcount: 7,
      note: 'Mark 4',
    });
    expect(detail.register.map((r: { name: string; present: boolean | null }) => [r.name, r.present])).toEqual([
      ['Lerato Leader', true],
      ['Bongani Coleader', null],
      ['Sipho Member', false],
      ['Thandi Member', true],
    ]);
    expect(detail.visitors).toMatchObject([{ name: 'Nomsa Visitor', phone: '082 555 1234', returning: false }]);
    const events = await t.database.db.execute(sql`select data from domain_events where type = 'group.attendance_recorded'`);
    expect((events as unknown as { rows: { data: { meetingId: string } }[] }).rows.map((r) => r.data.meetingId)).toContain(serverId);
  });

  it('two phones on one meeting: both registers merge, the newer mark per person wins, every mark is kept', async () => {
    const startsAt = wednesday(2);
    const [phoneA, phoneB] = [id(), id()];
    const t0 = new Date(Date.now() - 60_000).toISOString();
    const t1 = new Date().toISOString();
    await sync(leader, {
      meetings: [{ id: phoneA, groupId, startsAt }],
      marks: [{ id: id(), meetingId: phoneA, userId: thandi.user.id, present: true, at: t1 }],
    });
    // The co-leader's phone was offline with an older tap for Thandi and its own for Sipho.
    const b = await sync(coLeader, {
      meetings: [{ id: phoneB, groupId, startsAt }],
      marks: [
        { id: id(), meetingId: phoneB, userId: thandi.user.id, present: false, at: t0 },
        { id: id(), meetingId: phoneB, userId: sipho.user.id, present: true, at: t0 },
      ],
    });
    const meetingId = b.meetingIds[phoneB] ?? phoneB;
    const all = await t.database.db
      .select()
      .from(groupMeetings)
      .where(eq(groupMeetings.startsAt, new Date(startsAt)));
    expect(all).toHaveLength(1);
    const detail = await register(meetingId);
    expect(Object.fromEntries(detail.register.map((r: { name: string; present: boolean | null }) => [r.name, r.present]))).toMatchObject({
      'Thandi Member': true,
      'Sipho Member': true,
    });
    const marks = await t.database.db.select().from(groupAttendanceMarks).where(eq(groupAttendanceMarks.meetingId, meetingId));
    expect(marks.map((m) => m.applied).sort()).toEqual([false, true, true]);
  });

  it('refuses marks from someone who does not lead the group, and for someone not in it', async () => {
    const [m] = json(await call('GET', `/groups/${groupId}/meetings`, leader)).data.meetings;
    const byMember = await sync(thandi, {
      marks: [{ id: id(), meetingId: m.id, userId: thandi.user.id, present: true, at: new Date().toISOString() }],
    });
    expect(byMember.rejected).toMatchObject([{ message: GROUP_TEXTS.notLeader }]);
    const stranger = await sync(leader, {
      marks: [{ id: id(), meetingId: m.id, userId: outsider.user.id, present: true, at: new Date().toISOString() }],
    });
    expect(stranger.rejected).toMatchObject([{ message: MEETING_TEXTS.notInGroup }]);
    const foreign = await sync(thandi, { meetings: [{ id: id(), groupId, startsAt: wednesday(5) }] });
    expect(foreign.rejected).toMatchObject([{ message: GROUP_TEXTS.notLeader }]);
    const bad = await call('POST', '/groups/sync', leader, {
      marks: [{ id: 'phone-1', meetingId: m.id, userId: thandi.user.id, present: 'yes', at: 'now' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a cancelled meeting is marked; changing a past meeting already recorded goes to the audit log', async () => {
    const m = id();
    const startsAt = wednesday(3);
    // Sent late (the phone was offline for days): the first recording is not an edit.
    const first = await sync(leader, {
      meetings: [{ id: m, groupId, startsAt }],
      marks: [{ id: id(), meetingId: m, userId: thandi.user.id, present: true, at: startsAt }],
    });
    const meetingId = first.meetingIds[m] ?? m;
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, meetingId))).toHaveLength(0);
    await sync(leader, { marks: [{ id: id(), meetingId, userId: thandi.user.id, present: false, at: new Date().toISOString() }] });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, meetingId));
    expect(entry).toMatchObject({
      action: 'group.meeting_edited',
      actorName: 'Lerato Leader',
      before: { presentCount: 1 },
      after: { presentCount: 0 },
    });
    const next = json(await call('GET', `/groups/${groupId}/meetings`, leader)).data.meetings[1];
    await sync(leader, { meetings: [{ id: next.id, groupId, startsAt: next.startsAt, status: 'cancelled', note: 'Load-shedding' }] });
    const after = json(await call('GET', `/groups/${groupId}/meetings`, thandi)).data.meetings.find(
      (x: { id: string }) => x.id === next.id,
    );
    expect(after).toMatchObject({ status: 'cancelled', note: null });
  });

  it('a visitor who comes back is recognised by their phone number', async () => {
    const [m1, m2] = [id(), id()];
    await sync(leader, {
      meetings: [{ id: m1, groupId, startsAt: wednesday(6) }],
      visitors: [{ id: id(), meetingId: m1, name: 'Zanele', phone: '0831234567' }],
    });
    const second = await sync(leader, {
      meetings: [{ id: m2, groupId, startsAt: wednesday(5) }],
      visitors: [{ id: id(), meetingId: m2, name: 'Zanele M', phone: '083 123 4567' }],
    });
    const detail = await register(second.meetingIds[m2] ?? m2);
    expect(detail.visitors).toMatchObject([{ name: 'Zanele M', returning: true }]);
  });
});
