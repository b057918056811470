import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/schema/index';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;
let pastor: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { name: 'Alice Mokoena' });
  bob = await createUser(t, { name: 'Bob Naidoo' });
  pastor = await createUser(t, { role: 'pastor' });
});
afterAll(() => t.close());

const submit = (token: string | undefined, payload: object) => t.request({ method: 'POST', url: '/api/prayers', token, payload });
const list = (token: string, url = '/api/prayers') => t.request({ method: 'GET', url, token });
const setStatus = (token: string, id: string, status: string) =>
  t.request({ method: 'PATCH', url: `/api/prayers/${id}/status`, token, payload: { status } });

describe('POST /api/prayers', () => {
  it('creates a pending, public-by-default request with the asker', async () => {
    const res = await submit(alice.token, { title: 'Healing for my mother', description: 'She is in hospital in Durban.' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      status: 'success',
      message: 'Prayer request submitted',
      data: {
        prayer: {
          title: 'Healing for my mother',
          isPublic: true,
          status: 'pending',
          userId: alice.user.id,
          submittedBy: 'Alice Mokoena',
          user: { name: 'Alice Mokoena' },
        },
      },
    });
  });

  it.each([
    [{ description: 'x' }, 'Title is required'],
    [{ title: '   ', description: 'x' }, 'Title is required'],
    [{ title: 'x' }, 'Description is required'],
    [{ title: 'x', description: 'y', isPublic: 'yes' }, expect.any(String)],
  ])('refuses %o with 400', async (payload, message) => {
    const res = await submit(alice.token, payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toEqual(message);
  });

  it('requires sign-in', async () => {
    expect((await submit(undefined, { title: 'a', description: 'b' })).statusCode).toBe(401);
  });
});

describe('who sees which prayers', () => {
  let privateId: string;
  let publicId: string;
  beforeAll(async () => {
    privateId = json(await submit(bob.token, { title: 'Private worry', description: 'Only for leaders', isPublic: false })).data.prayer.id;
    publicId = json(await submit(bob.token, { title: 'Job interview', description: 'On Monday' })).data.prayer.id;
  });

  it('a member sees their own and approved public ones, not others’ pending or private ones', async () => {
    let titles = json(await list(alice.token)).data.prayers.map((p: { title: string }) => p.title);
    expect(titles).toEqual(['Healing for my mother']);
    const res = await setStatus(pastor.token, publicId, 'approved');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Prayer request approved successfully');
    await setStatus(pastor.token, privateId, 'approved');
    titles = json(await list(alice.token)).data.prayers.map((p: { title: string }) => p.title);
    expect(titles).toEqual(['Job interview', 'Healing for my mother']);
  });

  it('approval notifies the asker once', async () => {
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, bob.user.id));
    expect(notes.map((n) => n.title)).toEqual(['Prayer request approved', 'Prayer request approved']);
    await setStatus(pastor.token, publicId, 'approved');
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, bob.user.id))).toHaveLength(2);
  });

  it('a member cannot list all prayers or moderate', async () => {
    expect((await list(alice.token, '/api/prayers/all')).statusCode).toBe(403);
    expect((await setStatus(alice.token, privateId, 'approved')).statusCode).toBe(403);
    expect((await list(alice.token, '/api/prayers/stats')).statusCode).toBe(403);
  });

  it('leaders see every prayer, on both lists, and can filter and page', async () => {
    const elder = await createUser(t, { role: 'elder' });
    const all = json(await list(elder.token, '/api/prayers/all')).data;
    expect(all.total).toBe(3);
    expect(json(await list(pastor.token)).data.total).toBe(3);
    const pending = json(await list(pastor.token, '/api/prayers/all?status=pending')).data;
    expect(pending.prayers.map((p: { title: string }) => p.title)).toEqual(['Healing for my mother']);
    const paged = json(await list(pastor.token, '/api/prayers/all?page=2&limit=2')).data;
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(paged.prayers).toHaveLength(1);
    expect((await list(pastor.token, '/api/prayers/all?limit=500')).statusCode).toBe(400);
    expect((await list(pastor.token, '/api/prayers/all?status=lost')).statusCode).toBe(400);
    const stats = json(await list(pastor.token, '/api/prayers/stats')).data;
    expect(stats).toMatchObject({ total: 3, pending: 1, approved: 2 });
  });

  it('status and priority changes validate input and unknown ids', async () => {
    expect((await setStatus(pastor.token, publicId, 'maybe')).statusCode).toBe(400);
    expect((await setStatus(pastor.token, '00000000-0000-4000-8000-000000000000', 'approved')).statusCode).toBe(404);
    expect((await setStatus(pastor.token, 'nope', 'approved')).statusCode).toBe(400);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/prayers/${publicId}/priority`,
      token: pastor.token,
      payload: { priority: 'high' },
    });
    expect(json(res).data.prayer.priority).toBe('high');
    const answered = json(await setStatus(pastor.token, publicId, 'answered')).data.prayer;
    expect(answered.answeredAt).toEqual(expect.any(String));
  });
});

describe("the asker's consent to share prayers with their name (POPIA, consent 'public_prayers')", () => {
  const consent = (token: string, granted: boolean) =>
    t.request({ method: 'PUT', url: '/api/members/preferences', token, payload: { preferences: [{ kind: 'public_prayers', granted }] } });

  it('other members see an approved public prayer without the name until the asker agrees; the asker and leaders always see it', async () => {
    const asker = await createUser(t, { name: 'Thandi Consent' });
    const reader = await createUser(t);
    const id = json(await submit(asker.token, { title: 'Strength for exams', description: 'Finals next week' })).data.prayer.id;
    expect((await setStatus(pastor.token, id, 'approved')).statusCode).toBe(200);
    const fromList = async (token: string) =>
      json(await list(token)).data.prayers.find((p: { id: string }) => p.id === id) as Record<string, unknown>;
    const one = async (token: string) => json(await t.request({ method: 'GET', url: `/api/prayers/${id}`, token })).data.prayer;

    // No decision yet: the default is 'no'.
    for (const p of [await fromList(reader.token), await one(reader.token)]) {
      expect(p).toMatchObject({ title: 'Strength for exams', userId: null, submittedBy: '', user: null });
      expect(JSON.stringify(p)).not.toContain('Thandi');
    }
    expect(await one(asker.token)).toMatchObject({ userId: asker.user.id, user: { name: 'Thandi Consent' } });
    expect(await one(pastor.token)).toMatchObject({ userId: asker.user.id, user: { name: 'Thandi Consent' } });

    expect((await consent(asker.token, true)).statusCode).toBe(200);
    expect(await fromList(reader.token)).toMatchObject({ userId: asker.user.id, user: { name: 'Thandi Consent' } });
    expect(await one(reader.token)).toMatchObject({ submittedBy: 'Thandi Consent' });

    // Withdrawn: the name goes again at once.
    expect((await consent(asker.token, false)).statusCode).toBe(200);
    expect(await fromList(reader.token)).toMatchObject({ userId: null, user: null });
  });
});
