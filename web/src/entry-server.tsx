/**
 * Server-side render of the home page (built by scripts/build.mjs into
 * dist/ssr; loaded by server/src/plugins/web-app.ts). The visitor sees the
 * page as soon as the HTML, CSS and hero images arrive instead of after the
 * JavaScript has booted, and search engines read the church's details.
 * main.tsx hydrates the same tree from the embedded query cache.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/routes';
import { setApiTransport } from './lib/api-client';
import { beginAdoptingServerHtml } from './lib/server-html';
import { HOME_QUERIES } from './features/public-site/prefetch';
import { publicSettingsQuery } from './components/site/public-settings-query';
import { LoadingScreen } from './features/public-site/components/loading-screen';

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

/** Null when a source failed: the browser then loads the page itself, with its per-section fallbacks. */
export async function renderHome(): Promise<RenderedHome | null> {
  const queryClient = createQueryClient();
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
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const loadingHtml = renderToString(<LoadingScreen />);
  const title = queryClient.getQueryData(publicSettingsQuery.queryKey)?.churchName ?? null;
  const state = JSON.stringify(dehydrate(queryClient));
  // Drop the cache now rather than keep it (and its garbage-collection timers) alive for minutes.
  queryClient.clear();
  return { html, loadingHtml, state, title };
}
