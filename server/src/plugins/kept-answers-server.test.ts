import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { events } from '../db/schema/index';
import { eventsResponse } from '@church/contract/events';

// The kept answers of public reads, as a real client gets them over HTTP: the server in front of Fastify
// (kept-answers-server.ts) must send what the route sent, headers included, and nothing a caller may not see.
let t: TestApp;
let base: string;
const lines: Array<Record<string, unknown>> = [];
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  t = await createTestApp({ PUBLIC_CACHE_SECONDS: '30' }, { logger: { level: 'info', stream } });
  await t.database.db.insert(events).values({ title: 'Braai', startsAt: new Date(Date.now() + DAY) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers.entries()].filter(([k]) => !['date', 'keep-alive', 'connection'].includes(k)));
type EventsBody = { data: { events: Array<{ title: string; registered?: boolean }> } };
const keptLines = () => lines.filter((l) => l.kept === true).length;

describe('kept answers over HTTP', () => {
  it('are sent before Fastify with the same body and headers, a request id of their own', async () => {
    const first = await fetch(`${base}/api/events`);
    const firstBody = await first.text();
    expect(keptLines()).toBe(0);
    // Written straight into the database: only the kept answer can hide it.
    await t.database.db.insert(events).values({ title: 'Quiet insert', startsAt: new Date(Date.now() + 2 * DAY) });
    const second = await fetch(`${base}/api/events`);
    const secondBody = await second.text();
    expect(keptLines()).toBe(1);
    expect(secondBody).toBe(firstBody);
    eventsResponse.parse(JSON.parse(secondBody));
    const [a, b] = [headersOf(first), headersOf(second)];
    expect(b['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b['x-request-id']).not.toBe(a['x-request-id']);
    delete a['x-request-id'];
    delete b['x-request-id'];
    expect(b).toEqual(a);
    expect(b['x-content-type-options']).toBe('nosniff');
    expect(b['content-security-policy']).toBeDefined();
    expect(Number(b['content-length'])).toBe(Buffer.byteLength(secondBody));
    // A proxy's request id is kept, as Fastify keeps it.
    const traced = await fetch(`${base}/api/events`, { headers: { 'x-request-id': 'proxy-42' } });
    expect(traced.headers.get('x-request-id')).toBe('proxy-42');
  });

  it('revalidate to 304 with the ETag and no body', async () => {
    const first = await fetch(`${base}/api/events`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${base}/api/events`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-frame-options')).toBe(first.headers.get('x-frame-options'));
    expect(await again.text()).toBe('');
  });

  it('never go to a signed-in caller, and a write drops them at once', async () => {
    const member = await createUser(t);
    const pastor = await createUser(t, { role: 'pastor' });
    const signedIn = (await (
      await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${member.token}` } })
    ).json()) as EventsBody;
    expect(signedIn.data.events.map((e) => e.title)).toContain('Quiet insert');
    expect(signedIn.data.events[0]).toHaveProperty('registered', false);
    const created = await fetch(`${base}/api/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pastor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Youth Braai', date: '2031-03-14', time: '10:00', type: 'social' }),
    });
    expect(created.status).toBe(201);
    const after = (await (await fetch(`${base}/api/events`)).json()) as EventsBody;
    expect(after.data.events.map((e) => e.title)).toEqual(expect.arrayContaining(['Quiet insert', 'Youth Braai']));
    expect(after.data.events[0]).not.toHaveProperty('registered');
  });

  it('are counted in the request metrics like any other answer', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const count = async () => {
      const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${admin.token}` } })).text();
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_requests_total{') &&
            l.includes('route="/api/events"') &&
            l.includes('method="GET"') &&
            l.includes('status="200"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    await fetch(`${base}/api/events`);
    const before = await count();
    const keptBefore = keptLines();
    for (let i = 0; i < 3; i++) await fetch(`${base}/api/events`);
    expect(keptLines()).toBe(keptBefore + 3);
    expect(await count()).toBe(before + 3);
  });
});
