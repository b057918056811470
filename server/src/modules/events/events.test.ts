import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { eventRegistrations, events } from '../../db/schema/index';
import { eventsResponse } from '@church/contract/events';

let t: TestApp;
const HOUR = 3_600_000;
let ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const now = Date.now();
  const rows = await t.database.db
    .insert(events)
    .values([
      { title: 'Last month', startsAt: new Date(now - 30 * 24 * HOUR), type: 'outreach', attendance: 40 },
      { title: 'Yesterday', startsAt: new Date(now - 24 * HOUR), time: '10:00' },
      { title: 'Running now', startsAt: new Date(now - HOUR), endsAt: new Date(now + HOUR), type: 'study' },
      { title: 'Next week', startsAt: new Date(now + 7 * 24 * HOUR), time: '18:00', location: 'Hall', type: 'social', maxAttendees: 50 },
      { title: 'Tomorrow', startsAt: new Date(now + 24 * HOUR) },
    ])
    .returning();
  ids = Object.fromEntries(rows.map((r) => [r.title, r.id]));
});
afterAll(() => t.close());

const list = (query = '', token?: string) => t.request({ method: 'GET', url: `/api/events${query}`, token });

describe('GET /api/events', () => {
  it('gives anonymous callers upcoming events only, soonest first', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.events.map((e: { title: string }) => e.title)).toEqual(['Running now', 'Tomorrow', 'Next week']);
    expect(body.data.total).toBe(3);
  });

  it('ignores when=all for anonymous callers', async () => {
    expect(json(await list('?when=all')).data.events).toHaveLength(3);
  });

  it('presents the spec fields, All Day as an empty time and no registered flag for anonymous callers', async () => {
    const e = json(await list()).data.events.find((x: { title: string }) => x.title === 'Next week');
    expect(e).toMatchObject({
      _id: e.id,
      title: 'Next week',
      time: '18:00',
      location: 'Hall',
      type: 'social',
      maxAttendees: 50,
      attendeesCount: 0,
    });
    expect(e.date).toBe(e.startDate);
    expect(e).not.toHaveProperty('registered');
    const tomorrow = json(await list()).data.events.find((x: { title: string }) => x.title === 'Tomorrow');
    expect(tomorrow.time).toBe('');
  });

  it('lets a signed-in member see past events and their own registration', async () => {
    const { user, token } = await createUser(t);
    const other = await createUser(t);
    await t.database.db.insert(eventRegistrations).values([
      { eventId: ids['Next week']!, userId: user.id },
      { eventId: ids['Next week']!, userId: other.user.id },
      { eventId: ids['Tomorrow']!, userId: other.user.id },
    ]);
    const all = json(await list('', token)).data.events;
    expect(all).toHaveLength(5);
    const past = json(await list('?when=past', token)).data.events;
    expect(past.map((e: { title: string }) => e.title)).toEqual(['Yesterday', 'Last month']);
    const upcoming = json(await list('?when=upcoming', token)).data.events;
    const byTitle = Object.fromEntries(upcoming.map((e: { title: string }) => [e.title, e]));
    expect(byTitle['Next week']).toMatchObject({ attendeesCount: 2, registered: true });
    expect(byTitle['Tomorrow']).toMatchObject({ attendeesCount: 1, registered: false });
  });

  it("gives a signed-in caller the contract's answer exactly: the pre-serialised list equals the schema's own encoding", async () => {
    const { user, token } = await createUser(t);
    await t.database.db.insert(eventRegistrations).values({ eventId: ids['Tomorrow']!, userId: user.id });
    for (const query of ['', '?when=past', '?page=1&limit=2', '?type=social']) {
      const res = await list(query, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(res.body) as unknown;
      // What the route's response serializer would have sent (zod checks, strips, orders): the same value.
      expect(body).toEqual(JSON.parse(JSON.stringify(eventsResponse.encode(eventsResponse.parse(body)))));
      for (const e of (body as { data: { events: Array<{ id: string; registered: boolean }> } }).data.events)
        expect(e.registered).toBe(e.id === ids['Tomorrow']);
    }
  });

  it('filters by type and paginates', async () => {
    const { token } = await createUser(t);
    expect(json(await list('?type=outreach', token)).data.events.map((e: { title: string }) => e.title)).toEqual(['Last month']);
    const page = json(await list('?limit=2&page=2', token)).data;
    expect(page).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(page.events).toHaveLength(2);
  });

  it.each(['?when=later', '?type=party', '?limit=0', '?limit=500'])('rejects %s with 400', async (q) => {
    const res = await list(q);
    expect(res.statusCode).toBe(400);
    expect(json(res).status).toBe('error');
  });
});

describe('GET /api/events/:id', () => {
  it('answers one event, 404 for an unknown id and 400 for a malformed one', async () => {
    const ok = await t.request({ method: 'GET', url: `/api/events/${ids['Tomorrow']}` });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.event.title).toBe('Tomorrow');
    expect((await t.request({ method: 'GET', url: '/api/events/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/events/not-a-uuid' })).statusCode).toBe(400);
  });
});
