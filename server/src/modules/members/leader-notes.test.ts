import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

/**
 * What leaders write about a member (notes, lastContacted) is pastoral and confidential:
 * the member's own account calls never carry it, and among leaders only those with
 * 'care:notes' (pastor, admin, superadmin) read it.
 */
let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let elder: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
const NOTE = 'Grieving: lost her father in March; check in monthly';

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor' });
  elder = await createUser(t, { role: 'elder' });
  member = await createUser(t, { role: 'member', name: 'Lindiwe Notes', notes: NOTE, lastContacted: new Date('2026-03-01T10:00:00Z') });
});
afterAll(() => t.close());

const noLeaderFields = (u: Record<string, unknown>) => {
  expect(u).not.toHaveProperty('notes');
  expect(u).not.toHaveProperty('lastContacted');
  expect(JSON.stringify(u)).not.toContain('Grieving');
};

describe("the member's own account calls never carry leader notes", () => {
  it('login', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    noLeaderFields(json(res).user);
  });

  it('me, profile and a profile update', async () => {
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: member.token });
    expect(me.statusCode).toBe(200);
    noLeaderFields(json(me).data.user);
    const profile = await t.request({ method: 'GET', url: '/api/members/profile', token: member.token });
    expect(profile.statusCode).toBe(200);
    noLeaderFields(json(profile).data.member);
    noLeaderFields(json(profile).data.user);
    const put = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token: member.token,
      payload: { name: 'Lindiwe Notes', email: member.user.email, phone: '+27825550101' },
    });
    expect(put.statusCode).toBe(200);
    noLeaderFields(json(put).data.member);
  });

  it('register', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'New Person', email: `new.${Date.now()}@example.org`, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    noLeaderFields(json(res).user);
  });
});

describe('leaders: only care:notes reads them', () => {
  const list = (token: string, url = '/api/members?q=Lindiwe') => t.request({ method: 'GET', url, token });

  it("a pastor's list, search and detail carry the notes", async () => {
    for (const url of ['/api/members?q=Lindiwe', '/api/members/search?q=Lindiwe']) {
      const res = await list(pastor.token, url);
      expect(res.statusCode).toBe(200);
      expect(json(res).data.members[0]).toMatchObject({ notes: NOTE, lastContacted: '2026-03-01T10:00:00.000Z' });
    }
    const detail = await t.request({ method: 'GET', url: `/api/members/${member.user.id}`, token: pastor.token });
    expect(json(detail).data.member.notes).toBe(NOTE);
  });

  it("an elder's list, search and detail (members:read) do not", async () => {
    for (const url of ['/api/members?q=Lindiwe', '/api/members/search?q=Lindiwe']) {
      const res = await list(elder.token, url);
      expect(res.statusCode).toBe(200);
      expect(json(res).data.members).toHaveLength(1);
      noLeaderFields(json(res).data.members[0]);
    }
    const detail = await t.request({ method: 'GET', url: `/api/members/${member.user.id}`, token: elder.token });
    expect(detail.statusCode).toBe(200);
    noLeaderFields(json(detail).data.member);
  });

  it('an elder the church granted care:notes reads them', async () => {
    const carer = await createUser(t, { role: 'elder', permissions: ['care:notes'] });
    const res = await list(carer.token);
    expect(json(res).data.members[0].notes).toBe(NOTE);
  });

  it('someone granted members:manage without care:notes cannot see or erase the notes through an edit', async () => {
    const clerk = await createUser(t, { role: 'deacon', permissions: ['members:manage', 'members:read'] });
    const put = await t.request({
      method: 'PUT',
      url: `/api/members/${member.user.id}`,
      token: clerk.token,
      payload: { name: 'Lindiwe Notes', email: member.user.email, joinDate: '2024-01-01', notes: '' },
    });
    expect(put.statusCode).toBe(200);
    noLeaderFields(json(put).data.member);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.notes).toBe(NOTE);
  });
});
