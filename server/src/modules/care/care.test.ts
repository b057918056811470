import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_TEXTS } from '@church/contract/care';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { prayers, visitors } from '../../db/schema/index';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Thabo' });
  admin = await createUser(t, { role: 'admin' });
  member = await createUser(t, { name: 'Naledi Dlamini', joinDate: day(-3) });
});
afterAll(() => t.close());

const record = (token: string | undefined, body: object) => t.request({ method: 'POST', url: '/api/care/visits', token, payload: body });

describe('POST /api/care/visits', () => {
  it('records a visit with a follow-up assigned to the recorder and moves lastContacted', async () => {
    const res = await record(pastor.token, {
      memberId: member.user.id,
      kind: 'visit',
      visitedOn: day(-1),
      notes: 'Mother in hospital',
      followUpOn: day(6),
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      message: CARE_TEXTS.visitRecorded,
      data: {
        visit: {
          member: { name: 'Naledi Dlamini' },
          notes: 'Mother in hospital',
          followUpOn: day(6),
          assignee: { id: pastor.user.id },
          recordedBy: { name: 'Pastor Thabo' },
        },
      },
    });
    // lastContacted is a leader's field: read it as the pastor (the member's own profile never carries it).
    const detail = json(await t.request({ url: `/api/members/${member.user.id}`, token: pastor.token })).data;
    expect(detail.member.lastContacted).toBeTruthy();
  });

  it.each([
    [{ memberId: undefined, visitedOn: day(-1) }, CARE_TEXTS.memberRequired],
    [{ memberId: 'nobody', visitedOn: day(-1) }, CARE_TEXTS.memberRequired],
    [{ visitedOn: '' }, CARE_TEXTS.dateRequired],
    [{ visitedOn: day(-1), followUpOn: day(-5) }, CARE_TEXTS.followUpBefore],
    [{ visitedOn: day(-1), kind: 'party' }, 'Kind must be one of'],
    [{ visitedOn: day(3) }, CARE_TEXTS.futureDate],
  ])('refuses %o', async (body, text) => {
    const res = await record(pastor.token, { memberId: member.user.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain(text);
  });

  it('404 for an unknown member; refuses an elder as assignee', async () => {
    expect((await record(pastor.token, { memberId: missing, visitedOn: day(0) })).statusCode).toBe(404);
    const elder = await createUser(t, { role: 'elder' });
    const res = await record(pastor.token, { memberId: member.user.id, visitedOn: day(0), followUpOn: day(1), assigneeId: elder.user.id });
    expect(json(res).message).toBe(CARE_TEXTS.assigneeNotLeader);
  });
});

describe('care notes are confidential', () => {
  it('no role below pastor reads or writes any care route; anonymous gets 401', async () => {
    const urls = ['/api/care/visits', `/api/care/visits?memberId=${member.user.id}`, '/api/care/inbox', '/api/care/follow-up'];
    for (const url of urls) expect((await t.request({ url })).statusCode, url).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      for (const url of urls) expect((await t.request({ url, token })).statusCode, `${role} ${url}`).toBe(403);
      expect((await record(token, { memberId: member.user.id, visitedOn: day(0) })).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'PATCH', url: `/api/care/visits/${missing}/follow-up`, token, payload: { done: true } })).statusCode,
      ).toBe(403);
    }
    // The member's own calls never carry the notes.
    const own = await t.request({ url: '/api/members/profile', token: member.token });
    expect(own.body).not.toContain('Mother in hospital');
    expect((await record(undefined, { memberId: member.user.id, visitedOn: day(0) })).statusCode).toBe(401);
  });
});

describe('follow-ups and the care inbox', () => {
  it('lists due follow-ups, marks one done, counts mine and overdue', async () => {
    const other = await createUser(t, { name: 'Sipho Ndlovu' });
    const overdue = json(
      await record(admin.token, {
        memberId: other.user.id,
        kind: 'call',
        visitedOn: day(-10),
        followUpOn: day(-2),
        assigneeId: pastor.user.id,
      }),
    ).data.visit;
    await t.database.db.insert(prayers).values({ title: 'Healing for my father', description: 'Please pray', priority: 'high' });
    await t.database.db.insert(visitors).values({ firstName: 'Lerato', lastName: 'Mokoena', email: 'lerato@example.org' });

    const due = json(await t.request({ url: '/api/care/visits?followUp=due', token: pastor.token })).data;
    expect(due.visits.map((v: { id: string }) => v.id)).toEqual([overdue.id]);

    const inbox = json(await t.request({ url: '/api/care/inbox', token: pastor.token })).data;
    const kinds = inbox.items.map((i: { kind: string; person: string }) => `${i.kind}:${i.person}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['follow_up:Sipho Ndlovu', 'follow_up:Naledi Dlamini', 'prayer:Anonymous', 'visitor:Lerato Mokoena']),
    );
    expect(inbox.items.find((i: { person: string }) => i.person === 'Sipho Ndlovu')).toMatchObject({
      status: 'overdue',
      assignee: { id: pastor.user.id },
      title: 'Follow up after phone call',
    });
    expect(inbox.counts).toMatchObject({ mine: 2, mineOverdue: 1 });
    expect(inbox.counts.overdue).toBeGreaterThanOrEqual(1);
    const mine = json(await t.request({ url: '/api/care/inbox?scope=mine', token: pastor.token })).data;
    expect(mine.items).toHaveLength(2);
    const adminMine = json(await t.request({ url: '/api/care/inbox?scope=mine', token: admin.token })).data;
    expect(adminMine.items).toEqual([]); // visits recorded by the admin were assigned to the pastor

    const done = await t.request({
      method: 'PATCH',
      url: `/api/care/visits/${overdue.id}/follow-up`,
      token: pastor.token,
      payload: { done: true },
    });
    expect(json(done)).toMatchObject({ message: CARE_TEXTS.followUpDone, data: { visit: { followUpDoneAt: expect.any(String) } } });
    const after = json(await t.request({ url: '/api/care/inbox?scope=mine', token: pastor.token })).data;
    expect(after.counts).toMatchObject({ mine: 1, mineOverdue: 0 });
    expect(
      (await t.request({ method: 'PATCH', url: `/api/care/visits/${missing}/follow-up`, token: pastor.token, payload: { done: true } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/care/visits/${overdue.id}/follow-up`, token: pastor.token, payload: {} })).statusCode,
    ).toBe(400);
  });

  it('follow-up tab: inactive members and those who joined within 30 days, not older active ones', async () => {
    await createUser(t, { name: 'Old Faithful', joinDate: day(-400) });
    await createUser(t, { name: 'Gone Quiet', joinDate: day(-400), status: 'inactive' });
    const res = json(await t.request({ url: '/api/care/follow-up?limit=200', token: admin.token })).data;
    const names = res.members.map((m: { name: string }) => m.name);
    expect(names).toContain('Gone Quiet');
    expect(names).toContain('Naledi Dlamini');
    expect(names).not.toContain('Old Faithful');
    expect(res.members.find((m: { name: string }) => m.name === 'Gone Quiet').reason).toBe('inactive');
    expect(res.members.find((m: { name: string }) => m.name === 'Naledi Dlamini')).toMatchObject({ reason: 'new', lastVisitOn: day(-1) });
  });
});

describe('leader alerts', () => {
  it('a new visitor and a contact message notify leaders; a leader can turn a topic off', async () => {
    const leader = await createUser(t, { role: 'admin' });
    const url = '/api/care/alert-preferences';
    expect(json(await t.request({ url, token: leader.token })).data.preferences).toEqual({
      visitors: true,
      contactMessages: true,
      prayers: true,
      emailAlerts: false,
    });
    const off = await t.request({
      method: 'PUT',
      url,
      token: leader.token,
      payload: { visitors: false, contactMessages: true, prayers: true, emailAlerts: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url, token: leader.token, payload: { visitors: 'no' } })).statusCode).toBe(400);
    expect((await t.request({ url, token: member.token })).statusCode).toBe(403);
    expect((await t.request({ url })).statusCode).toBe(401);

    await t.request({
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Kagiso', lastName: 'Molefe', email: 'kagiso@example.org' },
    });
    await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'Ruth Pillay', email: 'ruth@example.org', message: 'When is the youth camp?' },
    });
    const titles = async (token: string) =>
      json(await t.request({ url: '/api/notifications/user?limit=50', token })).data.notifications.map((n: { title: string }) => n.title);
    expect(await titles(pastor.token)).toEqual(expect.arrayContaining(['New visitor', 'New message']));
    const mine = await titles(leader.token);
    expect(mine).toContain('New message');
    expect(mine).not.toContain('New visitor');
    expect(await titles(member.token)).not.toContain('New message');
  });
});
