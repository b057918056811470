import { describe, expect, it } from 'vitest';
import { createUpstream } from './upstream';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the Bible service connection', () => {
  it('counts as unreachable after a call that could not connect, until one answers or the wait is over', async () => {
    let online = false;
    const fetch = (async () => {
      if (!online) throw new TypeError('fetch failed');
      return json({ ok: true });
    }) as typeof globalThis.fetch;
    const up = createUpstream({ base: 'http://127.0.0.1:9', timeoutMs: 1000, cacheMs: 0, fetch, unreachableMs: 60_000 });
    expect(up.unreachable()).toBe(false); // nothing known yet: offered
    await expect(up.get('/a.json')).rejects.toMatchObject({ statusCode: 503 });
    expect(up.unreachable()).toBe(true);
    online = true;
    await up.get('/b.json');
    expect(up.unreachable()).toBe(false);
  });

  it('tries again once the wait is over', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    const up = createUpstream({ base: 'http://127.0.0.1:9', timeoutMs: 1000, cacheMs: 0, fetch, unreachableMs: 0 });
    await expect(up.get('/a.json')).rejects.toMatchObject({ statusCode: 503 });
    expect(up.unreachable()).toBe(false);
  });
});
