import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { importModule } from '../lib/import-module';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's successful writes can change what the server-rendered home
     * page shows (public settings, upcoming events, published sermons), so every
     * kept public answer and the kept render are dropped (plugins/public-cache.ts).
     * Other writes drop only the topic they are under (/api/events/...): an
     * anonymous contact form or visitor card cannot make every visitor pay a render.
     */
    changesHomePage?: boolean;
  }
}

/** Spread into a route's config: `config: { ...CHANGES_HOME_PAGE }`. */
export const CHANGES_HOME_PAGE = { changesHomePage: true } as const;

/** What web/src/entry-server.tsx exports (built to <webDistDir>/ssr/entry-server.js). */
interface HomeRendererModule {
  configureRenderer(fetchImpl: typeof fetch): void;
  renderHome(locale: string): Promise<{ html: string; loadingHtml: string; state: string; title: string | null } | null>;
}
export type RenderedHome = NonNullable<Awaited<ReturnType<HomeRendererModule['renderHome']>>>;

/** The renderer's requests are answered in-process, through the same routes, checks and schemas as any other. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.body, { status: res.statusCode, headers });
  };
}

/**
 * Loads the home page's server renderer when the build has one. A render
 * costs tens of milliseconds of CPU and every anonymous visitor gets the same
 * page, so a rendered page is reused until the public cache hears of a write to
 * what it shows (on any instance) and calls `invalidate`, or it is `freshMs` old; after that it is still served (up to
 * `maxAgeMs`) while a new one renders in the background. The browser
 * re-checks data older than its stale time after hydrating anyway.
 */
export function createHomeRenderer(app: FastifyInstance, webDistDir: string, freshMs = 60_000, maxAgeMs = 300_000) {
  const file = path.join(webDistDir, 'ssr', 'entry-server.js');
  const revealFile = path.join(webDistDir, 'home-reveal.js');
  if (!fs.existsSync(file) || !fs.existsSync(revealFile)) return null;
  // Loaded a moment after the server listens (plugins/after-start.ts: it does not slow the start) or by the first visitor.
  let loading: Promise<HomeRendererModule> | undefined;
  const load = () => {
    if (!loading) {
      loading = importModule<HomeRendererModule>(pathToFileURL(file).href).then((m) => {
        m.configureRenderer(injectFetch(app));
        return m;
      });
      loading.catch((err: unknown) => app.log.error({ err }, 'home page renderer failed to load; serving the page without it'));
    }
    return loading;
  };
  app.afterStart(() => load().catch(() => undefined));
  const revealScript = fs.readFileSync(revealFile, 'utf8').trim();

  // One kept render per language (issue 36): the page is the same for every visitor of a language.
  const last = new Map<string, { at: number; page: RenderedHome }>();
  const pending = new Map<string, Promise<RenderedHome | null>>();
  let generation = 0;
  const render = (locale: string) => {
    const started = generation;
    let p = pending.get(locale);
    if (!p) {
      p = load()
        .then((m) => m.renderHome(locale))
        .then((page) => {
          // A failed render is not kept (the next visitor tries again), nor one that began before a write.
          if (page && started === generation) last.set(locale, { at: Date.now(), page });
          else last.delete(locale);
          return page;
        })
        .finally(() => pending.delete(locale));
      pending.set(locale, p);
    }
    return p;
  };
  return {
    /** Inlined after the page (see web/public/home-reveal.js), allowed by its hash in the page's CSP. */
    revealScript,
    revealScriptHash: `'sha256-${createHash('sha256').update(revealScript).digest('base64')}'`,
    invalidate() {
      generation += 1;
      last.clear();
    },
    async page(locale: string): Promise<RenderedHome | null> {
      const kept = last.get(locale);
      const age = kept ? Date.now() - kept.at : Infinity;
      if (age <= freshMs) return kept!.page;
      if (age <= maxAgeMs) {
        render(locale).catch((err: unknown) => app.log.error({ err }, 'home page render failed'));
        return kept!.page;
      }
      return render(locale);
    },
  };
}

/** Inline JSON must not be able to close its <script> element. */
const scriptSafeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * Writes the home page's extra head lines into index.html: preloads early, at
 * the marker; the page chunk's stylesheets at the end of <head>, after the
 * app's own, so they win over Mantine's defaults as they do when loaded by
 * the JavaScript. Function replacements: page text may contain `$&` and the like.
 */
export function withHomeHead(template: string, lines: string[]): string {
  const isStylesheet = (l: string) => l.includes('rel="stylesheet"');
  return template
    .replace('<!--home-preloads-->', () => lines.filter((l) => !isStylesheet(l)).join('\n    '))
    .replace('</head>', () => `${lines.filter(isStylesheet).join('\n    ')}\n  </head>`);
}

/**
 * The home page as the server rendered it: the page inside #root (hidden
 * behind the loading screen until the hero images have loaded, by the
 * inlined home-reveal.js, which then starts the app), the query cache
 * main.tsx hydrates from, and the church's name as the title. Without
 * JavaScript the page shows at once.
 */
export function composeHomeHtml(template: string, headLines: string[], page: RenderedHome, revealScript: string): string {
  // The app's code is only downloaded here; the reveal script starts it once the revealed page has
  // painted (as a parser-inserted module it would run first and hold the paint back). Plain preloads,
  // not module preloads: those also compile on the main thread, which the first paint needs.
  // Vite's fixed markup is found with indexOf, not patterns: linear by construction.
  let app = '';
  const open = '<script type="module" crossorigin src="';
  const start = template.indexOf(open);
  const srcEnd = start < 0 ? -1 : template.indexOf('"', start + open.length);
  if (srcEnd > start + open.length && template.startsWith('"></script>', srcEnd)) {
    app = template.slice(start + open.length, srcEnd);
    template =
      template.slice(0, start) +
      `<link rel="preload" as="script" crossorigin href="${app}">` +
      template.slice(srcEnd + '"></script>'.length);
  }
  template = template.replaceAll('<link rel="modulepreload" crossorigin href="', '<link rel="preload" as="script" crossorigin href="');
  let html = withHomeHead(template, [
    ...headLines,
    '<style>html.home-loading #root{visibility:hidden}</style>',
    '<noscript><style>html.home-loading #root{visibility:visible}#home-loading-static{display:none}</style></noscript>',
  ])
    // Anchored at '<html' so a page of '<html<html…' cannot make the search quadratic.
    .replace(/<html\b([^<>]*)>/, (_m, attrs: string) => `<html${attrs} class="home-loading">`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="home-loading-static">${page.loadingHtml}</div><div id="root">${page.html}</div>` +
        `<script type="application/json" id="server-state">${scriptSafeJson(page.state)}</script>` +
        // Right after the page: it reveals the page as soon as the hero images are in.
        `<script data-app="${app}">${revealScript}</script>`,
    );
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title!)}</title>`);
  return html;
}
