import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_TEXTS } from '@church/contract/settings';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

const save = (payload: object, token = admin) => t.request({ method: 'POST', url: '/api/settings', token, payload });
const messages = (res: Awaited<ReturnType<typeof save>>) => JSON.stringify(json(res));

describe('settings validation', () => {
  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example.org',
    'JavaScript://example.org/%0aalert(1)',
    'vbscript:msgbox',
    'https://',
  ])('refuses %s as the website and as every social link', async (url) => {
    const res = await save({ churchName: 'Grace', website: url });
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toContain(SETTINGS_TEXTS.invalidUrl);
    for (const network of ['facebook', 'instagram', 'youtube', 'x']) {
      const social = await save({ churchName: 'Grace', socialLinks: { [network]: url } });
      expect(social.statusCode, network).toBe(400);
    }
  });

  it('accepts http and https links, a valid e-mail and phone, and shows them publicly at once', async () => {
    const res = await save({
      churchName: 'Grace Harvest Church',
      website: 'https://graceharvest.org.za',
      email: 'hello@graceharvest.org.za',
      phone: '+27 12 362 4410',
      socialLinks: { facebook: 'https://facebook.com/graceharvest', instagram: '', youtube: 'http://youtube.com/@grace', x: '' },
    });
    expect(res.statusCode).toBe(200);
    const pub = json(await t.request({ method: 'GET', url: '/api/settings/public' })).data;
    expect(pub).toMatchObject({ churchName: 'Grace Harvest Church', phone: '012 362 4410', website: 'https://graceharvest.org.za' });
  });

  it.each([
    [{ email: 'not-an-address' }, SETTINGS_TEXTS.invalidEmail],
    [{ phone: '12ab' }, SETTINGS_TEXTS.invalidPhone],
    [{ phone: '+0 12 345' }, SETTINGS_TEXTS.invalidPhone],
    [{ churchName: '' }, 'Church name is required'],
    [{ logoUrl: 'https://evil.example/logo.png' }, 'Upload the logo with the Logo button'],
  ])('refuses %o with a clear text', async (patch, text) => {
    const res = await save({ churchName: 'Grace', ...patch });
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toContain(text);
  });
});

describe('POST /api/settings/logo', () => {
  const send = (content: Buffer, token = admin, field = 'logo') => {
    const body = multipart({}, [{ field, filename: 'logo.png', content, type: 'image/png' }]);
    return t.request({ method: 'POST', url: '/api/settings/logo', token, payload: body.payload, headers: body.headers });
  };

  it('stores a PNG scaled as WebP, serves it publicly and replaces the previous one', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 4, background: '#1a5' } })
      .png()
      .toBuffer();
    const res = await send(png);
    expect(res.statusCode).toBe(200);
    const logoUrl = json(res).data.settings.logoUrl;
    expect(logoUrl).toMatch(/^\/api\/settings\/logo\/logo-[0-9a-f-]+\.webp$/);
    expect(json(await t.request({ method: 'GET', url: '/api/settings/public' })).data.logoUrl).toBe(logoUrl);
    const img = await t.request({ method: 'GET', url: logoUrl });
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 128 });
    const jpeg = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const second = json(await send(jpeg)).data.settings.logoUrl;
    expect(second).not.toBe(logoUrl);
    expect((await t.request({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });

  it('decides the type from the bytes and limits the size to 2 MB', async () => {
    const gif = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
      'binary',
    );
    const wrong = await send(gif);
    expect(wrong.statusCode).toBe(415);
    expect(json(wrong).message).toBe(SETTINGS_TEXTS.logoInvalid);
    expect((await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).statusCode).toBe(415);
    const big = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await send(big);
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).message).toBe(SETTINGS_TEXTS.logoTooLarge);
  });

  it('answers 401 without sign-in and 403 to roles that may not change settings', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await send(png, '')).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await send(png, token)).statusCode).toBe(403);
      expect((await save({ churchName: 'x' }, token)).statusCode).toBe(403);
    }
  });
});
