import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_IMAGE_TEXTS } from '@church/contract/site-content';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const current = async () => {
  const { updatedAt: _u, ...s } = json(await t.request({ method: 'GET', url: '/api/settings', token: admin })).data.settings;
  return s as Record<string, unknown>;
};
const save = (payload: object) => t.request({ method: 'POST', url: '/api/settings', token: admin, payload });
const publicSettings = async () => json(await t.request({ method: 'GET', url: '/api/settings/public' })).data;
const upload = (content: Buffer, kind = 'slide', token = admin, field = 'image') => {
  const body = multipart({}, [{ field, filename: 'picture.png', content, type: 'image/png' }]);
  return t.request({ method: 'POST', url: `/api/settings/images?kind=${kind}`, token, payload: body.payload, headers: body.headers });
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describe('the public site as the church writes it', () => {
  it('shows slides, founders, services, figures and terms exactly as saved', async () => {
    const res = await save({
      ...(await current()),
      churchName: 'Hope Chapel',
      mission: 'Love God, love Mamelodi.',
      heroSlides: [
        {
          image: '/images/hero/dusk',
          title: 'Welkom',
          description: 'Kom soos jy is.',
          buttonLabel: 'Plan a visit',
          buttonLink: '/contact',
        },
      ],
      founders: [{ name: 'Ma Dlamini', role: 'Founder' }],
      services: [
        { day: 'sunday', time: '10:00', endTime: '11:30', name: 'Main Service', language: 'English', place: 'Hall' },
        { day: 'sunday', time: '08:00', name: 'Oggenddiens', language: 'Afrikaans', place: 'Kapel' },
        { day: 'thursday', time: '18:30', name: 'Youth', place: '' },
      ],
      homeStats: [
        { label: 'Languages', source: 'entered', value: '3' },
        { label: 'Upcoming Events', source: 'upcomingEvents' },
        { label: 'Founded', source: 'founded' },
      ],
      founded: 1994,
      terms: '<h2>Terms</h2><p onclick="steal()">Be kind.<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    });
    expect(res.statusCode).toBe(200);
    // Scripts and event handlers never reach the database.
    const stored = JSON.stringify(json(res).data.settings);
    expect(stored).not.toMatch(/<script|onclick|javascript:/);
    const pub = await publicSettings();
    expect(pub.heroSlides).toEqual([
      {
        image: '/images/hero/dusk',
        title: 'Welkom',
        subtitle: '',
        description: 'Kom soos jy is.',
        verse: '',
        buttonLabel: 'Plan a visit',
        buttonLink: '/contact',
      },
    ]);
    expect(pub.founders).toEqual([{ name: 'Ma Dlamini', role: 'Founder', bio: '', photoUrl: '' }]);
    expect(pub.mission).toBe('Love God, love Mamelodi.');
    expect(pub.services).toHaveLength(3);
    // The spec's per-day view: the first service listed for Sunday, as the spec writes times.
    expect(pub.serviceTimes.sunday).toEqual({ time: '10:00 AM - 11:30 AM', location: 'Hall' });
    expect(pub.serviceTimes.wednesday).toEqual({ time: '', location: '' });
    // No upcoming events: that figure is left out rather than shown as 0.
    expect(pub.homeStats).toEqual([
      { label: 'Languages', value: '3' },
      { label: 'Founded', value: '1994' },
    ]);
    expect(pub.terms).toBe('<h2>Terms</h2><p>Be kind.</p>x');
  });

  it('stores nothing when one field is invalid', async () => {
    const before = await current();
    const res = await save({
      ...before,
      churchName: 'Changed Name',
      heroSlides: [
        { image: '/images/hero/dusk', title: 'Fine' },
        { image: 'https://evil.example/x.png', title: 'Bad' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain('Upload the picture with the Upload picture button');
    expect((await current()).churchName).toBe(before.churchName);
    for (const services of [[{ day: 'sunday', time: '8am', name: 'x' }], [{ day: 'funday', time: '08:00', name: 'x' }]]) {
      expect((await save({ ...before, churchName: 'Changed Name', services })).statusCode).toBe(400);
    }
    expect((await current()).churchName).toBe(before.churchName);
  });

  it('takes the spec-shaped fields: missionStatement and serviceTimes by day', async () => {
    const res = await save({
      churchName: 'Spec Church',
      missionStatement: 'To make disciples',
      serviceTimes: { friday: { time: '6:00 PM', location: 'Prayer Room' } },
    });
    expect(res.statusCode).toBe(200);
    const pub = await publicSettings();
    expect(pub.mission).toBe('To make disciples');
    expect(pub.services).toEqual([
      { day: 'friday', time: '18:00', endTime: '', name: 'Friday Prayer Meeting', language: '', place: 'Prayer Room' },
    ]);
  });
});

describe('POST /api/settings/images', () => {
  it('stores a slide picture at three widths and a photo at two, served publicly as WebP', async () => {
    const res = await upload(await png(2400, 1200));
    expect(res.statusCode).toBe(201);
    const url = json(res).data.url as string;
    expect(url).toMatch(/^\/api\/settings\/images\/[0-9a-f-]{36}$/);
    for (const [w, h] of [
      [640, 320],
      [1280, 640],
      [1920, 960],
    ]) {
      const img = await t.request({ method: 'GET', url: `${url}-${w}.webp` });
      expect(img.statusCode).toBe(200);
      expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: w, height: h });
    }
    const photo = json(await upload(await png(500, 500), 'photo')).data.url;
    expect((await t.request({ method: 'GET', url: `${photo}-320.webp` })).statusCode).toBe(200);
    // A small picture is not blown up.
    expect((await t.request({ method: 'GET', url: `${photo}-640.webp` })).statusCode).toBe(200);
    expect(await sharp((await t.request({ method: 'GET', url: `${photo}-640.webp` })).rawPayload).metadata()).toMatchObject({ width: 500 });
    // A slide may use it once saved.
    const saved = await save({ ...(await current()), heroSlides: [{ image: url, title: 'Our new hall' }] });
    expect(saved.statusCode).toBe(200);
    expect((await publicSettings()).heroSlides[0].image).toBe(url);
  });

  it('refuses what is not a PNG, JPEG or WebP with 415 and more than 8 MB with 413, in the spec’s words', async () => {
    const gif = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
      'binary',
    );
    for (const bytes of [
      gif,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('plain text'),
    ]) {
      const res = await upload(bytes);
      expect(res.statusCode).toBe(415);
      expect(json(res).message).toBe(SITE_IMAGE_TEXTS.invalid);
    }
    // PNG magic bytes, but not a picture sharp can read: still 415, never 500.
    expect((await upload(Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.alloc(64)]))).statusCode).toBe(415);
    const big = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await upload(big);
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).message).toBe('Image file too large. Max size: 8MB');
    expect((await upload(await png(10, 10), 'slide', admin, 'other')).statusCode).toBe(400);
    expect((await upload(await png(10, 10), 'banner')).statusCode).toBe(400);
  });

  it('answers 401 without sign-in and 403 to roles that may not change settings', async () => {
    const picture = await png(10, 10);
    expect((await upload(picture, 'slide', '')).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await upload(picture, 'slide', token)).statusCode).toBe(403);
    }
  });

  it('removes pictures the settings no longer use a day after upload, keeping the used ones', async () => {
    const used = json(await upload(await png(50, 50))).data.url as string;
    const unused = json(await upload(await png(50, 50))).data.url as string;
    const dir = path.join(t.config.uploadDir, 'site');
    const old = new Date(Date.now() - 2 * 86_400_000);
    for (const f of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, f), old, old);
    expect((await save({ ...(await current()), heroSlides: [{ image: used, title: 'Kept' }] })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${used}-640.webp` })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${unused}-640.webp` })).statusCode).toBe(404);
  });
});
