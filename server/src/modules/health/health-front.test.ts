import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PING_FRESH_MS } from './routes';

// GET /api/health answered by the HTTP server in front of Fastify (plugins/kept-answers-server.ts) while the
// route's last answer still holds: the same bytes and headers over real HTTP, never a failed check, never stale.
let t: TestApp;
let base: string;
const lines: Array<Record<string, unknown>> = [];
const frontLines = () => lines.filter((l) => l.kept === true).length;
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers.entries()].filter(([k]) => !['date', 'keep-alive', 'connection', 'x-request-id'].includes(k)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the uptime second just turned, so the next checks fall within one second. */
async function startOfSecond() {
  const s = Math.round(process.uptime());
  while (Math.round(process.uptime()) === s) await sleep(5);
}

beforeAll(async () => {
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  t = await createTestApp({}, { logger: { level: 'info', stream } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('health in front of Fastify', () => {
  it("repeats the route's own answer, headers included, with a request id of its own", async () => {
    await startOfSecond();
    const first = await fetch(`${base}/api/health`);
    const firstBody = await first.text();
    const before = frontLines();
    const second = await fetch(`${base}/api/health`);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(frontLines()).toBe(before + 1);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('goes back to the route when the uptime it reported has moved on', async () => {
    await startOfSecond();
    const first = (await (await fetch(`${base}/api/health`)).json()) as { data: { uptimeSeconds: number } };
    await startOfSecond();
    const before = frontLines();
    const next = (await (await fetch(`${base}/api/health`)).json()) as { data: { uptimeSeconds: number } };
    expect(frontLines()).toBe(before);
    expect(next.data.uptimeSeconds).toBe(first.data.uptimeSeconds + 1);
  });

  it("says how far the shipped Bible's import is, and a kept answer never outlives a change of it", async () => {
    const state = async () => ((await (await fetch(`${base}/api/health`)).json()) as { data: { bibleImport: string } }).data.bibleImport;
    expect(await state()).toBe('none');
    t.ctx.startup.bibleImport = 'importing';
    try {
      // A fresh ping (the last one is let go stale) and one uptime second: only the state could keep the
      // next answer from being the kept one.
      await sleep(PING_FRESH_MS + 50);
      await startOfSecond();
      expect(await state()).toBe('importing');
      // Kept again once the route answered the new state.
      const before = frontLines();
      expect(await state()).toBe('importing');
      expect(frontLines()).toBe(before + 1);
      t.ctx.startup.bibleImport = 'done';
      expect(await state()).toBe('done');
    } finally {
      t.ctx.startup.bibleImport = 'none';
    }
  });

  it('never answers for a database that stopped answering', async () => {
    await fetch(`${base}/api/health`);
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('down'));
    try {
      await sleep(PING_FRESH_MS + 50);
      const before = frontLines();
      const down = await fetch(`${base}/api/health`);
      expect(down.status).toBe(503);
      const again = await fetch(`${base}/api/health`);
      expect(again.status).toBe(503);
      expect(frontLines()).toBe(before);
    } finally {
      t.database.ping = ping;
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
