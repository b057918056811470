import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { households } from '../../../db/schema/index';

/** The member directory (issue 31): shared among the members listed in it, and readable by leaders. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const agree = (token: string, granted = true) =>
  t.request({ method: 'PUT', url: '/api/members/preferences', token, payload: { preferences: [{ kind: 'directory_listing', granted }] } });
const directory = (token: string, q = '') =>
  t.request({ method: 'GET', url: `/api/members/directory${q ? `?q=${encodeURIComponent(q)}` : ''}`, token });
const names = (res: Awaited<ReturnType<typeof directory>>) => json(res).data.members.map((m: { name: string }) => m.name);

describe('GET /api/members/directory', () => {
  it('lists only members who agreed, with what they share and their household; a member must be listed to see it', async () => {
    const [home] = await t.database.db.insert(households).values({ name: 'Mokoena family' }).returning();
    const thandi = await createUser(t, {
      name: 'Dir Thandi Mokoena',
      phone: '+27825553001',
      address: '12 Kerk St',
      householdId: home!.id,
      notes: 'private',
    });
    const sipho = await createUser(t, { name: 'Dir Sipho Shy', phone: '+27825553002' });
    const gone = await createUser(t, { name: 'Dir Gone Inactive', status: 'inactive' });
    await agree(thandi.token);
    await agree(gone.token);

    const refused = await directory(sipho.token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('The directory is shared among members who appear in it. Agree to appear in it to see the others.');

    const res = await directory(thandi.token, 'Dir ');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Dir Thandi Mokoena']);
    const [entry] = json(res).data.members;
    expect(entry).toEqual({
      _id: thandi.user.id,
      id: thandi.user.id,
      name: 'Dir Thandi Mokoena',
      phone: '+27825553001',
      address: '12 Kerk St',
      household: 'Mokoena family',
    });

    await agree(sipho.token);
    for (const q of ['sipho', '082 555 3002', '+27 82 555 3002'])
      expect(names(await directory(thandi.token, q))).toEqual(['Dir Sipho Shy']);
    // The e-mail is not in the directory, so it does not find anyone either.
    expect(names(await directory(thandi.token, thandi.user.email!))).toEqual([]);

    // A leader reads it without being listed; someone who withdraws drops out at once.
    const pastor = await createUser(t, { role: 'pastor' });
    expect(names(await directory(pastor.token, 'Dir '))).toEqual(['Dir Sipho Shy', 'Dir Thandi Mokoena']);
    await agree(sipho.token, false);
    expect(names(await directory(pastor.token, 'Dir '))).toEqual(['Dir Thandi Mokoena']);
    expect((await directory(sipho.token)).statusCode).toBe(403);
  });

  it('401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/members/directory' })).statusCode).toBe(401);
  });
});
