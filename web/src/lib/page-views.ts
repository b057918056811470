interface RouterLike {
  state: { location: { pathname: string } };
  subscribe(fn: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * Reports each page a person sees to our own cookie-free counter
 * (POST /api/analytics/pageview): the path, and on the first page of a visit
 * the referring address, which the server reduces to direct/search/social or a
 * host name. No cookie or identifier is kept in the browser.
 */
export function countPageViews(router: RouterLike) {
  if (typeof navigator === 'undefined' || navigator.webdriver) return;
  let last: string | null = null;
  let landing = true;
  const send = (path: string) => {
    if (path === last) return;
    last = path;
    const body = JSON.stringify({ path, referrer: landing ? document.referrer : '', landing });
    landing = false;
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/analytics/pageview', blob)) {
      void fetch('/api/analytics/pageview', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        keepalive: true,
      }).catch(() => {});
    }
  };
  send(router.state.location.pathname);
  router.subscribe((state) => send(state.location.pathname));
}
