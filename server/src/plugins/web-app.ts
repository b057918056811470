import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HERO_WAIT_FOR, HERO_WIDTHS, heroPictures, imageSrc, imageSrcSet } from '@church/contract/site-content-constants';
import { composeHomeHtml, createHomeRenderer, withHomeHead } from './home-render';
import { pageLocale, withPageLocale } from './page-locale';

/**
 * The church's first hero pictures, preloaded with the HTML: they are what the
 * loading screen waits for and the page's largest paint. Read from the public
 * settings (kept in memory by the public cache until the settings change).
 */
async function heroPreloads(app: FastifyInstance): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/api/settings/public' });
  const slides = res.statusCode === 200 ? ((res.json() as { data?: { heroSlides?: { image: string }[] } }).data?.heroSlides ?? []) : [];
  // The addresses passed the settings' own pattern (stock names or uploaded ids): nothing to escape.
  return heroPictures(slides)
    .slice(0, HERO_WAIT_FOR)
    .map(
      (image) =>
        `<link rel="preload" as="image" fetchpriority="high" href="${imageSrc(image, 1280)}" imagesrcset="${imageSrcSet(image, HERO_WIDTHS)}" imagesizes="100vw" />`,
    );
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html
 * always revalidates. The home page is rendered on the server when the build
 * has a renderer (see home-render.ts), with its hero images preloaded; if
 * rendering fails it falls back to the plain page with its data requests
 * preloaded too, so they download while the JavaScript does. Other routes
 * fall back to index.html in the not-found handler.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDistDir: string }) => {
  if (!fs.existsSync(opts.webDistDir)) return;
  await app.register(fastifyStatic, {
    root: opts.webDistDir,
    // One route for every file (a route per file took ~45 ms of each start for ~270 files); a path that is
    // not a file falls through to the not-found handler, which serves the app (index.html) as before.
    wildcard: true,
    index: false,
    // The server renderer lives beside the assets but is not a public file.
    allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  let files: { mtimeMs: number; template: string; preloads: string[] } | undefined;
  function readFiles() {
    const indexFile = path.join(opts.webDistDir, 'index.html');
    const mtimeMs = fs.statSync(indexFile).mtimeMs;
    if (!files || files.mtimeMs !== mtimeMs) {
      const preloadsFile = path.join(opts.webDistDir, 'home-preloads.html');
      const preloads = fs.existsSync(preloadsFile) ? fs.readFileSync(preloadsFile, 'utf8').trim().split('\n') : [];
      files = { mtimeMs, template: fs.readFileSync(indexFile, 'utf8'), preloads };
    }
    return files;
  }

  const renderer = createHomeRenderer(app, opts.webDistDir);
  if (renderer) {
    // The render shows public settings, events and sermons: it goes when the public cache hears that
    // any of them changed (a write here or on another instance, through the bus; see public-cache.ts).
    app.publicCache.onChange(() => renderer.invalidate());
  }

  // The installed app's manifest names the church from its settings (issue 18), not a fixed product name.
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const res = await app.inject({ method: 'GET', url: '/api/settings/public' });
    const name = res.statusCode === 200 ? String((res.json() as { data?: { churchName?: string } }).data?.churchName ?? '') : '';
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
    return reply.send(JSON.stringify(webAppManifest(name || 'Church')));
  });

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    // In the visitor's language (issue 36): a shared cache must keep one copy per cookie and languages.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language');
    const locale = await pageLocale(app, request);
    const { template: file, preloads: fixed } = readFiles();
    const template = withPageLocale(file, locale);
    const [page, images] = await Promise.all([
      renderer?.page(locale).catch((err: unknown) => {
        app.log.error({ err }, 'home page render failed; serving the page without it');
        return null;
      }),
      heroPreloads(app).catch(() => [] as string[]),
    ]);
    const preloads = [...fixed, ...images];
    if (!renderer || !page) return reply.send(withHomeHead(template, preloads));
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${renderer.revealScriptHash}`));
    // Rendered: the data is in the page; only the images are worth preloading.
    return reply.send(
      composeHomeHtml(
        template,
        preloads.filter((l) => !l.includes('as="fetch"') && !l.includes('rel="modulepreload"')),
        page,
        renderer.revealScript,
      ),
    );
  });
});

/** The web app manifest: the church's name, the app's icons, and the member's home as the start page. */
export function webAppManifest(churchName: string) {
  // Home-screen labels fit about 12 characters: the first word(s) that fit, else the start of the name.
  const words = churchName.split(/\s+/).filter(Boolean);
  let short = '';
  for (const w of words) {
    if ((short ? `${short} ${w}` : w).length > 12) break;
    short = short ? `${short} ${w}` : w;
  }
  return {
    name: churchName,
    short_name: short || churchName.slice(0, 12),
    description: `${churchName}: sermons, events, prayer, giving, chat and the Bible.`,
    start_url: '/mobile/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#f8f9fa',
    theme_color: '#1c3d5a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
