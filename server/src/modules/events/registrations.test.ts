import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_PAST_MESSAGE,
  WAITLISTED_MESSAGE,
  EVENT_PAST_MESSAGE,
  NOT_REGISTERED_MESSAGE,
  REGISTRATION_CANCELLED_MESSAGE,
} from '@church/contract/event-registrations';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { events } from '../../db/schema/index';

let t: TestApp;
let open: string;
let tiny: string;
let past: string;
beforeAll(async () => {
  t = await createTestApp();
  const day = 86_400_000;
  const rows = await t.database.db
    .insert(events)
    .values([
      { title: 'Sunday Service', startsAt: new Date(Date.now() + 2 * day) },
      { title: 'Leaders Retreat', startsAt: new Date(Date.now() + 5 * day), maxAttendees: 2 },
      { title: 'Last Week', startsAt: new Date(Date.now() - 7 * day) },
    ])
    .returning();
  [open, tiny, past] = rows.map((r) => r.id) as [string, string, string];
});
afterAll(() => t.close());

const register = (token: string | undefined, id: string) => t.request({ method: 'POST', url: `/api/events/${id}/register`, token });

describe('POST /api/events/{id}/register', () => {
  it('registers once; again answers 200 with the same registration', async () => {
    const m = await createUser(t);
    const first = await register(m.token, open);
    expect(first.statusCode).toBe(201);
    expect(json(first)).toMatchObject({
      message: 'Successfully registered for event!',
      data: { event: { id: open, attendeesCount: 1, registered: true } },
    });
    const again = await register(m.token, open);
    expect(again.statusCode).toBe(200);
    expect(json(again).data.registration.id).toBe(json(first).data.registration.id);
    expect(json(again).data.event.attendeesCount).toBe(1);
  });

  it('respects maxAttendees under concurrency: the one beyond it waits on the list', async () => {
    const people = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const results = await Promise.all(people.map((p) => register(p.token, tiny)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const statuses = results.map((r) => json(r).data.registration.status).sort();
    expect(statuses).toEqual(['registered', 'registered', 'waitlisted']);
    expect(json(results.find((r) => json(r).data.registration.status === 'waitlisted')!).message).toBe(WAITLISTED_MESSAGE(1));
    // Someone already in still gets a 200, even though it is full.
    const inside = people[results.findIndex((r) => json(r).data.registration.status === 'registered')]!;
    expect((await register(inside.token, tiny)).statusCode).toBe(200);
  });

  it('refuses past events, unknown ids, bad ids and anonymous callers', async () => {
    const m = await createUser(t);
    expect(json(await register(m.token, past)).message).toBe(EVENT_PAST_MESSAGE);
    expect((await register(m.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await register(m.token, 'abc')).statusCode).toBe(400);
    expect((await register(undefined, open)).statusCode).toBe(401);
  });
});

describe('DELETE /api/events/{id}/register (cancel my registration)', () => {
  const cancel = (token: string | undefined, id: string) => t.request({ method: 'DELETE', url: `/api/events/${id}/register`, token });

  it('cancels only my own registration and frees the place for someone else', async () => {
    const day = 86_400_000;
    const [one] = await t.database.db
      .insert(events)
      .values({ title: 'One Seat Supper', startsAt: new Date(Date.now() + 3 * day), maxAttendees: 1 })
      .returning();
    const seat = one!.id;
    const [holder, waiting] = [await createUser(t), await createUser(t)];
    expect((await register(holder.token, seat)).statusCode).toBe(201);
    const stranger = await createUser(t);
    // Cancelling someone else's registration is not possible: the route only ever removes the caller's.
    const notMine = await cancel(stranger.token, seat);
    expect(notMine.statusCode).toBe(404);
    expect(json(notMine).message).toBe(NOT_REGISTERED_MESSAGE);

    const res = await cancel(holder.token, seat);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: 'success',
      message: REGISTRATION_CANCELLED_MESSAGE,
      data: { event: { _id: seat, id: seat, attendeesCount: 0, waitlistCount: 0, registered: false, waitlisted: false, maxAttendees: 1 } },
    });
    const listed = json(await t.request({ method: 'GET', url: `/api/events/${seat}`, token: holder.token })).data.event;
    expect(listed).toMatchObject({ attendeesCount: 0, registered: false, waitlisted: false });
    // The freed place goes to the next person; cancelling twice says so.
    expect((await register(waiting.token, seat)).statusCode).toBe(201);
    expect((await cancel(holder.token, seat)).statusCode).toBe(404);
  });

  it('refuses past events, unknown and bad ids, and anonymous callers', async () => {
    const m = await createUser(t);
    expect(json(await cancel(m.token, past)).message).toBe(CANCEL_PAST_MESSAGE);
    expect((await cancel(m.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await cancel(m.token, 'abc')).statusCode).toBe(400);
    expect((await cancel(undefined, open)).statusCode).toBe(401);
  });
});

describe('GET /api/events/{id}/registrations', () => {
  it('lists attendees for leaders only', async () => {
    const member = await createUser(t);
    expect((await t.request({ method: 'GET', url: `/api/events/${tiny}/registrations`, token: member.token })).statusCode).toBe(403);
    const elder = await createUser(t, { role: 'elder' });
    const res = await t.request({ method: 'GET', url: `/api/events/${tiny}/registrations`, token: elder.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ total: 2, maxAttendees: 2 });
    expect(json(res).data.registrations[0].user).toEqual(expect.objectContaining({ name: expect.any(String), email: expect.any(String) }));
    expect(JSON.stringify(json(res))).not.toMatch(/passwordHash/);
  });
});
