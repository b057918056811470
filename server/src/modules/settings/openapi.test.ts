import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('describes the public site endpoints', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(json(res).paths);
    for (const p of [
      '/api/settings/public',
      '/api/settings',
      '/api/settings/church-info',
      '/api/visitors',
      '/api/visitors/stats',
      '/api/visitors/recent',
      '/api/visitors/{id}/status',
      '/api/contact-messages',
      '/api/events',
      '/api/events/{id}',
      '/api/sermons/public',
      '/api/sermons/public/{id}',
      '/api/sermons/series',
      '/api/sermons/audio/{file}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
