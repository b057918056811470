import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'church-dist-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><!--home-preloads--></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(
    path.join(dist, 'home-preloads.html'),
    '<link rel="preload" as="fetch" href="/api/settings/public" crossorigin="anonymous" />\n',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('writes the home page preloads into / only', async () => {
    const home = await t.request({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('<link rel="preload" as="fetch" href="/api/settings/public"');
    const other = await t.request({ method: 'GET', url: '/mobile/dashboard' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('rel="preload"');
    expect(other.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and keeps the API 404 as JSON', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await t.request({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'error' });
  });
});
