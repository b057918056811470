import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../db/schema/index';

let t: TestApp;
let pastor: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  pastor = (await createUser(t, { role: 'pastor' })).token;
  admin = (await createUser(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const valid = { title: 'Youth Braai', date: '2031-03-14', time: '10:00', type: 'social', maxAttendees: 2, location: 'Church grounds' };
const create = (token: string | undefined, body: unknown) =>
  t.request({ method: 'POST', url: '/api/events', token, payload: body as object });
const forbiddenRoles = ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const;

describe('POST /api/events', () => {
  it('creates an event at the church-local time and answers the spec text', async () => {
    const res = await create(pastor, valid);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe(EVENT_TEXTS.created);
    // Spec 002 §7.5: the answer's data carries the new event's _id (and the event, as the web reads it).
    expect(body.data._id).toBe(body.data.event._id);
    expect(body.data.id).toBe(body.data.event.id);
    // Africa/Johannesburg is UTC+2: 10:00 local is 08:00Z.
    expect(body.data.event).toMatchObject({
      title: 'Youth Braai',
      date: '2031-03-14T08:00:00.000Z',
      time: '10:00',
      type: 'social',
      maxAttendees: 2,
    });
  });

  it.each([
    [{ ...valid, title: '  ' }, EVENT_TEXTS.titleRequired],
    [{ ...valid, date: '' }, EVENT_TEXTS.dateRequired],
    [{ ...valid, date: '2031-02-30' }, 'Date is not a real date'],
    [{ ...valid, time: '' }, EVENT_TEXTS.timeRequired],
    [{ ...valid, time: '25:00' }, 'Time must look like 10:00'],
    [{ ...valid, type: undefined }, EVENT_TEXTS.typeRequired],
    [{ ...valid, maxAttendees: 0 }, EVENT_TEXTS.maxAttendeesMin],
  ])('refuses %o with its text', async (body, text) => {
    const res = await create(pastor, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain(text);
  });

  it('needs sign-in and a pastor-level role', async () => {
    expect((await create(undefined, valid)).statusCode).toBe(401);
    for (const role of forbiddenRoles) {
      const { token } = await createUser(t, { role });
      expect((await create(token, valid)).statusCode, role).toBe(403);
    }
  });
});

describe('PUT and DELETE /api/events/{id}', () => {
  it('edits, then deletes with the spec text; 404 afterwards', async () => {
    const id = json(await create(admin, valid)).data.event.id;
    const put = await t.request({
      method: 'PUT',
      url: `/api/events/${id}`,
      token: pastor,
      payload: { ...valid, title: 'Family Braai', time: '18:30' },
    });
    expect(put.statusCode).toBe(200);
    expect(json(put).data.event).toMatchObject({ title: 'Family Braai', time: '18:30', date: '2031-03-14T16:30:00.000Z' });
    // Issue 31: only administrators delete; a pastor cancels instead.
    expect((await t.request({ method: 'DELETE', url: `/api/events/${id}`, token: pastor })).statusCode).toBe(403);
    const del = await t.request({ method: 'DELETE', url: `/api/events/${id}`, token: admin });
    expect(json(del)).toEqual({ status: 'success', message: EVENT_TEXTS.deleted, data: { registrations: 0, checkIns: 0 } });
    expect((await t.request({ method: 'DELETE', url: `/api/events/${id}`, token: admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: `/api/events/${id}`, token: pastor, payload: valid })).statusCode).toBe(404);
  });

  it('refuses members and elders', async () => {
    const id = json(await create(admin, valid)).data.event.id;
    const { token } = await createUser(t, { role: 'elder' });
    expect((await t.request({ method: 'DELETE', url: `/api/events/${id}`, token })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: `/api/events/${id}`, payload: valid })).statusCode).toBe(401);
  });
});

describe('check-in', () => {
  it('lists registered people, checks two in (one a walk-in), keeps the head count, undoes', async () => {
    const id = json(await create(pastor, valid)).data.event.id;
    const a = await createUser(t, { name: 'Aisha Daniels' });
    const b = await createUser(t, { name: 'Bongani Mokoena' });
    const walkIn = await createUser(t, { name: 'Zanele Khumalo' });
    await t.request({ method: 'POST', url: `/api/events/${id}/register`, token: a.token });
    await t.request({ method: 'POST', url: `/api/events/${id}/register`, token: b.token });

    let sheet = json(await t.request({ url: `/api/events/${id}/attendance`, token: pastor })).data;
    expect(sheet).toMatchObject({ registeredCount: 2, checkedInCount: 0, maxAttendees: 2 });
    expect(sheet.attendees.map((x: { name: string }) => x.name)).toEqual(['Aisha Daniels', 'Bongani Mokoena']);

    const checkIn = (userId: string) =>
      t.request({ method: 'POST', url: `/api/events/${id}/attendance`, token: pastor, payload: { userId } });
    expect(json(await checkIn(a.user.id))).toMatchObject({ message: EVENT_TEXTS.checkedIn, data: { checkedInCount: 1 } });
    expect(json(await checkIn(a.user.id)).data.checkedInCount).toBe(1); // idempotent
    expect(json(await checkIn(walkIn.user.id)).data.checkedInCount).toBe(2);

    sheet = json(await t.request({ url: `/api/events/${id}/attendance`, token: pastor })).data;
    expect(sheet).toMatchObject({ registeredCount: 2, checkedInCount: 2 });
    expect(sheet.attendees.find((x: { name: string }) => x.name === 'Zanele Khumalo')).toMatchObject({
      registered: false,
      checkedIn: true,
    });
    const event = json(await t.request({ url: `/api/events/${id}`, token: pastor })).data.event;
    expect(event.attendance).toBe(2);

    const undo = await t.request({ method: 'DELETE', url: `/api/events/${id}/attendance/${walkIn.user.id}`, token: pastor });
    expect(json(undo).data.checkedInCount).toBe(1);
    expect((await t.request({ method: 'DELETE', url: `/api/events/${id}/attendance/${walkIn.user.id}`, token: pastor })).statusCode).toBe(
      404,
    );
    // Every check-in and its undo is in the audit log, with who did it.
    const audit = (await t.database.db.select().from(auditLog)).filter((r) => r.entityId === walkIn.user.id);
    expect(audit.map((r) => r.action).sort()).toEqual(['event.check_in', 'event.check_out']);
    expect(audit[0]!.actorRole).toBe('pastor');
  });

  it('404 for an unknown event or person, 400 for a bad id, 403 for a member', async () => {
    const id = json(await create(pastor, valid)).data.event.id;
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request({ url: `/api/events/${missing}/attendance`, token: pastor })).statusCode).toBe(404);
    const unknownPerson = await t.request({
      method: 'POST',
      url: `/api/events/${id}/attendance`,
      token: pastor,
      payload: { userId: missing },
    });
    expect(json(unknownPerson)).toMatchObject({ message: 'Member not found' });
    const bad = await t.request({ method: 'POST', url: `/api/events/${id}/attendance`, token: pastor, payload: { userId: 'x' } });
    expect(json(bad).message).toContain('Choose a person to check in');
    const m = await createUser(t);
    expect((await t.request({ url: `/api/events/${id}/attendance`, token: m.token })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/events/${id}/attendance`, token: m.token, payload: { userId: m.user.id } })).statusCode,
    ).toBe(403);
    expect((await t.request({ url: `/api/events/${id}/attendance` })).statusCode).toBe(401);
  });
});

describe('GET /api/events/stats', () => {
  const stats = async (token?: string) => t.request({ url: '/api/events/stats', token });

  it('is its own route (not /events/:id) and counts upcoming, past, registrations, check-ins and types', async () => {
    const before = json(await stats(pastor)).data;
    const upcoming = json(await create(pastor, { ...valid, type: 'outreach' })).data.id;
    const past = json(await create(pastor, { ...valid, date: '2020-05-01', type: 'outreach' })).data.id;
    const m = await createUser(t);
    await t.request({ method: 'POST', url: `/api/events/${upcoming}/register`, token: m.token });
    await t.request({ method: 'POST', url: `/api/events/${past}/attendance`, token: pastor, payload: { userId: m.user.id } });

    const res = await stats(pastor);
    expect(res.statusCode).toBe(200);
    const after = json(res).data;
    expect(after).toMatchObject({
      total: before.total + 2,
      upcoming: before.upcoming + 1,
      past: before.past + 1,
      registrations: before.registrations + 1,
      checkIns: before.checkIns + 1,
    });
    expect(after.byType.outreach).toBe((before.byType.outreach ?? 0) + 2);
    expect(after.upcoming + after.past).toBe(after.total);
  });

  it('needs sign-in and a role that manages events', async () => {
    expect((await stats()).statusCode).toBe(401);
    for (const role of forbiddenRoles) {
      const { token } = await createUser(t, { role });
      expect((await stats(token)).statusCode, role).toBe(403);
    }
    expect((await stats(admin)).statusCode).toBe(200);
  });
});
