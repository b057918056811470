import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TEXTS } from '@church/contract/setup';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { setupCode } from './setup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  code: setupCode(t.ctx.hashKey),
  churchName: 'Siyakhula Fellowship',
  timeZone: 'Africa/Johannesburg',
  services: [{ day: 'sunday', time: '08:00', name: 'Oggenddiens', language: 'Afrikaans', place: 'Kapel' }],
  admin: { name: 'Nomsa Khumalo', email: 'nomsa@siyakhula.org.za', password: 'Ukholo-2026-Sonto' },
  ...over,
});
const setup = (payload: object) => t.request({ method: 'POST', url: '/api/setup', payload });

describe('first-run setup', () => {
  it('sets up an empty install once: church, services and the first administrator, signed in', async () => {
    expect(json(await t.request({ method: 'GET', url: '/api/setup' })).data.needed).toBe(true);
    expect(json(await t.request({ method: 'GET', url: '/api/settings/public' })).data.setupNeeded).toBe(true);

    // The wrong code, a weak password or a bad time zone change nothing.
    const wrong = await setup(body({ code: 'abcdefabcdef' }));
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe(SETUP_TEXTS.badCode);
    expect((await setup(body({ admin: { name: 'N', email: 'n@x.org', password: 'short' } }))).statusCode).toBe(400);
    expect((await setup(body({ timeZone: 'Mars/Olympus' }))).statusCode).toBe(400);
    expect(json(await t.request({ method: 'GET', url: '/api/setup' })).data.needed).toBe(true);

    const res = await setup(body());
    expect(res.statusCode).toBe(201);
    const { token, user } = json(res);
    expect(user).toMatchObject({ role: 'admin', email: 'nomsa@siyakhula.org.za' });
    // The token is a real session: the new administrator reads the full settings.
    const settings = json(await t.request({ method: 'GET', url: '/api/settings', token })).data.settings;
    expect(settings).toMatchObject({ churchName: 'Siyakhula Fellowship', services: [expect.objectContaining({ name: 'Oggenddiens' })] });
    const pub = json(await t.request({ method: 'GET', url: '/api/settings/public' })).data;
    expect(pub).toMatchObject({ churchName: 'Siyakhula Fellowship', setupNeeded: false });

    // Once done it stays done: nobody can claim a second first administrator.
    expect(json(await t.request({ method: 'GET', url: '/api/setup' })).data.needed).toBe(false);
    const again = await setup(body({ admin: { name: 'Intruder', email: 'intruder@example.org', password: 'Another-pass-2026' } }));
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(SETUP_TEXTS.alreadySetUp);
  });
});

describe('first-run setup on an install that already has an administrator', () => {
  it('is not needed and refuses', async () => {
    const other = await createTestApp();
    try {
      await createUser(other, { role: 'superadmin' });
      expect(json(await other.request({ method: 'GET', url: '/api/setup' })).data.needed).toBe(false);
      const res = await other.request({ method: 'POST', url: '/api/setup', payload: { ...body(), code: setupCode(other.ctx.hashKey) } });
      expect(res.statusCode).toBe(409);
    } finally {
      await other.close();
    }
  });
});
