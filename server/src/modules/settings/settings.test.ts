import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { events } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' });
});
afterAll(() => t.close());

const PRIVATE_KEYS = ['notifications', 'memberCountOverride', 'updatedAt', 'updatedBy', 'missionStatement'];

describe('GET /api/settings/public', () => {
  it('answers anonymous callers with the spec defaults before anything is saved', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    const { data } = json(res);
    expect(data.founded).toBe(2018);
    expect(data.serviceTimes.sunday.time).toBe('10:00 AM - 12:00 PM');
    expect(data.serviceTimes.wednesday.time).toBe('6:00 PM - 7:30 PM');
    expect(data.serviceTimes.friday.time).toBe('6:00 PM - 8:00 PM');
    expect(data.map).toEqual({ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', zoom: 15 });
    expect(data.stats).toMatchObject({ founded: 2018, upcomingEvents: 0 });
  });

  it('never leaks private fields to anonymous callers', async () => {
    const { token } = await createUser(t, { role: 'admin' });
    await t.request({
      method: 'POST',
      url: '/api/settings',
      token,
      payload: {
        churchName: 'Hope Chapel',
        notifications: { emailNotifications: false, smsNotifications: true, prayerAlerts: false, eventReminders: true },
        missionStatement: 'Private note',
      },
    });
    const body = json(await t.request({ method: 'GET', url: '/api/settings/public' }));
    expect(body.data.churchName).toBe('Hope Chapel');
    for (const key of PRIVATE_KEYS) expect(body.data).not.toHaveProperty(key);
    expect(JSON.stringify(body)).not.toContain('smsNotifications');
  });

  it('counts members, or shows the override when the church set one', async () => {
    const { token } = await createUser(t, { role: 'pastor' });
    await createUser(t, { role: 'member', status: 'inactive' });
    const counted = json(await t.request({ method: 'GET', url: '/api/settings/public' })).data;
    expect(counted.memberCount).toBeGreaterThanOrEqual(2);
    expect(counted.stats.members).toBe(counted.memberCount);
    await t.request({ method: 'POST', url: '/api/settings', token, payload: { memberCountOverride: 750 } });
    const overridden = json(await t.request({ method: 'GET', url: '/api/settings/public' })).data;
    expect(overridden.memberCount).toBe(750);
  });

  it('counts upcoming events only', async () => {
    await t.database.db.insert(events).values([
      { title: 'Past', startsAt: new Date(Date.now() - 86_400_000) },
      { title: 'Soon', startsAt: new Date(Date.now() + 86_400_000) },
    ]);
    const { data } = json(await t.request({ method: 'GET', url: '/api/settings/public' }));
    expect(data.stats.upcomingEvents).toBe(1);
  });
});

describe('GET /api/settings/church-info', () => {
  it('is public and carries contact details and service times only', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings/church-info' });
    expect(res.statusCode).toBe(200);
    const info = json(res).data.churchInfo;
    expect(Object.keys(info).sort()).toEqual(
      [
        'address',
        'churchName',
        'coordinates',
        'denomination',
        'email',
        'logoUrl',
        'pastorName',
        'phone',
        'serviceTimes',
        'socialLinks',
        'timeZone',
        'website',
      ].sort(),
    );
  });
});

describe('GET and POST /api/settings', () => {
  it('requires sign-in', async () => {
    expect((await t.request({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/settings', payload: {} })).statusCode).toBe(401);
  });

  it.each(['member', 'elder', 'deacon', 'developer'] as const)('refuses a %s with 403', async (role) => {
    const { token } = await createUser(t, { role });
    expect((await t.request({ method: 'GET', url: '/api/settings', token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/settings', token, payload: { churchName: 'Hijack' } })).statusCode).toBe(403);
  });

  it('lets an admin-type user read and replace the full object', async () => {
    const { token } = await createUser(t, { role: 'pastor' });
    const payload = {
      churchName: 'Grace Harvest',
      email: 'hello@grace.example.org',
      coreValues: [{ title: 'Prayer', description: 'We pray first.' }],
      coordinates: { lat: -25.75, lng: 28.24 },
      serviceTimes: { sunday: { time: '9:00 AM - 11:00 AM', location: 'Main Hall' } },
      notifications: { emailNotifications: true, smsNotifications: true, prayerAlerts: true, eventReminders: false },
    };
    const saved = await t.request({ method: 'POST', url: '/api/settings', token, payload });
    expect(saved.statusCode).toBe(200);
    const s = json(saved).data.settings;
    expect(s).toMatchObject({
      churchName: 'Grace Harvest',
      coordinates: { lat: -25.75, lng: 28.24 },
      notifications: { smsNotifications: true },
    });
    // The spec's per-day serviceTimes is taken as the list of services.
    expect(s.services).toEqual([
      { day: 'sunday', time: '09:00', endTime: '11:00', name: 'Sunday Main Service', language: '', place: 'Main Hall' },
    ]);
    expect(s.updatedAt).toEqual(expect.any(String));
    const pub = json(await t.request({ method: 'GET', url: '/api/settings/public' })).data;
    expect(pub.serviceTimes.sunday).toEqual({ time: '9:00 AM - 11:00 AM', location: 'Main Hall' });
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ churchName: '' }, 'Church name is required'],
    [{ timeZone: 'Mars/Olympus' }, 'time zone must be an IANA name such as Africa/Johannesburg'],
    [{ coordinates: { lat: 123, lng: 0 } }, 'latitude must be between -90 and 90'],
    [{ founded: 1500 }, 'founded must be a year after 1800'],
    [{ coreValues: [{ title: '' }] }, 'Each core value needs a title'],
    [{ website: 'graceharvest' }, 'Please enter a web address starting with http:// or https://'],
  ])('rejects %o with "%s"', async (payload, message) => {
    const { token } = await createUser(t, { role: 'admin' });
    const res = await t.request({ method: 'POST', url: '/api/settings', token, payload });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });
});
