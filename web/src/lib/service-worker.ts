/**
 * The installed app (issue 18): registers /sw.js once the page has loaded, so
 * the home page's first load does not carry it (main.tsx imports this module
 * lazily). Tells the worker what the page loaded before it took control (the
 * app's code, the Bible chapter on screen), and offers a reload when a new
 * version has been deployed.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });

  const sendLoaded = () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.startsWith(location.origin));
    navigator.serviceWorker.controller?.postMessage({ type: 'cache-urls', urls });
  };
  if (navigator.serviceWorker.controller) sendLoaded();
  else navigator.serviceWorker.addEventListener('controllerchange', sendLoaded, { once: true });

  // A worker waiting while an older one controls the page is a new deploy: ask before switching.
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) void promptUpdate(worker);
  };
  const watch = (installing: ServiceWorker | null) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  offer(registration.waiting);
  // The browser checks for a new worker on every page load: it may already be installing.
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));

  // An installed app stays open for days without a page load: look for a new deploy each time the member comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {});
  });
}

async function promptUpdate(worker: ServiceWorker) {
  const { showUpdatePrompt } = await import('./update-prompt');
  showUpdatePrompt(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage({ type: 'skip-waiting' });
  });
}
