import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { AppProviders, createQueryClient } from './app/providers';
import { router, routerReady } from './app/router';
import { countPageViews } from './lib/page-views';
import { beginAdoptingServerHtml, SERVER_STATE_ID } from './lib/server-html';
import { startI18n } from './lib/i18n/i18n';

let markInteractive!: () => void;
const interactive = new Promise<void>((resolve) => (markInteractive = resolve));

/** Marks <html data-hydrated> (and a performance mark) once React has committed the first page: its buttons work from here. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
    performance.mark('app-hydrated');
    markInteractive();
  }, []);
  return null;
}

const queryClient = createQueryClient();
const rootElement = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <MarkHydrated />
    </AppProviders>
  </StrictMode>
);

// The server rendered the home page (server/src/plugins/web-app.ts): adopt its
// HTML with the query cache it was rendered from, once the page's code is here.
const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
if (serverState) {
  hydrate(queryClient, JSON.parse(serverState));
  beginAdoptingServerHtml();
  // The page was rendered in the language the server chose (<html data-locale>); its messages come first.
  void Promise.all([routerReady(), startI18n()]).then(() => {
    hydrateRoot(rootElement, app, {
      // A mismatch is recovered by rendering on the client; say so, for tests and developers.
      onRecoverableError: (error) => console.error('Hydration mismatch:', error),
    });
  });
} else {
  // Most first visits land on the home page: start its code, data and images while React boots.
  if (window.location.pathname === '/') void import('./features/public-site/prefetch').then((m) => m.prefetchHome(queryClient));
  void startI18n().then(() => createRoot(rootElement).render(app));
}

// The installed app's service worker, in its own chunk: once the page has loaded and React has made it
// interactive (issue 18), so neither its code nor the worker's downloads compete with the first page.
if (import.meta.env.PROD) {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.all([loaded, interactive]).then(() =>
    setTimeout(() => void import('./lib/service-worker').then((m) => m.registerServiceWorker()).catch(() => {}), 0),
  );
}

// Our own cookie-free page-view counting (Website analytics).
countPageViews(router);
