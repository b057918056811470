import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const MARKER = '<!--home-preloads-->';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html
 * always revalidates. The home page gets its data and hero-image preloads
 * written into the HTML, so they download while the JavaScript does (other
 * routes fall back to index.html in the not-found handler).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDistDir: string }) => {
  if (!fs.existsSync(opts.webDistDir)) return;
  await app.register(fastifyStatic, {
    root: opts.webDistDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  let cached: { mtimeMs: number; html: string } | undefined;
  function homeHtml(): string {
    const indexFile = path.join(opts.webDistDir, 'index.html');
    const mtimeMs = fs.statSync(indexFile).mtimeMs;
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const preloadsFile = path.join(opts.webDistDir, 'home-preloads.html');
      const preloads = fs.existsSync(preloadsFile) ? fs.readFileSync(preloadsFile, 'utf8').trim() : '';
      cached = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8').replace(MARKER, preloads) };
    }
    return cached.html;
  }

  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(homeHtml()),
  );
});
