// The people side of the pastor area at congregation scale, on PGlite and on PostgreSQL:
//   - member search (GET /api/members/search, name / e-mail / phone) p99 at 10,000 and 100,000 members
//     (budgets ≤ 20 ms and ≤ 50 ms), and the PGlite / PostgreSQL ratio;
//   - the pastor dashboard call (GET /api/dashboard/pastor) at 10,000 members / 200,000 donations (≤ 100 ms);
//   - each search query's own p99 at both sizes on both engines, with the PGlite / PostgreSQL ratio per query;
//   - CSV import of 10,000 members (POST /api/members/import, ≤ 10 s) beside 1,000 rows, measured in the real
//     server process (bench/src/people-import.ts) so the RSS growth is the server's alone.
// Baseline in the same run: GET /api/health through the same app (the floor of one call).
// BENCH_ONLY=import runs only the CSV import (→ reports/people-import.md).
// BENCH_SKIP_100K=1 stops at 10,000 members (for a machine where the full run would hold the lock too long).
//
//   node --expose-gc --import tsx bench/src/people.ts      # both engines
//   BENCH_ENGINES=pglite node --expose-gc --import tsx bench/src/people.ts
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (default) — a scratch database
//   bench_people_<time> is created there and dropped at the end; no other database is touched.
//
// Search and the dashboard run in this process (buildApp + app.inject, as the server tests do): "server time"
// is routing, auth, validation, SQL and serialisation, without the network.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';

import { users } from '../../server/src/db/schema/index';
import { DASHBOARD_SQL } from '../../server/src/modules/pastor-dashboard/routes';
import { DASHBOARD_SQL_BEFORE_ROLLUPS } from './dashboard-before-rollups';
import { percentile, round, writeReport } from './lib';
import { withBenchDatabase } from './bench-database';
import { importInServer, importRows } from './people-import';
import { seedPeople } from './seed/seed-people';
import { startSession } from '../../server/src/modules/auth/sessions';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 300);
/** Runs of each query on its own, for the per-query p99 (the 99th percentile of 40 is the second slowest). */
const PER_QUERY_RUNS = Number(process.env.BENCH_PER_QUERY_RUNS ?? 40);
const SKIP_100K = process.env.BENCH_SKIP_100K === '1';
const PORT = process.env.BENCH_PORT ?? '3300';

/** What a leader types: first names, surnames, part of an e-mail, phone numbers whole and in part, written every usual way. */
const SEARCHES = [
  'Thandi',
  'mokoena',
  'van der',
  'Lerato Naidoo',
  'member4217',
  'naidoo',
  '072 123',
  '0825551234',
  '+27 63',
  'Zulu',
  '063 281 0042',
  '+27 71 555',
];
/** Matches every seeded member (all e-mails end so): the worst case, reported on its own line. */
const BROAD = 'bench.church';

type Row = [string, string | number, string?];
const ms = (n: number) => `${round(n, 1)} ms`;

async function timed(n: number, call: (i: number) => Promise<{ statusCode: number }>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call(i);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`call answered ${res.statusCode}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function runEngine(engine: string) {
  return withBenchDatabase(engine, 'people', PG_URL, async (database) => {
    await database.migrate();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'importer-bench-app-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    const { app, ctx } = await buildApp({ config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
    await app.ready();
    const [pastor] = await database.db
      .insert(users)
      .values({ name: 'Bench Pastor', email: 'bench.pastor@bench.church', role: 'pastor' })
      .returning();
    const token = await startSession(database.db, ctx.tokens, pastor!);
    const headers = { authorization: `Bearer ${token}` };
    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const search = (i: number) => get(`/api/members/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}&limit=20`);
    const rows: Row[] = [];

    let t0 = performance.now();
    await seedPeople(database.db, { members: 10_000, donations: 200_000, prayers: 200, events: 40 });
    rows.push(['seed 10,000 members + 200,000 donations', `${round((performance.now() - t0) / 1000, 1)} s`]);

    await timed(30, () => get('/api/health'));
    const health = await timed(SEARCH_RUNS, () => get('/api/health'));
    rows.push(['baseline: GET /api/health p99', ms(health.p99)]);

    const measureSearch = async (at: string, budget: string) => {
      await timed(SEARCHES.length * 2, search);
      const s = await timed(SEARCH_RUNS, search);
      // Each query on its own: its p99, and the slowest named.
      const perQuery: Record<string, number> = {};
      for (const q of SEARCHES)
        perQuery[q] = (await timed(PER_QUERY_RUNS, () => get(`/api/members/search?q=${encodeURIComponent(q)}&limit=20`))).p99;
      const worst = Object.entries(perQuery).sort((a, b) => b[1] - a[1])[0]!;
      const broad = await timed(20, () => get(`/api/members/search?q=${BROAD}&limit=20`));
      rows.push(
        [`member search p50 at ${at} (${SEARCHES.length} queries × ${SEARCH_RUNS / SEARCHES.length})`, ms(s.p50)],
        [`member search p99 at ${at}`, ms(s.p99), budget],
        [`slowest query at ${at}: '${worst[0]}' p99 (${PER_QUERY_RUNS} runs)`, ms(worst[1]), budget],
        [`'${BROAD}' (matches every member) p99 at ${at}`, ms(broad.p99)],
      );
      return { p99: s.p99, perQuery };
    };
    const s10 = await measureSearch('10,000', '≤ 20 ms');
    const list10 = await timed(50, (i) => get(`/api/members?page=${1 + (i % 5)}&limit=20&sort=name`));
    rows.push(['member list (no search, sorted by name) p99 at 10,000', ms(list10.p99)]);

    await timed(5, () => get('/api/dashboard/pastor'));
    const dash = await timed(50, () => get('/api/dashboard/pastor'));
    rows.push(['pastor dashboard p50 at 10,000 / 200,000 donations', ms(dash.p50)]);
    rows.push(['pastor dashboard p99 at 10,000 / 200,000 donations', ms(dash.p99), '≤ 100 ms']);
    // The statement alone, now and as it was before the giving rollups, alternated call by call so
    // both meet the same machine load: the change is visible even when the absolute figures are noisy.
    const stmt = { now: [] as number[], before: [] as number[] };
    for (let i = 0; i < 60; i++) {
      for (const [key, q] of [
        ['now', DASHBOARD_SQL],
        ['before', DASHBOARD_SQL_BEFORE_ROLLUPS],
      ] as const) {
        const t1 = performance.now();
        await database.db.execute(q);
        if (i >= 10) stmt[key].push(performance.now() - t1);
      }
    }
    rows.push([
      'baseline: dashboard statement before the giving rollups (summing 200,000 gifts), p50 / p99',
      `${ms(percentile(stmt.before, 50))} / ${ms(percentile(stmt.before, 99))}`,
    ]);
    rows.push(['dashboard statement now (rollups), p50 / p99', `${ms(percentile(stmt.now, 50))} / ${ms(percentile(stmt.now, 99))}`]);

    let s100: Awaited<ReturnType<typeof measureSearch>> | undefined;
    if (!SKIP_100K) {
      t0 = performance.now();
      await seedPeople(database.db, { members: 100_000 - 10_000, donations: 0, prayers: 0, events: 0 });
      rows.push(['seed up to 100,000 members', `${round((performance.now() - t0) / 1000, 1)} s`]);
      s100 = await measureSearch('100,000', '≤ 50 ms');
      const list100 = await timed(50, (i) => get(`/api/members?page=${1 + (i % 5)}&limit=20&sort=name`));
      rows.push(['member list (no search, sorted by name) p99 at 100,000', ms(list100.p99)]);
    }
    rows.push(['load average (1 min) after search and dashboard', os.loadavg()[0]!.toFixed(1)]);

    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { rows, s10, s100 };
  });
}

if (process.env.BENCH_ONLY === 'import') {
  // The import alone (bench/reports/people-import.md), when the whole run would hold the shared lock too long.
  const sections = [];
  for (const engine of ENGINES) {
    console.log(`[people] ${engine}: CSV import in the server process…`);
    const rows = importRows(await importInServer(engine, PG_URL, PORT));
    sections.push({ heading: `${engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 127.0.0.1:5432'}`, rows });
  }
  writeReport('people-import', 'Members CSV import in the server process (1,000 / 10,000 / 20,000 rows)', sections);
  process.exit(0);
}

const results: Record<string, Awaited<ReturnType<typeof runEngine>>> = {};
for (const engine of ENGINES) {
  console.log(`[people] ${engine}…`);
  results[engine] = await runEngine(engine);
  // The import runs in a server process of its own, on a fresh database with 10,000 members, after the
  // in-process database above is closed.
  console.log(`[people] ${engine}: CSV import in the server process…`);
  results[engine].rows.push(...importRows(await importInServer(engine, PG_URL, PORT)));
}
const sections = Object.entries(results).map(([engine, r]) => ({
  heading: `${engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 127.0.0.1:5432'}: load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} at the end`,
  rows: r.rows,
}));
if (results.pglite && results.postgres) {
  const { pglite, postgres } = results;
  const ratio = (a: number, b: number) => `${round(a / b, 2)}×`;
  sections.push({
    heading: 'PGlite / PostgreSQL (search p99)',
    rows: [
      ['at 10,000 members', ratio(pglite.s10.p99, postgres.s10.p99)],
      ...(pglite.s100 && postgres.s100 ? ([['at 100,000 members', ratio(pglite.s100.p99, postgres.s100.p99)]] as Row[]) : []),
    ],
  });
  // One row per query: PGlite p99, PostgreSQL p99 and their ratio, at each size.
  for (const [at, key, budget] of [
    ['10,000', 's10', '≤ 20 ms'],
    ['100,000', 's100', '≤ 50 ms'],
  ] as const) {
    const a = pglite[key];
    const b = postgres[key];
    if (!a || !b) continue;
    sections.push({
      heading: `Per-query search p99 at ${at} members (${PER_QUERY_RUNS} runs each): PGlite · PostgreSQL · ratio`,
      rows: SEARCHES.map((q) => [
        `'${q}'`,
        `${ms(a.perQuery[q]!)} · ${ms(b.perQuery[q]!)} · ${ratio(a.perQuery[q]!, b.perQuery[q]!)}`,
        budget,
      ]),
    });
  }
}
writeReport('people', 'Members at scale: search, pastor dashboard, CSV import', sections);
