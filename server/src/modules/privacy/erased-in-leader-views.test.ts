import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { events } from '../../db/schema/index';

/**
 * A member who deletes their account (POPIA) leaves a de-identified users row
 * behind ("Former member", inactive) for the gift records that must stay. That
 * row is nobody's member: no leader list or count may show it. The deletion
 * goes through the real route, then every leader view is read again.
 */
let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let leaving: Awaited<ReturnType<typeof createUser>>;
let eventId: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Named = { id: string; name: string };
const get = async (url: string, token = pastor.token) => {
  const res = await t.request({ url, token });
  expect(res.statusCode, url).toBe(200);
  return json(res).data;
};
/** Every leader view that lists or counts people, as the pastor and admin see it. */
async function leaderViews() {
  const dashboard = await get('/api/dashboard/pastor');
  const followUp = await get('/api/care/follow-up?limit=200');
  const volunteers = await get('/api/volunteers?limit=100');
  const leadership = await get('/api/leadership');
  const members = await get('/api/members?limit=100');
  const overview = await get('/api/analytics/overview', admin.token);
  const system = await get('/api/admin/system', admin.token);
  return {
    totalMembers: dashboard.stats.totalMembers,
    newMembers: dashboard.stats.newMembers,
    volunteersStat: dashboard.stats.volunteers,
    recent: dashboard.recentMembers.map((m: Named) => m.id),
    followUp: followUp.members.map((m: Named) => m.id),
    followUpTotal: followUp.total,
    volunteers: volunteers.volunteers.map((m: Named) => m.id),
    leaders: leadership.leaders.map((m: Named) => m.id),
    members: members.members.map((m: Named) => m.id),
    analyticsMembers: overview.totalMembers,
    systemMembers: system.members,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', joinDate: day(-400) });
  admin = await createUser(t, { role: 'admin', joinDate: day(-400) });
  // A new deacon who volunteers: on the dashboard, the follow-up list (joined this month), Volunteers and Leadership.
  leaving = await createUser(t, { role: 'deacon', isVolunteer: true, name: 'Zanele Leaving', joinDate: day(-2) });
  eventId = (await t.database.db.insert(events).values({ title: 'Sunday Service', startsAt: new Date(), type: 'service' }).returning())[0]!
    .id;
});
afterAll(() => t.close());

describe('deleted (erased) accounts in leader views', () => {
  it('disappear from every leader list and count once the member deletes their account', async () => {
    const before = await leaderViews();
    const id = leaving.user.id;
    expect(before.recent).toContain(id);
    expect(before.followUp).toContain(id);
    expect(before.volunteers).toContain(id);
    expect(before.leaders).toContain(id);
    expect(before.members).toContain(id);

    const res = await t.request({
      method: 'DELETE',
      url: '/api/members/profile',
      token: leaving.token,
      payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = await leaderViews();
    expect(after).toEqual({
      totalMembers: before.totalMembers - 1,
      newMembers: before.newMembers - 1,
      volunteersStat: before.volunteersStat - 1,
      recent: before.recent.filter((x: string) => x !== id),
      // The erased row is inactive: without the filter it would turn up here as someone to follow up.
      followUp: before.followUp.filter((x: string) => x !== id),
      followUpTotal: before.followUpTotal - 1,
      volunteers: before.volunteers.filter((x: string) => x !== id),
      leaders: before.leaders.filter((x: string) => x !== id),
      members: before.members.filter((x: string) => x !== id),
      analyticsMembers: before.analyticsMembers - 1,
      systemMembers: before.systemMembers - 1,
    });
  });

  it('cannot be checked in, visited or assigned', async () => {
    const id = leaving.user.id;
    const checkIn = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/attendance`,
      token: pastor.token,
      payload: { userId: id },
    });
    expect(checkIn.statusCode).toBe(404);
    const visit = await t.request({
      method: 'POST',
      url: '/api/care/visits',
      token: pastor.token,
      payload: { memberId: id, visitedOn: day(0) },
    });
    expect(visit.statusCode).toBe(404);
    expect((await t.request({ url: `/api/members/${id}`, token: pastor.token })).statusCode).toBe(404);
  });
});
