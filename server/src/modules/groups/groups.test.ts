import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_TEXTS } from '@church/contract/groups';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { multipart } from '../../../test/multipart';
import { auditLog } from '../../db/schema/index';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let office: Person, leader: Person, member: Person, outsider: Person, otherLeader: Person;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: Person | undefined, payload?: object) =>
  t.request({ method, url: `/api${url}`, token: who?.token, ...(payload ? { payload } : {}) });

async function makeGroup(lead: Person, fields: object = {}) {
  const res = await call('POST', '/groups', office, {
    name: 'Soweto Home Cell',
    type: 'cell',
    description: 'We read Mark together',
    meetingDay: 3,
    meetingTime: '19:00',
    meetingPlace: 'Orlando West',
    address: '12 Vilakazi Street, Orlando West',
    leaderId: lead.user.id,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.group.id as string;
}
/** `who` asks to join and the group's leader accepts. */
async function join(groupId: string, who: Person, by: Person = leader) {
  expect((await call('POST', `/groups/${groupId}/join`, who, { message: 'Hi' })).statusCode).toBe(200);
  const res = await call('POST', `/groups/${groupId}/requests/${who.user.id}`, by, { accept: true });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  office = await createUser(t, { role: 'pastor', name: 'Pastor Thabo' });
  leader = await createUser(t, { name: 'Lerato Leader', phone: '082 555 1234' });
  member = await createUser(t, { name: 'Sipho Member', phone: '083 111 2222' });
  outsider = await createUser(t, { name: 'Olwethu Outsider' });
  otherLeader = await createUser(t, { name: 'Other Leader' });
});
afterAll(() => t.close());

describe('what each viewer of a group sees', () => {
  let id: string;
  beforeAll(async () => {
    id = await makeGroup(leader);
    await join(id, member);
  });

  it('the leader sees the address and members with their phone numbers', async () => {
    const group = json(await call('GET', `/groups/${id}`, leader)).data.group;
    expect(group).toMatchObject({
      view: 'leader',
      canEdit: true,
      address: '12 Vilakazi Street, Orlando West',
      myRole: 'leader',
      memberCount: 2,
    });
    expect(group.members.map((m: { name: string; phone: string }) => [m.name, m.phone])).toEqual([
      ['Lerato Leader', '082 555 1234'],
      ['Sipho Member', '083 111 2222'],
    ]);
  });

  it('a member sees the address and who is in the group, without their contact details', async () => {
    const group = json(await call('GET', `/groups/${id}`, member)).data.group;
    expect(group).toMatchObject({ view: 'member', canEdit: false, address: '12 Vilakazi Street, Orlando West', requestCount: null });
    expect(group.members.map((m: { name: string }) => m.name)).toEqual(['Lerato Leader', 'Sipho Member']);
    for (const m of group.members) expect(Object.keys(m)).not.toContain('phone');
  });

  it('someone outside an open group sees neither the address nor the members', async () => {
    const group = json(await call('GET', `/groups/${id}`, outsider)).data.group;
    expect(group).toMatchObject({ view: 'outsider', address: null, members: null, chatRoomId: null, leaders: [{ name: 'Lerato Leader' }] });
  });

  it('an open group that shows its members shows their names (only) to outsiders', async () => {
    await call('PUT', `/groups/${id}`, leader, { showMembers: true });
    const group = json(await call('GET', `/groups/${id}`, outsider)).data.group;
    expect(group.address).toBeNull();
    expect(group.members.map((m: { name: string }) => m.name)).toEqual(['Lerato Leader', 'Sipho Member']);
    for (const m of group.members) expect(Object.keys(m)).not.toContain('email');
    await call('PUT', `/groups/${id}`, leader, { showMembers: false });
  });

  it('a closed group is not found by anyone outside it, and is not in the directory', async () => {
    const closed = await makeGroup(leader, { name: 'Elders Prayer Team', type: 'team', isOpen: false });
    expect((await call('GET', `/groups/${closed}`, outsider)).statusCode).toBe(404);
    expect((await call('POST', `/groups/${closed}/join`, outsider, {})).statusCode).toBe(404);
    const directory = json(await call('GET', '/groups/directory?limit=100', outsider)).data.groups.map((g: { id: string }) => g.id);
    expect(directory).toContain(id);
    expect(directory).not.toContain(closed);
    expect(json(await call('GET', `/groups/${closed}`, leader)).data.group.view).toBe('leader');
  });

  it('my groups lists the groups I am in and those I asked to join', async () => {
    const waiting = await makeGroup(otherLeader, { name: 'Alexandra Youth' });
    await call('POST', `/groups/${waiting}/join`, member, {});
    const res = await call('GET', '/groups/mine', member);
    expect(res.statusCode, res.body).toBe(200);
    const mine = json(res).data.groups;
    expect(mine.map((g: { name: string; myStatus: string }) => [g.name, g.myStatus])).toEqual([
      ['Alexandra Youth', 'requested'],
      ['Soweto Home Cell', 'active'],
    ]);
  });
});

describe('joining', () => {
  it('a request waits for the leader; accepting it is in the audit log', async () => {
    const id = await makeGroup(leader, { name: 'Tembisa Bible Study', type: 'bible_study' });
    const asked = await call('POST', `/groups/${id}/join`, outsider, { message: 'I live nearby' });
    expect(json(asked)).toMatchObject({
      message: GROUP_TEXTS.requested,
      data: { group: { myStatus: 'requested', myRole: null, address: null } },
    });
    expect(json(await call('POST', `/groups/${id}/join`, outsider, {}))).toMatchObject({ message: GROUP_TEXTS.alreadyRequested });
    expect(json(await call('GET', `/groups/${id}`, leader)).data.group.requestCount).toBe(1);
    const requests = json(await call('GET', `/groups/${id}/requests`, leader)).data.requests;
    expect(requests).toMatchObject([{ name: 'Olwethu Outsider', message: 'I live nearby' }]);
    // Only the group's leaders see the requests and decide them.
    expect((await call('GET', `/groups/${id}/requests`, otherLeader)).statusCode).toBe(403);
    expect((await call('POST', `/groups/${id}/requests/${outsider.user.id}`, otherLeader, { accept: true })).statusCode).toBe(403);
    const accepted = await call('POST', `/groups/${id}/requests/${outsider.user.id}`, leader, { accept: true });
    expect(json(accepted).message).toBe(GROUP_TEXTS.accepted('Olwethu Outsider'));
    expect(json(await call('GET', `/groups/${id}`, outsider)).data.group.view).toBe('member');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => [e.action, e.actorName])).toContainEqual(['group.request_accepted', 'Lerato Leader']);
  });

  it('a full group takes no more requests', async () => {
    const id = await makeGroup(leader, { name: 'Small Class', type: 'class', capacity: 2 });
    await join(id, member);
    const res = await call('POST', `/groups/${id}/join`, outsider, {});
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(GROUP_TEXTS.full);
  });

  it('a declined person may ask again; a member may leave; the last leader may not', async () => {
    const id = await makeGroup(leader, { name: 'Men’s Fellowship', type: 'fellowship' });
    await call('POST', `/groups/${id}/join`, outsider, {});
    expect(json(await call('POST', `/groups/${id}/requests/${outsider.user.id}`, leader, { accept: false })).message).toBe(
      GROUP_TEXTS.declined,
    );
    expect((await call('POST', `/groups/${id}/join`, outsider, {})).statusCode).toBe(200);
    await call('POST', `/groups/${id}/requests/${outsider.user.id}`, leader, { accept: true });
    expect((await call('POST', `/groups/${id}/leave`, outsider)).statusCode).toBe(200);
    expect(json(await call('GET', `/groups/${id}`, outsider)).data.group.view).toBe('outsider');
    const last = await call('POST', `/groups/${id}/leave`, leader);
    expect(last.statusCode).toBe(409);
    expect(json(last).message).toBe(GROUP_TEXTS.lastLeader);
  });
});

describe('who changes a group', () => {
  it('a leader changes their own group only, and cannot move it to another zone', async () => {
    const mine = await makeGroup(leader, { name: 'Lerato’s Cell' });
    const theirs = await makeGroup(otherLeader, { name: 'Other Cell' });
    expect((await call('PUT', `/groups/${mine}`, leader, { meetingTime: '18:30' })).statusCode).toBe(200);
    expect((await call('PUT', `/groups/${theirs}`, leader, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call('PUT', `/groups/${mine}`, leader, { networkId: null })).statusCode).toBe(403);
    expect(json(await call('PUT', `/groups/${mine}`, leader, { meetingTime: '7pm' })).message).toBe('Time must look like 19:00');
  });

  it('a leader makes a co-leader, who then runs the group too; a member cannot', async () => {
    const id = await makeGroup(leader, { name: 'Co-led Cell' });
    await join(id, member);
    expect((await call('PATCH', `/groups/${id}/members/${leader.user.id}`, member, { role: 'member' })).statusCode).toBe(403);
    expect((await call('PATCH', `/groups/${id}/members/${member.user.id}`, leader, { role: 'co_leader' })).statusCode).toBe(200);
    expect(json(await call('GET', `/groups/${id}`, member)).data.group).toMatchObject({ view: 'leader', canEdit: true });
    expect((await call('DELETE', `/groups/${id}/members/${leader.user.id}`, member)).statusCode).toBe(200);
    const last = await call('PATCH', `/groups/${id}/members/${member.user.id}`, member, { role: 'member' });
    expect(json(last).message).toBe(GROUP_TEXTS.lastLeader);
  });

  it('only the church office adds people directly, creates and archives groups', async () => {
    const id = await makeGroup(leader, { name: 'Office Cell' });
    expect((await call('POST', `/groups/${id}/members`, leader, { userId: outsider.user.id })).statusCode).toBe(403);
    expect((await call('POST', '/groups', leader, { name: 'Mine', type: 'cell', leaderId: leader.user.id })).statusCode).toBe(403);
    expect(json(await call('POST', `/groups/${id}/members`, office, { userId: outsider.user.id })).message).toBe(
      GROUP_TEXTS.memberAdded('Olwethu Outsider'),
    );
    expect((await call('DELETE', `/groups/${id}`, office)).statusCode).toBe(200);
    expect((await call('GET', `/groups/${id}`, leader)).statusCode).toBe(404);
  });

  it('refuses bad input with a message', async () => {
    const res = await call('POST', '/groups', office, { name: 'X'.repeat(81), type: 'choir', leaderId: leader.user.id });
    expect(res.statusCode).toBe(400);
    expect(json(res).details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['Name must be at most 80 characters', 'Type must be one of: cell, bible_study, fellowship, team, class']),
    );
    const unknown = await call('POST', '/groups', office, {
      name: 'Ghost',
      type: 'cell',
      leaderId: '00000000-0000-4000-8000-000000000000',
    });
    expect(json(unknown).message).toBe(GROUP_TEXTS.personNotFound);
  });
});

describe('the group picture', () => {
  const send = (id: string, who: Person, content: Buffer) => {
    const body = multipart({}, [{ field: 'picture', filename: 'cell.png', content, type: 'image/png' }]);
    return t.request({ method: 'POST', url: `/api/groups/${id}/picture`, token: who.token, payload: body.payload, headers: body.headers });
  };

  it('the leader uploads a PNG, stored as WebP; bytes that are not a picture are refused', async () => {
    const id = await makeGroup(leader, { name: 'Picture Cell' });
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    expect((await send(id, otherLeader, png)).statusCode).toBe(403);
    const res = await send(id, leader, png);
    expect(res.statusCode, res.body).toBe(200);
    const url = json(res).data.group.pictureUrl;
    expect(url).toMatch(/^\/api\/groups\/pictures\/group-[0-9a-f-]{36}\.webp$/);
    const img = await t.request({ method: 'GET', url });
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 450 });
    const fake = await send(id, leader, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(fake.statusCode).toBe(415);
    expect(json(fake).message).toBe(GROUP_TEXTS.pictureInvalid);
    expect((await send(id, leader, Buffer.alloc(2 * 1024 * 1024 + 10, 1))).statusCode).toBe(413);
  });
});
