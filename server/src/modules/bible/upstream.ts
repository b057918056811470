import { BoundedCache } from '@church/contract/bible/cache';
import { HELPER_ERRORS } from '@church/contract/bible/texts';
import { HttpError } from '../../lib/errors';

/** Spec 000 §8 Bible helper errors, as our service reports them. */
export const UPSTREAM_HTML = HELPER_ERRORS.html;
export const UPSTREAM_NOT_JSON = HELPER_ERRORS.notJson;
export const UPSTREAM_UNREACHABLE = HELPER_ERRORS.fetchFailed('the Bible service could not be reached. Please try again later.');
export const UPSTREAM_TIMEOUT = HELPER_ERRORS.fetchFailed('the Bible service did not answer in time. Please try again later.');

export interface UpstreamOptions {
  base: string;
  timeoutMs: number;
  cacheMs: number;
  /** Distinct paths kept (books lists and chapters). */
  maxEntries?: number;
  fetch?: typeof fetch;
  /** After a call could not reach the service, remote translations count as unreadable this long (then one is tried again). */
  unreachableMs?: number;
}

/**
 * The third-party Free Use Bible API behind a server-side cache: each answer
 * is fetched once per cacheMs for every member, concurrent requests for the
 * same path share one call, and every call has a timeout.
 */
export function createUpstream(opts: UpstreamOptions) {
  const doFetch = opts.fetch ?? fetch;
  const cache = new BoundedCache<string, { at: number; body: unknown }>(opts.maxEntries ?? 2000);
  const inFlight = new Map<string, Promise<unknown>>();
  let calls = 0;
  /** When a call last failed to reach the service (no network, DNS, timeout); null once one answers. */
  let unreachableAt: number | null = null;

  async function load(path: string): Promise<unknown> {
    calls += 1;
    let res: Response;
    try {
      res = await doFetch(`${opts.base}${path}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (err) {
      const name = (err as Error).name;
      unreachableAt = Date.now();
      if (name === 'TimeoutError' || name === 'AbortError') throw new HttpError(504, UPSTREAM_TIMEOUT);
      throw new HttpError(503, UPSTREAM_UNREACHABLE);
    }
    unreachableAt = null;
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      // A missing chapter stays a 404; anything else is the other service's failure.
      throw new HttpError(res.status === 404 ? 404 : 502, HELPER_ERRORS.fetchFailed(`${res.status} ${res.statusText}`.trim()));
    }
    if (type.includes('text/html')) {
      await res.body?.cancel().catch(() => {});
      throw new HttpError(502, UPSTREAM_HTML);
    }
    if (!type.includes('application/json')) {
      await res.body?.cancel().catch(() => {});
      throw new HttpError(502, UPSTREAM_NOT_JSON);
    }
    try {
      return await res.json();
    } catch {
      throw new HttpError(502, UPSTREAM_NOT_JSON);
    }
  }

  return {
    /** GET {base}{path} as JSON, from the cache when fresh. */
    async get(path: string): Promise<unknown> {
      const hit = cache.get(path);
      if (hit && Date.now() - hit.at < opts.cacheMs) return hit.body;
      const pending = inFlight.get(path);
      if (pending) return pending;
      const promise = load(path)
        .then((body) => {
          cache.set(path, { at: Date.now(), body });
          return body;
        })
        .finally(() => inFlight.delete(path));
      inFlight.set(path, promise);
      return promise;
    },
    /**
     * Whether the service could not be reached lately (load-shedding takes the router down with the lights): the
     * reader then offers only what this server holds, and says why, instead of a chip that fails on the click.
     */
    unreachable(): boolean {
      return unreachableAt !== null && Date.now() - unreachableAt < (opts.unreachableMs ?? 5 * 60_000);
    },
    /** How many calls went out (tests read it to prove caching). */
    get calls() {
      return calls;
    },
    clear: () => cache.clear(),
  };
}
export type Upstream = ReturnType<typeof createUpstream>;
