import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The request log as an operator reads it (plugins/access-log.ts): one line per answer, naming method, route
// pattern, status, time and request id; kept answers the same; nothing for routes that keep quiet.
let t: TestApp;
let base: string;
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];

beforeAll(async () => {
  const stream = {
    write: (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  t = await createTestApp({ PUBLIC_CACHE_SECONDS: '30' }, { logger: { level: 'info', stream } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const linesFor = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('the access log', () => {
  it('writes one line per request with method, route pattern, status, time and request id — no query string', async () => {
    const res = await fetch(`${base}/api/events/not-a-uuid?secret=swordfish`);
    const reqId = res.headers.get('x-request-id')!;
    await expect.poll(() => linesFor(reqId).length).toBe(1);
    const [line] = linesFor(reqId);
    expect(line).toMatchObject({ method: 'GET', route: '/api/events/:id', status: res.status, msg: `GET /api/events/:id ${res.status}` });
    // Named once (the request's own logger names it).
    expect(raw.find((l) => l.includes(reqId))!.split('"reqId"').length - 1).toBe(1);
    expect(typeof line!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('swordfish');
    // Fastify's own pair of lines is off.
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('names an unmatched request by its path, and a kept answer like any other', async () => {
    const missing = await fetch(`${base}/api/no-such-route?q=x`);
    await expect.poll(() => linesFor(missing.headers.get('x-request-id')!)).toEqual([
      expect.objectContaining({ method: 'GET', route: '/api/no-such-route', status: 404 }),
    ]);
    await fetch(`${base}/api/events`);
    const kept = await fetch(`${base}/api/events`);
    await expect.poll(() => linesFor(kept.headers.get('x-request-id')!)).toEqual([
      expect.objectContaining({ method: 'GET', route: '/api/events', status: 200, kept: true }),
    ]);
  });

  it('keeps quiet for routes that ask to (page views: no address is logged)', async () => {
    const before = lines.length;
    const res = await fetch(`${base}/api/analytics/pageview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/', landing: true }),
    });
    expect(res.status).toBe(204);
    await fetch(`${base}/api/health/ready`);
    // Access lines only: background work (the job queue starting) may log lines of its own meanwhile.
    const accessLines = () => lines.slice(before).filter((l) => 'route' in l);
    await expect.poll(() => accessLines().map((l) => l.route)).toEqual(['/api/health/ready']);
  });
});

describe('the asynchronous standard output', () => {
  // A child process logs through asyncStdout and leaves at once: by process.exit, and by an uncaught exception.
  const script = (end: string) => `
    import pino from 'pino';
    import { asyncStdout } from ${JSON.stringify(path.join(import.meta.dirname, 'access-log.ts'))};
    const log = pino({}, asyncStdout());
    for (let i = 0; i < 20000; i++) log.info({ i }, 'line');
    ${end}`;
  const run = (end: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(end)], {
      cwd: path.join(import.meta.dirname, '../..'),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });

  it.each([
    ['process.exit', 'process.exit(0);'],
    ['an uncaught exception', "setImmediate(() => { throw new Error('boom'); });"],
  ])('writes every queued line before the process ends by %s', (_name, end) => {
    const out = run(end);
    const written = out.stdout.split('\n').filter(Boolean);
    expect(written.length).toBe(20000);
    expect(JSON.parse(written.at(-1)!)).toMatchObject({ i: 19999, msg: 'line' });
  });
});
