// Members export of 100,000 rows through the real server process and its job queue: seconds
// from the request to a finished file (budgets: CSV ≤ 10 s, Excel ≤ 30 s) and how much the
// server's resident memory grows meanwhile (budget ≤ 50 MB: streamed, never held whole). The
// baseline in the same run is a near-empty export (the events report of a church with no
// events): what the job path itself costs in time and memory. Writes bench/reports/exports.md.
//
//   node --import tsx bench/src/exports.ts            (PGlite, the default install)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/src/exports.ts
//   BENCH_RUNS=5: five server processes one after the other over the one seeded database, each figure per run
//
// The congregation is seeded with the importer's seedPeople (bench/src/seed) before the server
// starts. RSS is read from /proc/<pid>/status every 20 ms; the client is this process. Reports:
// bench/reports/exports.md (PGlite) and exports-postgres.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/db/client';
import { seedPeople } from './seed/seed-people';
import { scratchPostgresDatabase } from './bench-database';
import { ROOT, round, startServer, stopServer, writeReport } from './lib';

const PORT = process.env.BENCH_PORT ?? '35301';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const EMAIL = 'bench.exports@example.org';
const PASSWORD = 'Bench-exports-2026!';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-bench-'));
const env: Record<string, string> = { DATA_DIR: dir, DEMO_DATA: 'false', BIBLE_BUNDLED: 'false', PORT, LOG_LEVEL: 'warn' };
let dropDb: (() => Promise<void>) | undefined;
const baseUrl = process.env.BENCH_DATABASE_URL;
if (baseUrl) {
  // A fresh database on the given server, dropped at the end.
  const scratch = await scratchPostgresDatabase(baseUrl, 'exports_bench');
  env.DATABASE_URL = scratch.url;
  dropDb = scratch.drop;
}

// Seed first (PGlite admits one process: the server starts after).
const seedStarted = performance.now();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dir, 'db') });
await database.migrate();
await seedPeople(database.db, { members: MEMBERS, donations: 0, prayers: 0, events: 0 });
await database.close();
const seedSeconds = (performance.now() - seedStarted) / 1000;

const created = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'server/src/cli/admin-create.ts', '--name', 'Bench Admin', '--email', EMAIL, '--password', PASSWORD],
  { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
);
if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr}`);

const RUNS = Number(process.env.BENCH_RUNS ?? 1);

interface Run {
  seconds: number;
  growth: number;
  rows: number;
  bytes: number;
  lines: number;
}

/** One server life over the seeded database: warm-up, baseline, members CSV, members Excel. */
async function serverRun() {
  const { proc, url } = await startServer(env, 300_000);
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  /** Asks for an export, polls it every 100 ms until ready, downloads it; RSS sampled throughout (before → peak). */
  async function run(reportType: string, format: string): Promise<Run> {
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const started = performance.now();
    const res = await fetch(`${url}/api/exports`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ reportType, format, dateRange: 'this_year', breakdownBy: reportType === 'members' ? 'status' : 'type' }),
    });
    if (res.status !== 202) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const id = ((await res.json()) as { data: { export: { id: string } } }).data.export.id;
    let info: { status: string; rowCount: number; sizeBytes: number; downloadUrl: string; error: string | null };
    for (;;) {
      info = ((await (await fetch(`${url}/api/exports/${id}`, { headers: auth })).json()) as { data: { export: typeof info } }).data.export;
      if (info.status === 'ready' || info.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb());
    if (info.status !== 'ready') throw new Error(`export failed: ${info.error}`);
    // The file is really there and whole: count its lines (CSV) or at least its bytes.
    const body = Buffer.from(await (await fetch(`${url}${info.downloadUrl}`)).arrayBuffer());
    const lines = format === 'csv' ? body.toString('utf8').split('\n').filter(Boolean).length : 0;
    return { seconds, growth: peak - before, rows: info.rowCount, bytes: body.length, lines };
  }

  // Warm the path (first job, first file) so neither figure pays for it; then the baseline.
  await run('events', 'csv');
  const baseline = await run('events', 'csv');
  const csv = await run('members', 'csv');
  const excel = await run('members', 'excel');
  await stopServer(proc);
  if (csv.rows < MEMBERS || excel.rows < MEMBERS) throw new Error(`exports carried ${csv.rows} and ${excel.rows} rows`);
  if (csv.lines !== csv.rows + 1) throw new Error(`the CSV has ${csv.lines} lines for ${csv.rows} rows`);
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  console.log(
    `run: csv ${round(csv.seconds, 2)} s +${round(csv.growth)} MB, excel ${round(excel.seconds, 2)} s +${round(excel.growth)} MB, load ${load}`,
  );
  return { baseline, csv, excel, load };
}

// Each run is a server of its own (a fresh process: where V8's collections fall differs from start to start).
const runs: Awaited<ReturnType<typeof serverRun>>[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await serverRun());
fs.rmSync(dir, { recursive: true, force: true });
await dropDb?.();
const { csv, excel } = runs[0]!;
const each = (pick: (r: (typeof runs)[number]) => Run, f: (r: Run) => number) => runs.map((r) => round(f(pick(r)))).join(' / ');
const mb = (n: number) => round(n / 1024 / 1024, 1);
writeReport(
  baseUrl ? 'exports-postgres' : 'exports',
  `Members export through the server process and job queue (${baseUrl ? 'PostgreSQL' : 'PGlite'})`,
  [
    {
      heading: `${MEMBERS.toLocaleString('en-US')} members seeded in ${round(seedSeconds)} s; ${RUNS} run(s), each a server process of its own; server RSS sampled every 20 ms; client on the same 2 cores (load average 1/5/15 min at the end of each run: ${runs.map((r) => r.load).join('; ')})`,
      rows: [
        [
          'baseline: near-empty export, seconds (request → file ready), each run',
          each(
            (r) => r.baseline,
            (r) => r.seconds,
          ),
        ],
        [
          'baseline: RSS growth (MB), each run',
          each(
            (r) => r.baseline,
            (r) => r.growth,
          ),
        ],
        [
          `members CSV, ${csv.rows.toLocaleString('en-US')} rows: seconds, each run`,
          each(
            (r) => r.csv,
            (r) => r.seconds,
          ),
          '≤ 10 s',
        ],
        [
          'members CSV: server RSS growth (MB), each run',
          each(
            (r) => r.csv,
            (r) => r.growth,
          ),
          '≤ 50 MB',
        ],
        ['members CSV: largest growth of the runs (MB)', Math.max(...runs.map((r) => round(r.csv.growth))), '≤ 50 MB'],
        ['members CSV: file size (MB)', mb(csv.bytes)],
        [
          `members Excel, ${excel.rows.toLocaleString('en-US')} rows: seconds, each run`,
          each(
            (r) => r.excel,
            (r) => r.seconds,
          ),
          '≤ 30 s',
        ],
        [
          'members Excel: server RSS growth (MB), each run',
          each(
            (r) => r.excel,
            (r) => r.growth,
          ),
          '≤ 50 MB',
        ],
        ['members Excel: largest growth of the runs (MB)', Math.max(...runs.map((r) => round(r.excel.growth))), '≤ 50 MB'],
        ['members Excel: file size (MB)', mb(excel.bytes)],
      ],
    },
  ],
);
