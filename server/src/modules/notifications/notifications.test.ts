import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { eventRegistrations, events, notifications } from '../../db/schema/index';
import { createDueEventReminders } from './event-reminders';
import { createNotifications } from './repository';

let t: TestApp;
let me: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t);
  other = await createUser(t);
  const base = Date.now() - 60_000;
  await createNotifications(
    t.database.db,
    Array.from({ length: 7 }, (_, i) => ({
      userId: me.user.id,
      type: 'other' as const,
      title: `Note ${i + 1}`,
      message: `Message ${i + 1}`,
    })),
  );
  // Make the order deterministic: Note 7 newest.
  const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
  for (const r of rows) {
    const n = Number(r.title.split(' ')[1]);
    await t.database.db
      .update(notifications)
      .set({ createdAt: new Date(base + n * 1000) })
      .where(eq(notifications.id, r.id));
  }
  await createNotifications(t.database.db, [{ userId: other.user.id, type: 'message', title: 'Theirs', message: 'Not yours' }]);
});
afterAll(() => t.close());

const get = (token: string | undefined, query = '') => t.request({ method: 'GET', url: `/api/notifications/user${query}`, token });

describe('GET /api/notifications/user', () => {
  it('answers with the spec shape and defaults (page 1, limit 20), newest first, own only', async () => {
    const res = await get(me.token);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({ unreadCount: 7, page: 1, limit: 20, total: 7 });
    expect(body.data.notifications[0]).toMatchObject({ title: 'Note 7', status: 'unread', read: false, type: 'other' });
    expect(body.data.notifications[0]._id).toBe(body.data.notifications[0].id);
    expect(body.data.notifications.map((n: { title: string }) => n.title)).not.toContain('Theirs');
  });

  it('pages, filters unread and marks the returned page read when asked', async () => {
    const first5 = json(await get(me.token, '?limit=5&markRead=true')).data;
    expect(first5.notifications.map((n: { title: string }) => n.title)).toEqual(['Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    expect(first5.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    expect(first5.unreadCount).toBe(2);
    const unread = json(await get(me.token, '?unreadOnly=true')).data;
    expect(unread.notifications.map((n: { title: string }) => n.title)).toEqual(['Note 2', 'Note 1']);
    expect(unread.total).toBe(2);
  });

  it('rejects bad paging and requires sign-in', async () => {
    for (const q of ['?page=0', '?limit=0', '?limit=101', '?unreadOnly=maybe']) expect((await get(me.token, q)).statusCode, q).toBe(400);
    expect((await get(undefined)).statusCode).toBe(401);
  });
});

describe('PATCH read and read-all', () => {
  it('marks one read; another member’s notification is not found', async () => {
    const [mine] = json(await get(me.token, '?unreadOnly=true&limit=1')).data.notifications;
    const res = await t.request({ method: 'PATCH', url: `/api/notifications/${mine.id}/read`, token: me.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ notification: { id: mine.id, status: 'read', read: true }, unreadCount: 1 });
    const [theirs] = json(await get(other.token)).data.notifications;
    const denied = await t.request({ method: 'PATCH', url: `/api/notifications/${theirs.id}/read`, token: me.token });
    expect(denied.statusCode).toBe(404);
    expect(json(await get(other.token)).data.unreadCount).toBe(1);
    expect((await t.request({ method: 'PATCH', url: '/api/notifications/not-a-uuid/read', token: me.token })).statusCode).toBe(400);
  });

  it('marks all of mine read, nobody else’s', async () => {
    const res = await t.request({ method: 'PATCH', url: '/api/notifications/read-all', token: me.token });
    expect(json(res)).toMatchObject({ status: 'success', data: { updated: 1, unreadCount: 0 } });
    expect(json(await get(other.token)).data.unreadCount).toBe(1);
    expect((await t.request({ method: 'PATCH', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });
});

describe('event reminders', () => {
  it('creates one reminder per registration for events within 24 hours, even when run concurrently', async () => {
    const now = new Date();
    const [soon, later, past] = await t.database.db
      .insert(events)
      .values([
        { title: 'Youth Braai', startsAt: new Date(now.getTime() + 3 * 3600_000), time: '18:00', location: 'Church Hall' },
        { title: 'Men’s Breakfast', startsAt: new Date(now.getTime() + 3 * 86_400_000), time: '07:30' },
        { title: 'Old Service', startsAt: new Date(now.getTime() - 3600_000) },
      ])
      .returning();
    const person = await createUser(t);
    await t.database.db.insert(eventRegistrations).values([
      { eventId: soon!.id, userId: person.user.id },
      { eventId: later!.id, userId: person.user.id },
      { eventId: past!.id, userId: person.user.id },
    ]);
    const counts = await Promise.all([createDueEventReminders(t.database.db, now), createDueEventReminders(t.database.db, now)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await createDueEventReminders(t.database.db, now)).toBe(0);
    const notes = json(await get(person.token)).data.notifications;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'event', title: 'Event reminder', link: '/mobile/events' });
    expect(notes[0].message).toMatch(/^Youth Braai starts \w{3} \d{2} \w{3} at \d{2}:\d{2} at Church Hall\.$/);
    // A day later the breakfast is due.
    expect(await createDueEventReminders(t.database.db, new Date(now.getTime() + 2.5 * 86_400_000))).toBe(1);
  });
});
