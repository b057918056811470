import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t, { name: 'Naledi Zulu', email: 'naledi@example.org', spiritualGifts: ['Music'] });
});
afterAll(() => t.close());

describe('GET/PUT /api/members/profile', () => {
  it('reads the caller’s own profile as data.member and data.user', async () => {
    const res = await t.request({ method: 'GET', url: '/api/members/profile', token: member.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.member).toMatchObject({ id: member.user.id, name: 'Naledi Zulu', spiritualGifts: ['Music'] });
    expect(JSON.stringify(json(res))).not.toMatch(/passwordHash|tokenVersion/);
    expect((await t.request({ method: 'GET', url: '/api/members/profile' })).statusCode).toBe(401);
  });

  it('updates every field; lists are split, trimmed and empties dropped', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token: member.token,
      payload: {
        name: 'Naledi Zulu-Khumalo',
        email: 'Naledi.K@Example.org',
        phone: '+27 82 555 0101',
        address: '5 Protea Avenue, Pretoria',
        birthday: '1992-04-18',
        spiritualGifts: 'Teaching, Music ,, Hospitality,',
        ministryInterests: [' Youth Ministry ', '', 'Outreach'],
        // A new e-mail takes the current password (and ends the other sessions: a new token comes back).
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Profile updated successfully');
    member.token = json(res).token;
    expect(json(res).data.user).toMatchObject({
      name: 'Naledi Zulu-Khumalo',
      email: 'naledi.k@example.org',
      phone: '+27825550101',
      birthday: '1992-04-18',
      spiritualGifts: ['Teaching', 'Music', 'Hospitality'],
      ministryInterests: ['Youth Ministry', 'Outreach'],
    });
    const me = json(await t.request({ method: 'GET', url: '/api/auth/me', token: member.token })).data.user;
    expect(me.name).toBe('Naledi Zulu-Khumalo');
  });

  it.each([
    [{ email: 'a@b.co' }, 'Name is required'],
    [{ name: 'Ann' }, 'Email is required'],
    [{ name: 'Ann', email: 'nope' }, 'Please enter a valid email address'],
    [{ name: 'Ann', email: 'a@b.co', birthday: '18/04/1992' }, 'Birthday must be a date (YYYY-MM-DD)'],
    [{ name: 'Ann', email: 'a@b.co', birthday: '2999-01-01' }, 'Birthday cannot be in the future'],
  ])('refuses %o', async (payload, message) => {
    const res = await t.request({ method: 'PUT', url: '/api/members/profile', token: member.token, payload });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('refuses an e-mail another account uses with 409, and cannot change role', async () => {
    const other = await createUser(t, { email: 'taken@example.org' });
    const res = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token: member.token,
      payload: { name: 'Naledi', email: 'taken@example.org', currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    const sneaky = await t.request({
      method: 'PUT',
      url: '/api/members/profile',
      token: member.token,
      payload: { name: 'Naledi', email: 'naledi.k@example.org', role: 'admin' },
    });
    expect(json(sneaky).data.user.role).toBe('member');
    expect(other.user.email).toBe('taken@example.org');
  });
});

describe('GET /api/members/stats and /api/members', () => {
  it('counts the congregation for any member', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await createUser(t, { status: 'inactive', joinDate: '2020-01-01' });
    await createUser(t, { role: 'developer' });
    await createUser(t, { role: 'volunteer', joinDate: today });
    const res = await t.request({ method: 'GET', url: '/api/members/stats', token: member.token });
    expect(res.statusCode).toBe(200);
    // member, taken@, inactive, volunteer (the developer is not in the congregation)
    expect(json(res).data).toEqual({ totalMembers: 4, activeMembers: 3, inactiveMembers: 1, newMembers: 3, volunteers: 1 });
  });

  it('lists members for leaders only, with search and paging', async () => {
    expect((await t.request({ method: 'GET', url: '/api/members', token: member.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/members' })).statusCode).toBe(401);
    const elder = await createUser(t, { role: 'elder', name: 'Elder Grace' });
    const res = await t.request({ method: 'GET', url: '/api/members?q=naledi&limit=5', token: elder.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ page: 1, limit: 5, total: 1 });
    expect(json(res).data.members[0].name).toBe('Naledi');
    expect((await t.request({ method: 'GET', url: '/api/members?limit=1000', token: elder.token })).statusCode).toBe(400);
  });
});
