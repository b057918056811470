import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_ALERT_TEXTS } from '@church/contract/groups';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { groupCareAlerts, groupMembers, notifications } from '../../../db/schema/index';
import { checkDrift } from './drift';
import { GROUPS_NIGHTLY_JOB } from './nightly';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let office: Person, pastor: Person, leader: Person, faithful: Person, drifting: Person, newcomer: Person, other: Person;
let groupId: string;
const weeksAgo = (w: number) => new Date(Date.now() - w * 7 * 86_400_000).toISOString();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: object) =>
  t.request({ method, url: `/api${url}`, token: who.token, ...(payload ? { payload } : {}) });
/** A meeting `w` weeks ago with these people present and the rest of `everyone` absent. */
async function meeting(w: number, present: Person[], everyone: Person[]) {
  const id = crypto.randomUUID();
  const res = await call('POST', '/groups/sync', leader, {
    meetings: [{ id, groupId, startsAt: weeksAgo(w) }],
    marks: everyone.map((p) => ({
      id: crypto.randomUUID(),
      meetingId: id,
      userId: p.user.id,
      present: present.includes(p),
      at: weeksAgo(w),
    })),
  });
  expect(json(res).data.rejected).toEqual([]);
}
const openAlerts = () =>
  t.database.db
    .select()
    .from(groupCareAlerts)
    .where(sql`${groupCareAlerts.resolvedAt} is null`);

beforeAll(async () => {
  t = await createTestApp();
  office = await createUser(t, { role: 'admin' });
  pastor = await createUser(t, { role: 'pastor' });
  leader = await createUser(t, { name: 'Lerato Leader' });
  faithful = await createUser(t, { name: 'Faithful Fikile' });
  drifting = await createUser(t, { name: 'Drifting Dumisani' });
  newcomer = await createUser(t, { name: 'Newcomer Nandi' });
  other = await createUser(t, { name: 'Other Member' });
  groupId = json(await call('POST', '/groups', office, { name: 'Kagiso Cell', type: 'cell', leaderId: leader.user.id })).data.group.id;
  for (const p of [faithful, drifting]) await call('POST', `/groups/${groupId}/members`, office, { userId: p.user.id });
  // Everyone here joined five weeks ago; the newcomer joins after the third meeting.
  await t.database.db
    .update(groupMembers)
    .set({ joinedAt: new Date(weeksAgo(5)) })
    .where(eq(groupMembers.groupId, groupId));
  const regulars = [leader, faithful, drifting];
  await meeting(4, regulars, regulars);
  await meeting(3, [leader, faithful], regulars);
  await call('POST', `/groups/${groupId}/members`, office, { userId: newcomer.user.id });
  await t.database.db
    .update(groupMembers)
    .set({ joinedAt: new Date(weeksAgo(2.5)) })
    .where(eq(groupMembers.userId, newcomer.user.id));
  await meeting(2, [leader, faithful], [...regulars, newcomer]);
  await meeting(1, [leader, faithful], [...regulars, newcomer]);
});
afterAll(() => t.close());

describe('care when someone drifts away', () => {
  it('the church sets N; only the office may', async () => {
    expect(json(await call('GET', '/groups/settings', office)).data.settings).toEqual({ driftAfterMeetings: 3 });
    expect((await call('PUT', '/groups/settings', leader, { driftAfterMeetings: 2 })).statusCode).toBe(403);
    expect(json(await call('PUT', '/groups/settings', office, { driftAfterMeetings: 21 })).message).toBe('Enter 20 or fewer');
    expect(json(await call('PUT', '/groups/settings', office, { driftAfterMeetings: 3 })).message).toBe(CARE_ALERT_TEXTS.settingsSaved);
  });

  it('the nightly run raises one follow-up for the leader after N missed meetings, and not again the next night', async () => {
    await t.ctx.jobs.send(GROUPS_NIGHTLY_JOB, { day: 'test' });
    await t.ctx.jobs.drain({ names: [GROUPS_NIGHTLY_JOB] });
    const alerts = await openAlerts();
    // The newcomer has missed only two since joining; the faithful missed none.
    expect(alerts.map((a) => [a.userId, a.missed, a.assigneeId])).toEqual([[drifting.user.id, 3, leader.user.id]]);
    expect((await checkDrift(t.database.db, { afterMeetings: 3 })).raised).toBe(0);
    expect(await openAlerts()).toHaveLength(1);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, leader.user.id));
    expect(note).toMatchObject({ title: 'Someone has been missing from Kagiso Cell', link: `/groups/${groupId}` });
    expect(note!.message).toContain('Drifting Dumisani has missed the last 3 meetings');
  });

  it('the leader and pastoral care see it; another member does not; the leader marks it done (audited)', async () => {
    const mine = json(await call('GET', `/groups/${groupId}/care-alerts`, leader)).data.alerts;
    expect(mine).toMatchObject([{ person: { name: 'Drifting Dumisani' }, missed: 3, assignee: { name: 'Lerato Leader' } }]);
    expect((await call('GET', `/groups/${groupId}/care-alerts`, pastor)).statusCode).toBe(200);
    expect((await call('GET', `/groups/${groupId}/care-alerts`, faithful)).statusCode).toBe(403);
    expect((await call('POST', `/groups/care-alerts/${mine[0].id}/done`, other)).statusCode).toBe(403);
    const inbox = json(await call('GET', '/care/inbox?scope=all&kind=group_absence', pastor)).data;
    expect(inbox.items).toMatchObject([{ kind: 'group_absence', person: 'Drifting Dumisani', title: 'Missing from Kagiso Cell' }]);
    expect(json(await call('POST', `/groups/care-alerts/${mine[0].id}/done`, leader)).message).toBe(CARE_ALERT_TEXTS.done);
    expect(await openAlerts()).toHaveLength(0);
    // Still away: a new follow-up only after N more meetings missed, not the next night.
    expect((await checkDrift(t.database.db, { afterMeetings: 3 })).raised).toBe(0);
  });

  it('a follow-up closes by itself when the person comes back', async () => {
    await meeting(0, [leader, faithful, drifting], [leader, faithful, drifting, newcomer]);
    // Now the newcomer has missed three since joining.
    expect(await checkDrift(t.database.db, { afterMeetings: 3 })).toMatchObject({ raised: 1, returned: 0 });
    await meeting(-0.01, [leader, newcomer], [leader, faithful, drifting, newcomer]);
    const result = await checkDrift(t.database.db, { afterMeetings: 3, now: new Date(Date.now() + 3 * 3_600_000) });
    expect(result.returned).toBe(1);
    const [closed] = await t.database.db.select().from(groupCareAlerts).where(eq(groupCareAlerts.resolution, 'returned'));
    expect(closed).toMatchObject({ userId: newcomer.user.id });
  });
});
