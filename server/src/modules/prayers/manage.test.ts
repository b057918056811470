import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PRAYER_TEXTS } from '@church/contract/prayers';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/schema/index';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let asker: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor' });
  admin = await createUser(t, { role: 'admin' });
  asker = await createUser(t, { name: 'Thandi Zulu' });
});
afterAll(() => t.close());

const submit = (token: string | undefined, payload: object) => t.request({ method: 'POST', url: '/api/prayers', token, payload });
const noticesFor = (userId: string, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('prayer management', () => {
  it('a new prayer notifies the leaders; rejecting and answering notify the asker; texts per spec', async () => {
    const id = json(await submit(asker.token, { title: 'Work for my son', description: 'He lost his job.', isPublic: false })).data.prayer
      .id;
    const leaderNotes = await noticesFor(pastor.user.id, 'prayer');
    expect(leaderNotes.map((n) => n.title)).toContain('New prayer request');
    expect(leaderNotes.find((n) => n.title === 'New prayer request')).toMatchObject({ link: `/prayers/${id}` });
    expect(await noticesFor(asker.user.id, 'prayer')).toHaveLength(0); // members are not leaders

    const rejected = await t.request({
      method: 'PATCH',
      url: `/api/prayers/${id}/status`,
      token: admin.token,
      payload: { status: 'rejected' },
    });
    expect(json(rejected).message).toBe('Prayer request rejected successfully');
    expect((await noticesFor(asker.user.id, 'prayer')).map((n) => n.title)).toEqual(['Prayer request reviewed']);

    const answered = json(
      await t.request({ method: 'PATCH', url: `/api/prayers/${id}/status`, token: pastor.token, payload: { status: 'answered' } }),
    );
    expect(answered).toMatchObject({
      message: PRAYER_TEXTS.statusDone('answered'),
      data: { prayer: { status: 'answered', answeredAt: expect.any(String) } },
    });
  });

  it('filters by priority for the prayer care list', async () => {
    await submit(pastor.token, { title: 'Urgent surgery', description: 'Tomorrow morning', onBehalfOf: 'Gogo Mthembu', priority: 'high' });
    const list = json(await t.request({ url: '/api/prayers/all?status=pending&priority=high&limit=5', token: pastor.token })).data;
    expect(
      list.prayers.map((p: { title: string; submittedBy: string; userId: string | null }) => [p.title, p.submittedBy, p.userId]),
    ).toEqual([['Urgent surgery', 'Gogo Mthembu', null]]);
    expect((await t.request({ url: '/api/prayers/all?priority=urgent', token: pastor.token })).statusCode).toBe(400);
  });

  it('members cannot submit on behalf of someone or set a priority', async () => {
    const res = await submit(asker.token, { title: 'x', description: 'y', priority: 'high' });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(PRAYER_TEXTS.leadersOnly);
  });

  it('GET /prayers/{id}: leaders any, members their own or shared, 404 otherwise', async () => {
    const own = json(await submit(asker.token, { title: 'Private one', description: 'Only leaders', isPublic: false })).data.prayer.id;
    const other = await createUser(t);
    expect(json(await t.request({ url: `/api/prayers/${own}`, token: pastor.token })).data.prayer.title).toBe('Private one');
    expect((await t.request({ url: `/api/prayers/${own}`, token: asker.token })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/prayers/${own}`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/prayers/${own}` })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/prayers/00000000-0000-4000-8000-000000000000', token: pastor.token })).statusCode).toBe(404);
  });

  it('the church switch prayerAlerts off stops leader alerts', async () => {
    const settings = json(await t.request({ url: '/api/settings', token: admin.token })).data;
    const body = { ...settings, notifications: { ...settings.notifications, prayerAlerts: false } };
    for (const k of ['updatedAt', '_id', 'id']) delete body[k];
    const saved = await t.request({ method: 'POST', url: '/api/settings', token: admin.token, payload: body });
    expect(saved.statusCode).toBe(200);
    const before = (await noticesFor(pastor.user.id, 'prayer')).length;
    await submit(asker.token, { title: 'Quiet one', description: 'No alert please' });
    expect((await noticesFor(pastor.user.id, 'prayer')).length).toBe(before);
  });
});
