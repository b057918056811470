// Issue 16 (speed and footprint): the request path, memory and start time of the real server,
// each figure beside a baseline measured in the same run — a bare Fastify 5 hello in its own
// process (bench/src/speed/bare-hello.ts) — because the machine is shared and its speed changes
// by the minute. Writes bench/reports/speed.md.
//
//   node --import tsx bench/src/speed.ts            (or: npm run bench -- speed)
//   BENCH_ENGINES=pglite|postgres  BENCH_SECONDS=8  BENCH_CONNECTIONS=20  BENCH_PORT=4510  BENCH_HELLO_PORT=4501
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres  (the database speed_bench is dropped and made anew)
//
// Per engine: a first start on an empty database (initdb / migrations / demo seed), a warm start,
// idle RSS after each, then autocannon (20 connections, 8 s) on the reads a visitor and a member
// make, the baseline measured before and after them. The server runs as `npm start` runs it.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/src/db/seed/people';
import { round, rssMb, serverLogSize, writeReportLines } from './lib';
import { load, loadAvg, CONNECTIONS, SECONDS, type LoadResult } from './speed/load';
import { IDLE_AFTER_SEARCHABLE_MS, startProduct, stopProduct, untilBibleSearchable } from './speed/product';

const PORT = process.env.BENCH_PORT ?? '4510';
const HELLO_PORT = process.env.BENCH_HELLO_PORT ?? '4501';
const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const IDLE_WAIT_MS = 3000;

const hello = fork(path.join(import.meta.dirname, 'speed/bare-hello.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: HELLO_PORT },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
await new Promise((resolve) => hello.once('message', resolve));
const helloUrl = `http://127.0.0.1:${HELLO_PORT}/hello`;

interface Row {
  name: string;
  result: LoadResult;
}
interface EngineResult {
  engine: 'pglite' | 'postgres';
  firstStartS: number;
  firstRss: number;
  bibleReadyS: number;
  warmStartS: number;
  warmRss: number;
  afterLoadRss: number;
  logged: { lines: number; mb: number };
  helloBefore: LoadResult;
  helloAfter: LoadResult;
  rows: Row[];
  load: string;
}

async function prepareEngine(engine: 'pglite' | 'postgres'): Promise<{ env: Record<string, string>; cleanup: () => void }> {
  if (engine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speed-bench-'));
    return { env: { DATA_DIR: dataDir, DEMO_DATA: 'true' }, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('drop database if exists speed_bench with (force)');
  await admin.query('create database speed_bench');
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speed-bench-pg-'));
  return {
    env: { DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, '/speed_bench'), DATA_DIR: dataDir, DEMO_DATA: 'true' },
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<EngineResult> {
  const { env, cleanup } = await prepareEngine(engine);
  const fullEnv = { ...env, PORT, LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_ACCOUNT: '100000', BIBLE_API_BASE: 'http://127.0.0.1:9/x' };
  try {
    const first = await startProduct(fullEnv);
    // The shipped Bible is imported after the server listens (in steps on PGlite, by a child process on
    // PostgreSQL); stopped before it is done, the next (warm) start imports it again while the rows below are
    // measured. Let the first start finish, and read its idle RSS as bench/src/startup.ts does.
    const bibleReadyS = await untilBibleSearchable(first.url, first.startedAt);
    await new Promise((r) => setTimeout(r, IDLE_AFTER_SEARCHABLE_MS));
    const firstRss = rssMb(first.proc.pid!);
    await stopProduct(first.proc);

    const warm = await startProduct(fullEnv);
    await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
    const warmRss = rssMb(warm.proc.pid!);
    const base = warm.url;

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@demo.church', password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const token = ((await login.json()) as { token: string }).token;
    const signedIn = { authorization: `Bearer ${token}` };
    const events = (await (await fetch(`${base}/api/events`)).json()) as { data: { events: unknown[] } };

    // Every figure is of code already warm (JIT, the shared page, the pool's prepared statements): a second of
    // the same load first, for hello as for each row (bench/src/speed/probe.ts does the same).
    await load(helloUrl, {}, 1, hello.pid);
    const helloBefore = await load(helloUrl, {}, SECONDS, hello.pid);
    const rows: Row[] = [];
    const plan: Array<[string, string, Record<string, string>?]> = [
      [`GET /api/events, anonymous (${events.data.events.length} events)`, '/api/events'],
      ['GET /api/events, signed in', '/api/events', signedIn],
      ['GET /api/events?limit=1, anonymous', '/api/events?limit=1'],
      ['GET /api/sermons/public, anonymous', '/api/sermons/public'],
      ['GET /api/health (one trivial query)', '/api/health'],
    ];
    for (const [name, url, headers] of plan) {
      await load(`${base}${url}`, headers, 1, warm.proc.pid);
      rows.push({ name, result: await load(`${base}${url}`, headers, SECONDS, warm.proc.pid) });
      console.log(engine, name, rows.at(-1)!.result);
    }
    const helloAfter = await load(helloUrl, {}, SECONDS, hello.pid);
    const afterLoadRss = rssMb(warm.proc.pid!);
    const logged = serverLogSize(PORT);
    await stopProduct(warm.proc);
    return {
      engine,
      firstStartS: round(first.readyMs / 1000, 2),
      firstRss,
      bibleReadyS,
      warmStartS: round(warm.readyMs / 1000, 2),
      warmRss,
      afterLoadRss,
      logged,
      helloBefore,
      helloAfter,
      rows,
      load: loadAvg(),
    };
  } finally {
    cleanup();
  }
}

const results: EngineResult[] = [];
const loadBefore = loadAvg();
try {
  for (const engine of ENGINES) results.push(await runEngine(engine));
} finally {
  hello.kill('SIGTERM');
}

// Goals (issues 16 and 37), as a ratio of the same run's hello, with the server logging as `npm start` makes it log.
const GOALS: Record<string, { pglite?: number; postgres?: number }> = {
  'GET /api/events, anonymous': { pglite: 0.5, postgres: 0.5 },
  'GET /api/events, signed in': { postgres: 0.25 },
  'GET /api/sermons/public, anonymous': { pglite: 0.5, postgres: 0.5 },
  'GET /api/health (one trivial query)': { pglite: 0.5, postgres: 0.5 },
};
const goalFor = (name: string, engine: 'pglite' | 'postgres') => Object.entries(GOALS).find(([k]) => name.startsWith(k))?.[1][engine];

const fmt = (r: LoadResult) =>
  `${r.rps.toLocaleString('en-US')} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.cpuUs !== undefined ? `, ${r.cpuUs} µs CPU/answer` : ''}${r.bad ? `, ${r.bad} not 2xx/errors` : ''}`;
const lines = [
  '# Speed and footprint (issues 16 and 37)',
  '',
  'The server runs exactly as `npm start` runs it, in its default configuration: log level info (an access line per',
  'request, written asynchronously), standard output to a file as `npm start >> church.log` would.',
  '',
  `Measured ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}), Node ${process.version}.`,
  `autocannon, ${CONNECTIONS} connections for ${SECONDS} s per row. The machine is shared with other work and busy:`,
  `load average (1/5/15 min) ${loadBefore} at the start. Ratios are against the bare Fastify 5 hello (own process) measured`,
  'in the same run, before and after each engine’s rows (the mean of the two is the divisor). "CPU ratio" divides hello’s CPU time',
  'per answer by the product’s (the server process only, not PostgreSQL’s): what the req/s ratio would be with both CPU-bound on',
  'an otherwise idle machine, and far steadier than req/s on a shared one.',
  '',
];
for (const e of results) {
  const base = (e.helloBefore.rps + e.helloAfter.rps) / 2;
  lines.push(
    `## ${e.engine === 'pglite' ? 'PGlite (embedded, default)' : 'PostgreSQL 15 (127.0.0.1)'}`,
    '',
    `Load average after this engine's rows: ${e.load}.`,
    '',
    '| measure | result | ratio of hello | CPU ratio | goal | holds |',
    '| --- | --- | --- | --- | --- | --- |',
    `| bare Fastify 5 hello, before / after | ${fmt(e.helloBefore)} / ${fmt(e.helloAfter)} | 1 | 1 | — | |`,
  );
  const helloCpu = ((e.helloBefore.cpuUs ?? NaN) + (e.helloAfter.cpuUs ?? NaN)) / 2;
  for (const r of e.rows) {
    const ratio = r.result.rps / base;
    const cpuRatio = helloCpu / (r.result.cpuUs ?? NaN);
    const goal = goalFor(r.name, e.engine);
    lines.push(
      `| ${r.name} | ${fmt(r.result)} | ${ratio.toFixed(3)} | ${cpuRatio.toFixed(3)} | ${goal ? `≥ ${goal}` : ''} | ${goal ? (ratio >= goal ? 'yes' : `no${cpuRatio >= goal ? ' (CPU ratio: yes)' : ''}`) : ''} |`,
    );
  }
  const rssGoal = e.engine === 'pglite' ? 250 : 150;
  lines.push(
    `| first start to ready (empty database: ${e.engine === 'pglite' ? 'initdb, ' : ''}migrations, demo seed) | ${e.firstStartS} s | | | ≤ 3 s | ${e.firstStartS <= 3 ? 'yes' : 'no'} |`,
    `| idle RSS after the first start (${IDLE_AFTER_SEARCHABLE_MS / 1000} s after the Bible is searchable) | ${e.firstRss} MB | | | ≤ ${rssGoal} MB | ${e.firstRss <= rssGoal ? 'yes' : 'no'} |`,
    `| first start until the shipped Bible is searchable (waited for before the warm start) | ${e.bibleReadyS} s | | | | |`,
    `| warm start to ready | ${e.warmStartS} s | | | ≤ 1.0 s | ${e.warmStartS <= 1.0 ? 'yes' : 'no'} |`,
    `| idle RSS ${IDLE_WAIT_MS / 1000} s after a warm start | ${e.warmRss} MB | | | ≤ ${rssGoal} MB | ${e.warmRss <= rssGoal ? 'yes' : 'no'} |`,
    `| RSS after the rows above | ${e.afterLoadRss} MB | | | ≤ 300 MB | ${e.afterLoadRss <= 300 ? 'yes' : 'no'} |`,
    `| the request log of the warm start (its standard output) | ${e.logged.lines.toLocaleString('en-US')} lines, ${e.logged.mb} MB | | | | |`,
    '',
  );
}
writeReportLines('speed', lines);
