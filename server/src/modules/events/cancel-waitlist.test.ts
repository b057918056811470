import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import {
  EVENT_CANCELLED_MESSAGE,
  LEFT_WAITLIST_MESSAGE,
  PARTY_TOO_LARGE_MESSAGE,
  REGISTERED_MESSAGE,
  REGISTRATIONS_CLOSED_MESSAGE,
  WAITLISTED_MESSAGE,
} from '@church/contract/event-registrations';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog, domainEvents, emailOutbox, notifications } from '../../db/schema/index';
import { EVENT_NOTICE_TEXTS } from './notices';

/** Issue 31: cancel (not only delete), announcements, the waiting list, guests. Through the HTTP API. */
let t: TestApp;
let pastor: { token: string; user: { id: string } };
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor' });
  admin = (await createUser(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const base = { title: 'Youth Braai', date: '2031-03-14', time: '10:00', type: 'social', location: 'Church grounds', announce: false };
async function createEvent(body: Record<string, unknown> = {}) {
  const res = await t.request({ method: 'POST', url: '/api/events', token: pastor.token, payload: { ...base, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.event as { id: string };
}
const register = (token: string, id: string, guests?: number) =>
  t.request({ method: 'POST', url: `/api/events/${id}/register`, token, ...(guests === undefined ? {} : { payload: { guests } }) });
const leave = (token: string, id: string) => t.request({ method: 'DELETE', url: `/api/events/${id}/register`, token });
const eventAs = async (token: string, id: string) => json(await t.request({ url: `/api/events/${id}`, token })).data.event;
const drain = () => t.ctx.jobs.drain({ names: t.ctx.events.queues() });
const noticesOf = (userId: string, title: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
const mailTo = (to: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

describe('POST /api/events/{id}/cancel', () => {
  it('keeps registrations and check-ins, marks the event cancelled and tells those registered', async () => {
    const { id } = await createEvent({ maxAttendees: 1 });
    const [a, b, outsider] = [await createUser(t), await createUser(t), await createUser(t)];
    expect((await register(a.token, id)).statusCode).toBe(201);
    expect(json(await register(b.token, id)).data.registration.status).toBe('waitlisted');
    await t.request({ method: 'POST', url: `/api/events/${id}/attendance`, token: pastor.token, payload: { userId: a.user.id } });

    const res = await t.request({
      method: 'POST',
      url: `/api/events/${id}/cancel`,
      token: pastor.token,
      payload: { reason: 'Storm warning' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      message: EVENT_TEXTS.cancelled,
      data: { event: { id, cancelled: true, cancellationReason: 'Storm warning' } },
    });

    // Every list says so, and nothing was lost.
    expect(await eventAs(a.token, id)).toMatchObject({ cancelled: true, registered: true, attendeesCount: 1, attendance: 1 });
    const list = json(await t.request({ url: '/api/events?when=all&limit=100', token: a.token })).data.events;
    expect(list.find((e: { id: string }) => e.id === id)).toMatchObject({ cancelled: true, registered: true });
    const anonymous = json(await t.request({ url: '/api/events?limit=100' })).data.events;
    expect(anonymous.find((e: { id: string }) => e.id === id)).toMatchObject({ cancelled: true });
    const regs = json(await t.request({ url: `/api/events/${id}/registrations`, token: pastor.token })).data;
    expect([regs.total, regs.waitlist.length]).toEqual([1, 1]);
    const dash = json(await t.request({ url: '/api/dashboard/pastor', token: pastor.token }));
    expect(dash.data.upcomingEvents.find((e: { id: string }) => e.id === id)).toMatchObject({ cancelled: true });

    // Nobody new may register; cancelling again says it already is.
    const late = await register(outsider.token, id);
    expect([late.statusCode, json(late).message]).toEqual([409, EVENT_CANCELLED_MESSAGE]);
    const twice = await t.request({ method: 'POST', url: `/api/events/${id}/cancel`, token: pastor.token, payload: {} });
    expect([twice.statusCode, json(twice).message]).toEqual([409, EVENT_TEXTS.alreadyCancelled]);

    // The domain event, then the notices: in the app and by e-mail, to the registered and the waiting, once.
    const [recorded] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'event.cancelled'));
    expect(recorded?.data).toMatchObject({ object: { id, cancellationReason: 'Storm warning' } });
    await drain();
    await drain();
    for (const p of [a, b]) {
      const mine = await noticesOf(p.user.id, EVENT_NOTICE_TEXTS.cancelledTitle);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.message).toMatch(/^Youth Braai \(.+\) has been cancelled\. Reason: Storm warning$/);
      expect((await mailTo(p.user.email!)).map((m) => m.subject)).toContain('Cancelled: Youth Braai');
    }
    expect(await noticesOf(outsider.user.id, EVENT_NOTICE_TEXTS.cancelledTitle)).toHaveLength(0);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.cancel'), eq(auditLog.entityId, id)));
    expect(entry).toBeDefined();
  });

  it('is for leaders who manage events; checks its input', async () => {
    const { id } = await createEvent();
    for (const role of ['member', 'elder', 'deacon'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ method: 'POST', url: `/api/events/${id}/cancel`, token, payload: {} })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'POST', url: `/api/events/${id}/cancel`, payload: {} })).statusCode).toBe(401);
    const long = await t.request({
      method: 'POST',
      url: `/api/events/${id}/cancel`,
      token: pastor.token,
      payload: { reason: 'x'.repeat(501) },
    });
    expect([long.statusCode, json(long).message]).toEqual([400, 'Reason must be at most 500 characters']);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request({ method: 'POST', url: `/api/events/${missing}/cancel`, token: pastor.token, payload: {} })).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /api/events/{id}', () => {
  it('is for administrators only and says how many registrations and check-ins went with it', async () => {
    const { id } = await createEvent();
    const [a, b] = [await createUser(t), await createUser(t)];
    await register(a.token, id);
    await register(b.token, id);
    await t.request({ method: 'POST', url: `/api/events/${id}/attendance`, token: pastor.token, payload: { userId: b.user.id } });
    const sheet = json(await t.request({ url: `/api/events/${id}/attendance`, token: pastor.token })).data;
    expect(sheet).toMatchObject({ registeredCount: 2, waitlistedCount: 0, checkedInCount: 1 });

    expect((await t.request({ method: 'DELETE', url: `/api/events/${id}`, token: pastor.token })).statusCode).toBe(403);
    const res = await t.request({ method: 'DELETE', url: `/api/events/${id}`, token: admin });
    expect(json(res)).toEqual({ status: 'success', message: EVENT_TEXTS.deleted, data: { registrations: 2, checkIns: 1 } });
    expect((await t.request({ url: `/api/events/${id}` })).statusCode).toBe(404);
  });
});

describe('announcing a new event', () => {
  it('tells members in the app, and by e-mail when the creator chose it (not the creator, not developers)', async () => {
    const [member, developer] = [await createUser(t), await createUser(t, { role: 'developer' })];
    const { id } = await createEvent({ title: 'Carols by Candlelight', announce: true, announceByEmail: true });
    await drain();
    const [notice] = await noticesOf(member.user.id, EVENT_NOTICE_TEXTS.announcedTitle);
    expect(notice?.message).toMatch(/^Carols by Candlelight: .+ at Church grounds\.$/);
    expect(await noticesOf(pastor.user.id, EVENT_NOTICE_TEXTS.announcedTitle)).toHaveLength(0);
    expect(await noticesOf(developer.user.id, EVENT_NOTICE_TEXTS.announcedTitle)).toHaveLength(0);
    const [mail] = (await mailTo(member.user.email!)).filter((m) => m.subject === 'New event: Carols by Candlelight');
    // Church news: it goes only while the member agrees to e-mail from the church.
    expect(mail).toMatchObject({ consentKind: 'email_church', consentUserId: member.user.id });
    expect(id).toBeTruthy();
  });

  it('in the app only, or not at all, as the creator chose', async () => {
    const member = await createUser(t);
    await createEvent({ title: 'Quiet Morning', announce: true, announceByEmail: false });
    await createEvent({ title: 'Unannounced Meeting', announce: false });
    await drain();
    const mine = await noticesOf(member.user.id, EVENT_NOTICE_TEXTS.announcedTitle);
    expect(mine.map((n) => n.message.split(':')[0])).toEqual(['Quiet Morning']);
    expect((await mailTo(member.user.email!)).filter((m) => m.subject.startsWith('New event'))).toHaveLength(0);
  });
});

describe('the waiting list', () => {
  it('waits in order; when someone cancels, the first waiting moves up and is told', async () => {
    const { id } = await createEvent({ maxAttendees: 1 });
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    const first = await register(a.token, id);
    expect([first.statusCode, json(first).message, json(first).data.registration.status]).toEqual([201, REGISTERED_MESSAGE, 'registered']);
    const second = json(await register(b.token, id));
    expect(second).toMatchObject({
      message: WAITLISTED_MESSAGE(1),
      data: {
        registration: { status: 'waitlisted', waitlistPosition: 1 },
        event: { registered: false, waitlisted: true, waitlistCount: 1 },
      },
    });
    expect(json(await register(c.token, id)).data.registration.waitlistPosition).toBe(2);
    expect(await eventAs(b.token, id)).toMatchObject({ registered: false, waitlisted: true, attendeesCount: 1, waitlistCount: 2 });

    const gone = json(await leave(a.token, id));
    expect(gone.data.event).toMatchObject({ attendeesCount: 1, waitlistCount: 1 });
    expect(await eventAs(b.token, id)).toMatchObject({ registered: true, waitlisted: false });
    expect(json(await register(c.token, id)).data.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    await drain();
    const [notice] = await noticesOf(b.user.id, EVENT_NOTICE_TEXTS.promotedTitle);
    expect(notice?.message).toMatch(/^A place opened at Youth Braai \(.+\): you have moved up/);
    expect((await mailTo(b.user.email!)).map((m) => m.subject)).toContain('You have a place: Youth Braai');
    expect(await noticesOf(c.user.id, EVENT_NOTICE_TEXTS.promotedTitle)).toHaveLength(0);

    // Leaving the waiting list says so and frees nobody's place.
    expect(json(await leave(c.token, id)).message).toBe(LEFT_WAITLIST_MESSAGE);
    // More places from the leader move the list up at once.
    const d = await createUser(t);
    expect(json(await register(d.token, id)).data.registration.status).toBe('waitlisted');
    await t.request({ method: 'PUT', url: `/api/events/${id}`, token: pastor.token, payload: { ...base, maxAttendees: 2 } });
    expect(await eventAs(d.token, id)).toMatchObject({ registered: true, attendeesCount: 2, waitlistCount: 0 });
  });

  it('counts guests against the places; a party larger than the event is refused', async () => {
    const { id } = await createEvent({ maxAttendees: 3 });
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    const big = await register(c.token, id, 3);
    expect([big.statusCode, json(big).message]).toEqual([409, PARTY_TOO_LARGE_MESSAGE(3)]);
    expect(json(await register(a.token, id, 2)).data).toMatchObject({
      registration: { guests: 2, status: 'registered' },
      event: { attendeesCount: 3 },
    });
    expect(json(await register(b.token, id)).data.registration.status).toBe('waitlisted');
    const bad = await register(b.token, id, -1);
    expect([bad.statusCode, json(bad).message]).toEqual([400, 'Guests cannot be negative']);
    const regs = json(await t.request({ url: `/api/events/${id}/registrations`, token: pastor.token })).data;
    expect(regs.registrations.map((r: { guests: number }) => r.guests)).toEqual([2]);
    expect(regs.waitlist.map((r: { user: { id: string } }) => r.user.id)).toEqual([b.user.id]);
    // The party of three leaves: the single person waiting moves up.
    await leave(a.token, id);
    expect(await eventAs(b.token, id)).toMatchObject({ registered: true, attendeesCount: 1 });
  });

  it('a leader can close registrations', async () => {
    const { id } = await createEvent({ registrationsClosed: true });
    const m = await createUser(t);
    const res = await register(m.token, id);
    expect([res.statusCode, json(res).message]).toEqual([409, REGISTRATIONS_CLOSED_MESSAGE]);
    expect(await eventAs(m.token, id)).toMatchObject({ registrationsClosed: true, registered: false });
  });

  it('two registrations for the last place at once: exactly one gets it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id } = await createEvent({ maxAttendees: 1 });
      const people = [await createUser(t), await createUser(t)];
      const results = await Promise.all(people.map((p) => register(p.token, id)));
      expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(results.map((r) => json(r).data.registration.status).sort()).toEqual(['registered', 'waitlisted']);
      const regs = json(await t.request({ url: `/api/events/${id}/registrations`, token: pastor.token })).data;
      expect([regs.total, regs.waitlist.length]).toEqual([1, 1]);
    }
  });
});
