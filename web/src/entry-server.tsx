/**
 * Server-side render of the home page (built by scripts/build.mjs into
 * dist/ssr; loaded by server/src/plugins/web-app.ts). The visitor sees the
 * page as soon as the HTML, CSS and hero images arrive instead of after the
 * JavaScript has booted, and search engines read the church's details.
 * main.tsx hydrates the same tree from the embedded query cache.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/routes';
import { setApiTransport } from './lib/api-client';
import { beginAdoptingServerHtml } from './lib/server-html';
import { HOME_QUERIES } from './features/public-site/prefetch';
import { publicSettingsQuery } from './components/site/public-settings-query';
import { LoadingScreen } from './features/public-site/components/loading-screen';
import { createI18n, loadNamespaces } from './lib/i18n/i18n';
import { START_NAMESPACES, toAnyLocale, SOURCE_LOCALE } from '@church/contract/i18n/locales';

export interface RenderedHome {
  /** The page, for inside #root. */
  html: string;
  /** The loading screen, shown over the page until the hero images have loaded. */
  loadingHtml: string;
  /** The query cache the page was rendered from, as JSON. */
  state: string;
  /** The church's name, for the page title. */
  title: string | null;
}

// Every render on the server is the adopted first render of the home page.
beginAdoptingServerHtml();

/** The page's queries are answered by `fetchImpl` (the server passes an in-process one). */
export function configureRenderer(fetchImpl: typeof fetch) {
  setApiTransport('http://server.internal', fetchImpl);
}

/**
 * Null when a source failed: the browser then loads the page itself, with its per-section fallbacks.
 * `locale`: the language the server chose for this visitor (server/src/plugins/page-locale.ts); the
 * browser hydrates in the same one. Each render has its own messages: renders in different languages
 * may run side by side.
 */
export async function renderHome(locale: string = SOURCE_LOCALE): Promise<RenderedHome | null> {
  const queryClient = createQueryClient();
  const i18n = createI18n();
  const language = toAnyLocale(locale) ?? SOURCE_LOCALE;
  await loadNamespaces(i18n, language, START_NAMESPACES);
  i18n.activate(language);
  try {
    // No retries: a visitor should not wait on a failing source; the browser's own requests retry.
    await Promise.all(HOME_QUERIES.map((q) => queryClient.fetchQuery({ ...q, retry: false })));
  } catch {
    return null;
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://server.internal/'));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const loadingHtml = renderToString(
    <I18nProvider i18n={i18n}>
      <LoadingScreen />
    </I18nProvider>,
  );
  const title = queryClient.getQueryData(publicSettingsQuery.queryKey)?.churchName ?? null;
  const state = JSON.stringify(dehydrate(queryClient));
  // Drop the cache now rather than keep it (and its garbage-collection timers) alive for minutes.
  queryClient.clear();
  return { html, loadingHtml, state, title };
}
