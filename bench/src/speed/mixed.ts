// Issue 16: RSS of the real server (as `npm start` runs it, demo church) over a long mixed load, to show it
// does not grow, then after an export (PDF members report through the job queue). Writes
// bench/reports/speed-mixed.md (one section per engine, appended by engine).
//
//   node --import tsx bench/src/speed/mixed.ts       BENCH_ENGINES=pglite|postgres  BENCH_MIXED_SECONDS=600  BENCH_PORT=4510 (and +1)  BENCH_MIXED_DB=speed_mixed
//
// The load, all at once, bounded: 6 anonymous visitors browsing (home page, events, one event, sermons,
// settings), 2 members signing in again and again (login, who am I, their events, their giving history),
// 1 pastor reading the dashboard, a bank-transfer gift every 3 s (the 8 demo accounts in turn, idempotency key each), and
// 20 chat sockets in one room with one member posting a message every second. RSS is sampled every 10 s.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../../../server/src/db/seed/people';
import { ROOT, round, rssMb, writeReportLines } from '../lib';
import { loadAvg } from './load';
import { startProduct, stopProduct, untilBibleSearchable } from './product';

const PORT = process.env.BENCH_PORT ?? '4510';
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 600);
const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const SAMPLE_MS = 10_000;
/** The PostgreSQL database made anew for the run (BENCH_MIXED_DB), beside BENCH_PG's. */
const PG_DB = process.env.BENCH_MIXED_DB ?? 'speed_mixed';
/** Everyone in the demo church who signs in with the demo password: gifts are spread over them (below). */
const GIVERS = ['deacon', 'elder', 'member', 'volunteer', 'developer', 'admin', 'superadmin', 'pastor'].map((r) => `${r}@demo.church`);
const GIFT_EVERY_MS = 3000;

async function json<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

async function run(engine: 'pglite' | 'postgres', port: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speed-mixed-'));
  const env: Record<string, string> = {
    PORT: port,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOGIN_MAX_PER_IP: '100000',
    LOGIN_MAX_PER_ACCOUNT: '100000',
    BIBLE_API_BASE: 'http://127.0.0.1:9/x',
  };
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_DB} with (force)`);
    await admin.query(`create database ${PG_DB}`);
    await admin.end();
    env.DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${PG_DB}`);
  }
  // A first start makes the database (and the demo church); the measured one is a warm start.
  // It also finishes the shipped Bible's import (a child process on PostgreSQL), which would otherwise run again during the load.
  const first = await startProduct(env, [], 600_000);
  await untilBibleSearchable(first.url, first.startedAt);
  await stopProduct(first.proc);
  const server = await startProduct(env, [], 600_000);
  const base = server.url;
  const pid = server.proc.pid!;
  const login = (email: string) =>
    json<{ token: string }>(
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      }),
    ).then((r) => r.token);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const pastor = await login('pastor@demo.church');
  const member = await login('member@demo.church');
  const givers = await Promise.all(GIVERS.map(login));
  const admin = await login('admin@demo.church');
  const rooms = await json<{ data: { rooms: Array<{ id: string; name: string }> } }>(
    fetch(`${base}/api/chat/rooms`, { headers: auth(admin) }),
  );
  const room = rooms.data.rooms[0]!.id;
  await fetch(`${base}/api/chat/rooms/${room}/join`, { method: 'POST', headers: auth(member) });
  const events = await json<{ data: { events: Array<{ id: string }> } }>(fetch(`${base}/api/events`));

  await new Promise((r) => setTimeout(r, 3000));
  const samples: Array<{ s: number; rss: number }> = [{ s: 0, rss: rssMb(pid) }];
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const counts = { requests: 0, failed: 0, limited: 0, chatReceived: 0 };
  /** Every answer that was not 2xx, by what was asked and its status: a failure is reported with its cause. */
  const notOk = new Map<string, number>();
  const tally = (what: string, status: number | string) => {
    counts.requests += 1;
    if (typeof status === 'number' && status < 400) return;
    // 429 is the server's own limit answering as it should (e.g. 30 gifts an hour per person), not an error.
    if (status === 429) counts.limited += 1;
    else counts.failed += 1;
    const key = `${what} → ${status}`;
    notOk.set(key, (notOk.get(key) ?? 0) + 1);
  };
  const ask = async (what: string, url: string, init: RequestInit = {}) => {
    const r = await fetch(`${base}${url}`, init);
    tally(what, r.status);
    await r.arrayBuffer();
  };
  const get = (url: string, headers: Record<string, string> = {}) => ask(`GET ${url.replace(/[0-9a-f-]{36}/g, ':id')}`, url, { headers });
  const loop = async (fn: (i: number) => Promise<unknown>, pauseMs = 0) => {
    for (let i = 0; performance.now() < until; i++) {
      await fn(i).catch((err: unknown) => tally('(no answer)', String((err as Error).cause ?? err)));
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const pages = ['/', '/api/events', `/api/events/${events.data.events[0]?.id}`, '/api/sermons/public', '/api/settings/public'];
  const sockets = await Promise.all(
    Array.from({ length: 20 }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${member}`);
      ws.on('message', () => (counts.chatReceived += 1));
      return new Promise<WebSocket>((resolve, reject) => {
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    }),
  ).catch(() => [] as WebSocket[]);
  const sampler = setInterval(() => samples.push({ s: round((performance.now() - started) / 1000, 0), rss: rssMb(pid) }), SAMPLE_MS);
  await Promise.all([
    ...Array.from({ length: 6 }, (_, v) => loop((i) => get(pages[(i + v) % pages.length]!), 20)),
    ...Array.from({ length: 2 }, () =>
      loop(async (i) => {
        const token = await login(i % 2 ? 'member@demo.church' : 'elder@demo.church');
        tally('POST /api/auth/login', 200);
        for (const url of ['/api/auth/me', '/api/events', '/api/giving/user-history']) await get(url, auth(token));
      }, 100),
    ),
    loop(() => get('/api/dashboard/pastor', auth(pastor)), 200),
    // A gift every 3 s, each by the next of the demo church's people: one person may give 30 times an hour
    // (giving/service.ts), and 10 minutes of one giver every 2 s met that limit (429) after the first minute.
    loop(
      (i) =>
        ask('POST /api/giving', '/api/giving', {
          method: 'POST',
          headers: {
            ...auth(givers[i % givers.length]!),
            'content-type': 'application/json',
            'idempotency-key': `mixed-${Date.now()}-${i}`,
          },
          // By bank transfer: the demo church has no card account set up, and a card gift is refused (400) there.
          body: JSON.stringify({ amount: 50 + (i % 20), paymentMethod: 'bank', fund: 'General' }),
        }),
      GIFT_EVERY_MS,
    ),
    loop(
      (i) =>
        ask('POST /api/chat/rooms/:id/messages', `/api/chat/rooms/${room}/messages`, {
          method: 'POST',
          headers: { ...auth(member), 'content-type': 'application/json' },
          body: JSON.stringify({ content: `Mixed load message ${i}` }),
        }),
      1000,
    ),
  ]);
  clearInterval(sampler);
  for (const ws of sockets) ws.close();
  samples.push({ s: round((performance.now() - started) / 1000, 0), rss: rssMb(pid) });
  const loadAfterMix = loadAvg();

  // An export through the job queue, then RSS once it is done (and 10 s later).
  const requested = await json<{ data: { export: { id: string } } }>(
    fetch(`${base}/api/exports`, {
      method: 'POST',
      headers: { ...auth(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ reportType: 'members', format: 'pdf', dateRange: 'this_year' }),
    }),
  );
  const exportId = requested.data.export.id;
  let status = '';
  const exportStarted = performance.now();
  while (performance.now() - exportStarted < 120_000) {
    status = (await json<{ data: { export: { status: string } } }>(fetch(`${base}/api/exports/${exportId}`, { headers: auth(admin) }))).data
      .export.status;
    if (status === 'ready' || status === 'failed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const afterExport = rssMb(pid);
  await new Promise((r) => setTimeout(r, 10_000));
  const afterExportIdle = rssMb(pid);
  await stopProduct(server.proc);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const half = samples.filter((x) => x.s >= SECONDS / 2);
  const slope = half.length > 1 ? (half.at(-1)!.rss - half[0]!.rss) / ((half.at(-1)!.s - half[0]!.s) / 60) : NaN;
  return { engine, samples, counts, notOk, slope, status, afterExport, afterExportIdle, loadAfterMix };
}

// The visitors ask for the home page: without the web app built (npm start's prestart builds it) that is a 404,
// which made a fifth of the visitors' requests "fail" in the first runs of this bench.
execFileSync(process.execPath, ['scripts/build-web-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });

const loadBefore = loadAvg();
const lines = [
  '# Speed: RSS over a mixed load (issue 16)',
  '',
  `Measured ${new Date().toISOString()} on ${os.cpus().length} cores, Node ${process.version}; load average at the start ${loadBefore}.`,
  `Command: \`node --import tsx bench/src/speed/mixed.ts\` (BENCH_MIXED_SECONDS=${SECONDS}). The server runs as \`npm start\` runs it,`,
  'warm start on the demo church. Load, all at once: 6 anonymous visitors browsing (home page, events, one event, sermons, settings),',
  '2 members signing in again and again (login, who am I, events, giving history), the pastor dashboard every 200 ms, a bank-transfer gift',
  'every 3 s (by each of the 8 demo accounts in turn), 20 chat sockets in one room and a message posted every second. Then a PDF members',
  'report through the job queue. Answers that are not 2xx/3xx are counted by request and status; 429 (a limit of the server answering',
  'as it should) apart from failures.',
  'Both engines run at the same time (each its own server), so each shares the machine with the other as well.',
  '',
];
// The engines run side by side (each its own server and port, the load per server bounded, not a throughput
// measure): half the wall time on a machine where benches queue for the lock.
const results = await Promise.all(ENGINES.map((engine, i) => run(engine, String(Number(PORT) + i))));
for (const r of results) {
  const rss = r.samples.map((x) => x.rss);
  lines.push(
    `## ${r.engine === 'pglite' ? 'PGlite (embedded, default)' : 'PostgreSQL 15'}`,
    '',
    `Load average after the mixed load: ${r.loadAfterMix}. ${r.counts.requests.toLocaleString('en-US')} requests: ${r.counts.failed} failed, ${r.counts.limited} limited (429), ${r.counts.chatReceived.toLocaleString('en-US')} chat frames received.`,
    '',
    ...(r.notOk.size ? ['Not 2xx/3xx: ' + [...r.notOk].map(([k, n]) => `${k}: ${n}`).join('; ') + '.', ''] : []),
    '| measure | value |',
    '| --- | --- |',
    `| RSS at the start of the load | ${rss[0]} MB |`,
    `| RSS at the end of the load (${SECONDS} s) | ${rss.at(-1)} MB |`,
    `| RSS min / max during the load | ${Math.min(...rss)} / ${Math.max(...rss)} MB |`,
    `| RSS trend over the second half | ${round(r.slope, 2)} MB/min |`,
    `| RSS right after the export (${r.status}) | ${r.afterExport} MB |`,
    `| RSS 10 s after the export | ${r.afterExportIdle} MB |`,
    '',
    `RSS every ${SAMPLE_MS / 1000} s (MB): ${rss.join(', ')}`,
    '',
  );
}
writeReportLines('speed-mixed', lines);
