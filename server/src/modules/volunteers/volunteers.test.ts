import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
let pastor: string;
const thisMonth = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  pastor = (await createUser(t, { role: 'pastor', name: 'Pastor Zodwa' })).token;
  for (const name of ['Anele', 'Bheki', 'Cindy', 'Dumi', 'Eve']) await createUser(t, { role: 'volunteer', name, joinDate: '2020-01-01' });
  await createUser(t, { role: 'deacon', name: 'Deacon Frank', joinDate: thisMonth });
  await createUser(t, { role: 'elder', name: 'Elder Grace', status: 'inactive', joinDate: '2019-05-01' });
  await createUser(t, { role: 'member', name: 'Flagged Helper', isVolunteer: true, joinDate: '2020-01-01' });
  await createUser(t, { role: 'member', name: 'Just Member' });
});
afterAll(() => t.close());

describe('GET /api/volunteers', () => {
  it('lists serving people with counts and a 3-name roles summary, computed on the server', async () => {
    const res = await t.request({ url: '/api/volunteers', token: pastor });
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.volunteers.map((v: { name: string }) => v.name)).toEqual([
      'Anele',
      'Bheki',
      'Cindy',
      'Deacon Frank',
      'Dumi',
      'Elder Grace',
      'Eve',
      'Flagged Helper',
    ]);
    expect(d.stats).toEqual({ total: 8, active: 7, newThisMonth: 1 });
    expect(d.roles.volunteer).toEqual({ count: 5, names: ['Anele', 'Bheki', 'Cindy'] });
    expect(d.roles.deacon).toEqual({ count: 1, names: ['Deacon Frank'] });
    expect(d.roles.elder).toEqual({ count: 1, names: ['Elder Grace'] });
  });

  it('searches and pages', async () => {
    const d = json(await t.request({ url: '/api/volunteers?q=deacon&limit=1', token: pastor })).data;
    expect(d.volunteers.map((v: { name: string }) => v.name)).toEqual(['Deacon Frank']);
    expect(d.total).toBe(1);
    expect((await t.request({ url: '/api/volunteers?limit=0', token: pastor })).statusCode).toBe(400);
  });

  it('401 anonymous; 403 for every role below pastor', async () => {
    expect((await t.request({ url: '/api/volunteers' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/leadership' })).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ url: '/api/volunteers', token })).statusCode, role).toBe(403);
      expect((await t.request({ url: '/api/leadership', token })).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/leadership', () => {
  it('lists pastors, elders and deacons only, pastors first', async () => {
    const { token } = await createUser(t, { role: 'admin' });
    const d = json(await t.request({ url: '/api/leadership', token })).data;
    // Other tests in this file add a deacon and an elder named 'Test Person N'.
    const named = d.leaders.filter((l: { name: string }) => !l.name.startsWith('Test Person'));
    expect(named.map((l: { role: string; name: string }) => `${l.role}:${l.name}`)).toEqual([
      'pastor:Pastor Zodwa',
      'elder:Elder Grace',
      'deacon:Deacon Frank',
    ]);
    expect(d.leaders.map((l: { role: string }) => l.role)).not.toContain('member');
    expect(d.counts.pastor).toBe(1);
    expect(d.counts.elder).toBe(d.leaders.filter((l: { role: string }) => l.role === 'elder').length);
  });
});
