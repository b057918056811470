import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The browser's router (the server renders the home page from the same routes: entry-server.tsx). */
export const router = createBrowserRouter(routes);

/** Resolves once the first route's lazy code has loaded, so hydration renders what the server did. */
export function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
