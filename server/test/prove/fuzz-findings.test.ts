/**
 * Each 5xx the OpenAPI fuzzer (openapi-fuzz.test.ts) found, kept as a plain
 * regression test once its root was fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, { role: 'admin' })).token;
});
afterAll(() => t.close());

describe('fuzz findings', () => {
  // Zod runs an object's cross-field refinement even after a field failed; the
  // announcement dates were then still strings and `.getTime()` threw (500).
  it('an announcement whose start date is not a date → 400 naming the field, not 500', async () => {
    for (const startDate of ['$𝅘𝅥𝅮:𝅘𝅥 ᡛ', 'yesterday', '2026-13-45T00:00:00Z']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/announcements',
        token: admin,
        payload: { title: 'Choir practice', content: 'Thursday at seven', startDate, endDate: '2026-12-31T18:00:00.000Z' },
      });
      expect(res.statusCode, startDate).toBe(400);
      expect(res.json().message).toMatch(/Start date must be a date and time/);
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/announcements',
      token: admin,
      payload: { title: 'Choir practice', content: 'Thursday', startDate: '2026-12-31T18:00:00.000Z', endDate: 'later' },
    });
    expect(res.statusCode).toBe(400);
    // The cross-field rule still holds once both dates parse.
    const backwards = await t.request({
      method: 'POST',
      url: '/api/announcements',
      token: admin,
      payload: { title: 'Choir practice', content: 'Thursday', startDate: '2026-12-31T18:00:00.000Z', endDate: '2026-12-01T18:00:00.000Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/End date must be after the start date/);
  });
});
