import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { composeHomeHtml, withHomeHead } from './home-render';

const TEMPLATE =
  '<html lang="en"><head><title>Church Community</title><!--home-preloads-->' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/dep.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>' +
  '<body><div id="root"></div></body></html>';
const PRELOADS = [
  '<link rel="preload" as="fetch" href="/api/settings/public" crossorigin="anonymous" />',
  '<link rel="preload" as="image" fetchpriority="high" href="/images/hero/sunrise-1280.webp" />',
  '<link rel="stylesheet" crossorigin href="/assets/home-page.css" />',
  '<link rel="modulepreload" crossorigin href="/assets/home-page.js" />',
];
const REVEAL = '(function () { /* reveal */ })();';

/**
 * A stand-in for web/dist/ssr/entry-server.js: renders the church name it
 * reads through the in-process fetch, counts renders, and can be told to fail.
 */
const FAKE_RENDERER = `
let fetchImpl;
export function configureRenderer(f) { fetchImpl = f; }
export async function renderHome(locale) {
  globalThis.__homeRenders = (globalThis.__homeRenders ?? 0) + 1;
  (globalThis.__homeLocales ??= []).push(locale);
  if (globalThis.__homeRenderFails) return null;
  const body = await (await fetchImpl('http://server.internal/api/settings/public')).json();
  const name = body.data.churchName;
  return {
    html: '<h1>' + name + '</h1><p>Costs $& and $1 stay as written</p>',
    loadingHtml: '<div data-testid="home-loading">Loading</div>',
    state: JSON.stringify({ name, note: '</script><script>alert(1)</script>' }),
    title: name + ' & <friends>',
  };
}`;

declare global {
  var __homeRenders: number | undefined;
  var __homeLocales: string[] | undefined;
  var __homeRenderFails: boolean | undefined;
}

function makeDist(withRenderer: boolean) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'church-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(dist, 'home-preloads.html'), `${PRELOADS.join('\n')}\n`);
  fs.writeFileSync(path.join(dist, 'home-reveal.js'), `${REVEAL}\n`);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  if (withRenderer) {
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), FAKE_RENDERER);
  }
  return dist;
}

describe('serving the web app without a server renderer', () => {
  let t: TestApp;
  const dist = makeDist(false);
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('writes every home page preload into / only, stylesheets after the app’s own', async () => {
    const home = await t.request({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('<link rel="preload" as="fetch" href="/api/settings/public"');
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page.js" />');
    expect(home.body.indexOf('/assets/home-page.css')).toBeGreaterThan(home.body.indexOf('/assets/index.css'));
    expect(home.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
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

describe('the server-rendered home page', () => {
  let t: TestApp;
  const dist = makeDist(true);
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  beforeEach(() => {
    globalThis.__homeRenderFails = false;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the rendered page with its data, title and reveal script, allowed by the CSP', async () => {
    const name = (await t.request({ method: 'GET', url: '/api/settings/public' })).json().data.churchName as string;
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<div id="root"><h1>${name}</h1><p>Costs $& and $1 stay as written</p></div>`);
    expect(html).toContain('<div id="home-loading-static"><div data-testid="home-loading">Loading</div></div>');
    expect(html).toContain(`<title>${name} &amp; &lt;friends&gt;</title>`);
    expect(html).toContain('<html lang="en-ZA" data-locale="en-ZA" class="home-loading">');
    // The embedded cache cannot close its script element.
    const state = /<script type="application\/json" id="server-state">(.*?)<\/script>/.exec(html)![1]!;
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toEqual({ name, note: '</script><script>alert(1)</script>' });
    // Data is in the page: no data preloads, no eager home chunk; the app starts from the reveal script.
    expect(html).not.toContain('as="fetch"');
    expect(html).not.toContain('/assets/home-page.js');
    expect(html).toContain('fetchpriority="high" href="/images/hero/sunrise-1280.webp"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="preload" as="script" crossorigin href="/assets/index-abc.js">');
    expect(html).toContain('<link rel="preload" as="script" crossorigin href="/assets/dep.js">');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(`<script data-app="/assets/index-abc.js">${REVEAL}</script>`);
    const hash = createHash('sha256').update(REVEAL).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it("renders in the visitor's language and keeps one render per language (issue 36)", async () => {
    const af = await t.request({ method: 'GET', url: '/', headers: { 'accept-language': 'af-ZA,af;q=0.9,en;q=0.5' } });
    expect(af.body).toContain('<html lang="af-ZA" data-locale="af-ZA" class="home-loading">');
    expect(af.headers.vary).toContain('Accept-Language');
    expect(globalThis.__homeLocales!.at(-1)).toBe('af-ZA');
    const renders = globalThis.__homeRenders!;
    await t.request({ method: 'GET', url: '/', headers: { cookie: 'lang=af-ZA' } });
    expect(globalThis.__homeRenders).toBe(renders);
    const zu = await t.request({ method: 'GET', url: '/', headers: { cookie: 'theme=dark; lang=zu-ZA' } });
    expect(zu.body).toContain('data-locale="zu-ZA"');
    expect(globalThis.__homeRenders).toBe(renders + 1);
    // An unknown tag is no choice: the church's default (English here).
    expect((await t.request({ method: 'GET', url: '/', headers: { cookie: 'lang=<script>' } })).body).toContain('data-locale="en-ZA"');
  });

  it('reuses a render until a write to what the page shows; anonymous forms do not empty it', async () => {
    await t.request({ method: 'GET', url: '/' });
    const before = globalThis.__homeRenders!;
    await t.request({ method: 'GET', url: '/' });
    expect(globalThis.__homeRenders).toBe(before);
    // Anonymous writes that the home page does not show keep the render.
    const visitor = await t.request({
      method: 'POST',
      url: '/api/visitors',
      payload: { firstName: 'Lerato', lastName: 'Dube', email: 'lerato@example.org' },
      remoteAddress: '10.9.0.1',
    });
    expect(visitor.statusCode).toBe(201);
    const contact = await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'Lerato Dube', email: 'lerato@example.org', message: 'Hello from the contact form' },
      remoteAddress: '10.9.0.1',
    });
    expect(contact.statusCode).toBeLessThan(300);
    await t.request({ method: 'GET', url: '/' });
    expect(globalThis.__homeRenders).toBe(before);

    // A settings change shows on the home page: the next visitor gets a new render with the new name.
    const { token } = await createUser(t, { role: 'admin' });
    const current = (await t.request({ method: 'GET', url: '/api/settings', token })).json().data.settings;
    const saved = await t.request({
      method: 'POST',
      url: '/api/settings',
      token,
      payload: { ...current, churchName: 'Grace Chapel Rendered' },
    });
    expect(saved.statusCode).toBe(200);
    const res = await t.request({ method: 'GET', url: '/' });
    expect(globalThis.__homeRenders).toBe(before + 1);
    expect(res.body).toContain('<h1>Grace Chapel Rendered</h1>');
    // A refused write changes nothing.
    await t.request({ method: 'POST', url: '/api/settings', token, payload: { churchName: '' } });
    await t.request({ method: 'GET', url: '/' });
    expect(globalThis.__homeRenders).toBe(before + 1);
  });

  it('preloads the church’s own first hero pictures, following an edit on the next request', async () => {
    const { token } = await createUser(t, { role: 'admin' });
    const current = (await t.request({ method: 'GET', url: '/api/settings', token })).json().data.settings;
    await t.request({ method: 'POST', url: '/api/settings', token, payload: { ...current, heroSlides: [] } });
    // No slides yet: the one stock picture of the church's generic slide.
    expect((await t.request({ method: 'GET', url: '/' })).body).toContain('href="/images/hero/sunrise-1280.webp"');
    const saved = await t.request({
      method: 'POST',
      url: '/api/settings',
      token,
      payload: { ...current, heroSlides: [{ image: '/images/hero/dusk', title: 'Evening' }] },
    });
    expect(saved.statusCode).toBe(200);
    const html = (await t.request({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/hero/dusk-1280.webp"');
    expect(html).not.toContain('href="/images/hero/sunrise-1280.webp" imagesrcset');
  });

  it('is emptied only by the routes that declare they change it', () => {
    const declared = t.app.routeTable
      .filter((r) => (r.config as { changesHomePage?: boolean } | undefined)?.changesHomePage)
      .map((r) => `${String(r.method)} ${r.url}`)
      .sort();
    expect(declared).toEqual([
      'DELETE /api/events/:id',
      'DELETE /api/sermons/:id',
      'PATCH /api/sermons/:id/publish',
      'PATCH /api/sermons/:id/unpublish',
      'POST /api/events',
      'POST /api/events/:id/cancel',
      'POST /api/sermons',
      'POST /api/settings',
      'POST /api/settings/logo',
      'POST /api/setup',
      'PUT /api/events/:id',
      'PUT /api/sermons/:id',
      'PUT /api/sermons/:id/media',
    ]);
  });

  it('falls back to the plain page when rendering is not possible', async () => {
    globalThis.__homeRenderFails = true;
    const { token } = await createUser(t, { role: 'admin' });
    const current = (await t.request({ method: 'GET', url: '/api/settings', token })).json().data.settings;
    await t.request({ method: 'POST', url: '/api/settings', token, payload: { ...current, churchName: 'Grace Chapel Plain' } });
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<link rel="preload" as="fetch" href="/api/settings/public"');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('never serves the renderer itself', async () => {
    const res = await t.request({ method: 'GET', url: '/ssr/entry-server.js' });
    expect(res.body).not.toContain('configureRenderer');
  });
});

describe('composing the home page', () => {
  it('keeps replacement patterns in page text as written', () => {
    const page = { html: "$' $` $&", loadingHtml: '', state: '{}', title: '$&' };
    const html = composeHomeHtml(TEMPLATE, [], page, REVEAL);
    expect(html).toContain('<div id="root">$\' $` $&</div>');
    expect(html).toContain('<title>$&amp;</title>');
  });

  it('puts preloads at the marker and stylesheets at the end of <head>', () => {
    const html = withHomeHead('<head><!--home-preloads--><link rel="stylesheet" href="/a.css"></head>', PRELOADS);
    expect(html.indexOf('as="image"')).toBeLessThan(html.indexOf('/a.css'));
    expect(html.indexOf('/assets/home-page.css')).toBeGreaterThan(html.indexOf('/a.css'));
  });
});
