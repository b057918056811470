// The office at scale, through the real server process (issue 13 numbers):
//  - analytics overview at 10,000 members / 200,000 donations / 100,000 page views (budget ≤ 200 ms),
//    beside GET /api/auth/me measured the same way as the baseline of the same run;
//  - a bulk message to 10,000 members: queued (POST answered) ≤ 2 s, every in-app notification
//    written ≤ 30 s, and the API's p99 during the send ≤ 2× its idle p99 (a steady probe of
//    GET /api/auth/me, 20 requests a second, idle first, then while the job sends).
// Writes bench/reports/office.md.
//
//   node --import tsx bench/src/office.ts            (PGlite, the default install)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/src/office.ts
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import { seedPeople } from './seed/seed-people';
import { scratchPostgresDatabase } from './bench-database';
import { percentile, ROOT, round, startServer, stopServer, writeReport } from './lib';

const PORT = process.env.BENCH_PORT ?? '35302';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 200_000);
const PAGE_VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 100_000);
const EMAIL = 'bench.office@example.org';
const PASSWORD = 'Bench-office-2026!';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-office-bench-'));
const env: Record<string, string> = { DATA_DIR: dir, DEMO_DATA: 'false', BIBLE_BUNDLED: 'false', PORT, LOG_LEVEL: 'warn' };
let dropDb: (() => Promise<void>) | undefined;
const baseUrl = process.env.BENCH_DATABASE_URL;
if (baseUrl) {
  // A fresh database on the given server, dropped at the end.
  const scratch = await scratchPostgresDatabase(baseUrl, 'office_bench');
  env.DATABASE_URL = scratch.url;
  dropDb = scratch.drop;
}

const seedStarted = performance.now();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dir, 'db') });
await database.migrate();
await seedPeople(database.db, { members: MEMBERS, donations: DONATIONS, prayers: 200, events: 40 });
// Page views over the last year, as the cookie-free counter stores them (hashed visitor, no IP).
await database.db.execute(sql`
  insert into page_views (path, source, visitor, day, created_at)
  select (array['/','/sermons','/events','/about','/give','/contact'])[1 + (i % 6)],
    (array['direct','search','social','news.example.org'])[1 + (i % 4)],
    md5((i % 20000)::text), (now() - (i % 365) * interval '1 day')::date, now() - (i % 365) * interval '1 day'
  from generate_series(1, ${PAGE_VIEWS}::int) as i`);
await database.db.execute(sql`analyze`);
await database.close();
const seedSeconds = (performance.now() - seedStarted) / 1000;

const created = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'server/src/cli/admin-create.ts', '--name', 'Bench Office', '--email', EMAIL, '--password', PASSWORD],
  { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
);
if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr}`);
const { proc, url } = await startServer(env, 300_000);
const login = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
const token = ((await login.json()) as { token: string }).token;
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

async function timed(pathName: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}${pathName}`, { headers: auth });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${pathName} answered ${res.status}`);
  return performance.now() - t0;
}
async function series(pathName: string, n: number) {
  for (let i = 0; i < 3; i++) await timed(pathName); // warm
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push(await timed(pathName));
  return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)) };
}

// 1. Analytics overview, with the baseline measured the same way.
const me = await series('/api/auth/me', 30);
const monthly = await series('/api/analytics/overview?period=monthly', 30);
const yearly = await series('/api/analytics/overview?period=yearly', 30);

// BENCH_PROBE_LOG=<file>: each probe's start (epoch ms) and latency as JSON lines, to lay beside a server-side trace.
const probeLog: string[] | undefined = process.env.BENCH_PROBE_LOG ? [] : undefined;

/** A steady probe: 20 requests a second of GET /api/auth/me until `until` resolves; latencies in ms. */
async function probe(until: Promise<unknown>, phase: string): Promise<number[]> {
  const ms: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  const inflight: Promise<void>[] = [];
  while (!done) {
    const at = performance.timeOrigin + performance.now();
    inflight.push(
      timed('/api/auth/me').then((v) => {
        ms.push(v);
        probeLog?.push(JSON.stringify({ k: 'probe', phase, t: at, d: round(v, 3) }));
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.all(inflight);
  return ms;
}

// 2. Bulk message to everyone: idle p99 first (10 s), then the send with the probe running.
const idle = await probe(new Promise((r) => setTimeout(r, 10_000)), 'idle');
const sendStarted = performance.now();
let queuedMs = 0;
let allWrittenMs = 0;
let recipients = 0;
const sending = (async () => {
  const res = await fetch(`${url}/api/notifications/bulk`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ subject: 'Bench notice', message: 'Dear {firstName}, {churchName} says hello.', recipientType: 'all' }),
  });
  queuedMs = performance.now() - sendStarted;
  if (res.status !== 201) throw new Error(`bulk answered ${res.status}: ${await res.text()}`);
  const id = ((await res.json()) as { data: { bulkMessage: { id: string } } }).data.bulkMessage.id;
  for (;;) {
    const r = await fetch(`${url}/api/messages/${id}`, { headers: auth });
    const m = ((await r.json()) as { data: { bulkMessage: { status: string; stats: { recipients: number; inApp: number } } } }).data
      .bulkMessage;
    if (m.status === 'failed') throw new Error('the message failed');
    if (m.stats.recipients > 0 && m.stats.inApp >= m.stats.recipients) {
      allWrittenMs = performance.now() - sendStarted;
      recipients = m.stats.recipients;
      return;
    }
    if (performance.now() - sendStarted > 180_000) throw new Error('not all notifications written after 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
})();
const during = await probe(sending, 'send');
probeLog?.push(JSON.stringify({ k: 'send', t: performance.timeOrigin + sendStarted, queuedMs, allWrittenMs }));
if (probeLog) fs.writeFileSync(process.env.BENCH_PROBE_LOG!, probeLog.join('\n') + '\n');
await sending;
const load = os.loadavg()[0]!.toFixed(1);
await stopServer(proc);
fs.rmSync(dir, { recursive: true, force: true });
await dropDb?.();

const idleP99 = round(percentile(idle, 99));
const duringP99 = round(percentile(during, 99));
writeReport(baseUrl ? 'office-postgres' : 'office', `Office at scale through the server process (${baseUrl ? 'PostgreSQL' : 'PGlite'})`, [
  {
    heading: `Analytics overview: ${MEMBERS.toLocaleString('en-US')} members, ${DONATIONS.toLocaleString('en-US')} donations, ${PAGE_VIEWS.toLocaleString('en-US')} page views (seeded in ${round(seedSeconds)} s); 30 sequential requests each`,
    rows: [
      ['baseline GET /api/auth/me p50 / p95 (ms)', `${me.p50} / ${me.p95}`],
      ['GET /api/analytics/overview?period=monthly p50 / p95 (ms)', `${monthly.p50} / ${monthly.p95}`, '≤ 200 ms'],
      ['GET /api/analytics/overview?period=yearly p50 / p95 (ms)', `${yearly.p50} / ${yearly.p95}`, '≤ 200 ms'],
    ],
  },
  {
    heading: `Bulk message to all ${recipients.toLocaleString('en-US')} recipients (in-app; no SMTP); probe GET /api/auth/me at 20 req/s; load average ${load} at the end, 2 cores shared`,
    rows: [
      ['queued (POST /api/notifications/bulk answered), ms', round(queuedMs), '≤ 2000 ms'],
      ['every in-app notification written, s', round(allWrittenMs / 1000, 2), '≤ 30 s'],
      [`idle p99 (ms, ${idle.length} requests)`, idleP99],
      [`p99 during the send (ms, ${during.length} requests)`, duringP99, `≤ 2× idle (${round(idleP99 * 2)})`],
    ],
  },
]);
