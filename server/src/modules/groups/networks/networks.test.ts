import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_TEXTS } from '@church/contract/groups-networks';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { groupMeetings } from '../../../db/schema/index';

let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
let office: Person, districtOverseer: Person, zoneOverseer: Person, leader: Person, member: Person;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Person, payload?: object) =>
  t.request({ method, url: `/api${url}`, token: who.token, ...(payload ? { payload } : {}) });
const network = async (name: string, parentId: string | null, overseerId: string | null = null) => {
  const res = await call('POST', '/group-networks', office, { name, parentId, overseerId });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.network.id as string;
};
const group = async (name: string, networkId: string | null) => {
  const res = await call('POST', '/groups', office, {
    name,
    type: 'cell',
    networkId,
    leaderId: leader.user.id,
    address: '3 Jacaranda Ave',
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.group.id as string;
};

let district: string, zoneA: string, zoneB: string, cellA: string, cellB: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await createUser(t, { role: 'admin' });
  districtOverseer = await createUser(t, { name: 'Elder Dube' });
  zoneOverseer = await createUser(t, { name: 'Deacon Khumalo' });
  leader = await createUser(t, { name: 'Lindiwe Leader' });
  member = await createUser(t, { name: 'Member Mokoena', phone: '082 000 1111' });
  district = await network('Soweto District', null, districtOverseer.user.id);
  zoneA = await network('Orlando Zone', district, zoneOverseer.user.id);
  zoneB = await network('Diepkloof Zone', district);
  cellA = await group('Orlando Cell', zoneA);
  cellB = await group('Diepkloof Cell', zoneB);
  await call('POST', `/groups/${cellA}/members`, office, { userId: member.user.id });
  const hour = 3_600_000;
  await t.database.db.insert(groupMeetings).values([
    { groupId: cellA, startsAt: new Date(Date.now() - 7 * 24 * hour), status: 'held', presentCount: 2, expectedCount: 2, visitorCount: 1 },
    { groupId: cellA, startsAt: new Date(Date.now() - 14 * 24 * hour), status: 'held', presentCount: 1, expectedCount: 2 },
    { groupId: cellB, startsAt: new Date(Date.now() - 7 * 24 * hour), status: 'cancelled' },
  ]);
});
afterAll(() => t.close());

describe('zones and their overseers', () => {
  it('the church office sees the whole tree, an overseer only their branch, anyone else nothing', async () => {
    const all = json(await call('GET', '/group-networks', office)).data.networks;
    expect(all.map((n: { name: string; depth: number }) => [n.name, n.depth])).toEqual([
      ['Soweto District', 0],
      ['Diepkloof Zone', 1],
      ['Orlando Zone', 1],
    ]);
    const branch = json(await call('GET', '/group-networks', zoneOverseer)).data.networks;
    expect(branch.map((n: { name: string }) => n.name)).toEqual(['Orlando Zone']);
    expect(json(await call('GET', '/group-networks', member)).data.networks).toEqual([]);
  });

  it('the district report counts every group below it, naming no member', async () => {
    const res = await call('GET', `/group-networks/${district}/report?weeks=4`, districtOverseer);
    expect(res.statusCode, res.body).toBe(200);
    const report = json(res).data;
    expect(report.totals).toEqual({ groups: 2, members: 3, joined: 3, left: 0, meetingsHeld: 2, visitors: 1, attendanceRate: 75 });
    expect(report.groups.find((g: { name: string }) => g.name === 'Orlando Cell')).toMatchObject({
      network: 'Orlando Zone',
      leaders: ['Lindiwe Leader'],
      members: 2,
      meetingsHeld: 2,
      averageAttendance: 1.5,
      attendanceRate: 75,
    });
    expect(report.groups.find((g: { name: string }) => g.name === 'Diepkloof Cell')).toMatchObject({
      meetingsCancelled: 1,
      attendanceRate: null,
    });
    expect(res.body).not.toContain('Member Mokoena');
    expect(res.body).not.toContain('082 000 1111');
  });

  it('a zone overseer reads their zone but not the district above or the zone beside', async () => {
    expect((await call('GET', `/group-networks/${zoneA}/report`, zoneOverseer)).statusCode).toBe(200);
    const up = await call('GET', `/group-networks/${district}/report`, zoneOverseer);
    expect(up.statusCode).toBe(403);
    expect(json(up).message).toBe(NETWORK_TEXTS.notOverseer);
    expect((await call('GET', `/group-networks/${zoneB}/report`, zoneOverseer)).statusCode).toBe(403);
    expect((await call('GET', `/group-networks/${zoneA}/report`, member)).statusCode).toBe(403);
  });

  it('an overseer sees a group below them by name and figures, with no member contact details', async () => {
    const g = json(await call('GET', `/groups/${cellA}`, districtOverseer)).data.group;
    expect(g).toMatchObject({ view: 'overseer', canEdit: false, requestCount: null });
    for (const m of g.members) expect(Object.keys(m)).not.toContain('phone');
    expect((await call('PUT', `/groups/${cellA}`, districtOverseer, { name: 'Mine' })).statusCode).toBe(403);
  });

  it('moving a zone moves its branch; a zone cannot go inside itself; a zone with zones inside is not deleted', async () => {
    const sub = await network('Orlando North', zoneA);
    const cycle = await call('PUT', `/group-networks/${zoneA}`, office, { parentId: sub });
    expect(cycle.statusCode).toBe(409);
    expect(json(cycle).message).toBe(NETWORK_TEXTS.cycle);
    expect((await call('PUT', `/group-networks/${zoneA}`, office, { parentId: null })).statusCode).toBe(200);
    const all = json(await call('GET', '/group-networks', office)).data.networks;
    expect(all.find((n: { name: string }) => n.name === 'Orlando North')).toMatchObject({ depth: 1, parentId: zoneA });
    // The district overseer no longer reads the zone that left the district.
    expect((await call('GET', `/group-networks/${zoneA}/report`, districtOverseer)).statusCode).toBe(403);
    const del = await call('DELETE', `/group-networks/${zoneA}`, office);
    expect(json(del).message).toBe(NETWORK_TEXTS.hasChildren);
    expect((await call('DELETE', `/group-networks/${sub}`, office)).statusCode).toBe(200);
    await call('PUT', `/group-networks/${zoneA}`, office, { parentId: district });
  });
});
