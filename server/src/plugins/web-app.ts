import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { composeHomeHtml, createHomeRenderer, withHomeHead } from './home-render';

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
    wildcard: false,
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
    // Any successful API write may change what the home page shows.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/'))
        renderer.invalidate();
    });
  }

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const { template, preloads } = readFiles();
    const page = await renderer?.page().catch((err: unknown) => {
      app.log.error({ err }, 'home page render failed; serving the page without it');
      return null;
    });
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
