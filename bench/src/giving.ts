// Giving at congregation scale (issue 12), on PGlite and on PostgreSQL:
//   - GET /api/donations with its period and fund filters at 200,000 donations (budgets: p99 ≤ 50 ms on
//     PostgreSQL, ≤ 150 ms on PGlite), page 1 and a deep page; GET /api/giving/reports (12 months);
//   - section 18A certificates for 1,000 donors: issuing them (POST /api/giving/certificates/runs, the job run to its end) and
//     streaming all 1,000 PDFs as one ZIP (GET /api/giving/certificates/zip) — ≤ 30 s, memory flat;
//   - giving statements for the same 1,000 people as one ZIP (GET /api/giving/statements/zip, issue 32) — ≤ 30 s, flat.
// Baselines in the same run: GET /api/health (the floor of one call) and 100 donors' certificates.
//
//   node --expose-gc --import tsx bench/src/giving.ts                 # both engines
//   BENCH_ENGINES=pglite node --expose-gc --import tsx bench/src/giving.ts
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (default): a scratch database bench_giving_<time>
//   is created there and dropped at the end. BENCH_PORT (default 4202) is where the app listens for the ZIP.
//
// The app runs in this process (buildApp). JSON calls go through app.inject (server time without the
// network); the ZIP is read over a real loopback socket and counted, never held, so RSS shows the server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { withSaIdCheckDigit } from '../../contract/src/rules/sa-id';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import type { Database } from '../../server/src/db/client';
import { users } from '../../server/src/db/schema/index';
import { CERTIFICATES_JOB } from '../../server/src/modules/giving/certificate-runs';
import { percentile, round, writeReport } from './lib';
import { withBenchDatabase } from './bench-database';
import { seedPeople } from './seed/seed-people';
import { startSession } from '../../server/src/modules/auth/sessions';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 4202);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

type Row = [string, string | number, string?];
const ms = (n: number) => `${round(n, 1)} ms`;
const rss = () => process.memoryUsage().rss / 1024 / 1024;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

async function timed(n: number, call: (i: number) => Promise<{ statusCode: number; body?: string }>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call(i);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`call answered ${res.statusCode}: ${res.body?.slice(0, 200)}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * `n` donors with complete tax details, twelve gifts each in the tax year ending in `taxYear`
 * (a year the seeded two years of gifts do not reach), set-based like the seed.
 */
async function seedDonors(database: Database, n: number, taxYear: number, tag: string) {
  const ids = Array.from({ length: n }, (_, i) => withSaIdCheckDigit(`7001015${String(i).padStart(5, '0')}`));
  await database.db.execute(sql`
    insert into users (name, email, phone, address, role)
    select 'Donor ' || i || ' ' || ${tag}, 'donor' || i || '.' || ${tag} || '@bench.church', '082 555 ' || lpad(i::text, 4, '0'),
      i || ' Church Street, Pretoria', 'member'
    from generate_series(1, ${n}::int) as i`);
  await database.db.execute(sql`
    insert into donor_tax_profiles (user_id, data)
    select u.id, jsonb_build_object('legalType', 'individual', 'idType', 'rsa_id', 'idNumber', (${`{${ids.join(',')}}`}::text[])[row_number() over (order by u.id)],
      'idCountry', 'South Africa', 'taxNumber', '0123456789', 'tradingName', '', 'combineWithHousehold', false)
    from users u where u.email like ${'%.' + tag + '@bench.church'}`);
  await database.db.execute(sql`
    insert into donations (user_id, donor_name, amount_cents, payment_method, fund, status, given_at)
    select u.id, u.name, 10000 + (m * 1000), 'card', 'General', 'completed',
      make_timestamptz(${taxYear - 1}, 3, 15, 10, 0, 0, 'Africa/Johannesburg') + (m * interval '1 month')
    from users u cross join generate_series(0, 11) as m
    where u.email like ${'%.' + tag + '@bench.church'}`);
}

async function runEngine(engine: string) {
  return withBenchDatabase(engine, 'giving', PG_URL, async (database) => {
    await database.migrate();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'giving-bench-app-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    const { app, ctx } = await buildApp({ config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const [treasurer] = await database.db
      .insert(users)
      .values({ name: 'Bench Treasurer', email: 'bench.treasurer@bench.church', role: 'admin' })
      .returning();
    const token = await startSession(database.db, ctx.tokens, treasurer!);
    const headers = { authorization: `Bearer ${token}` };
    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload });
    const rows: Row[] = [];

    const t0 = performance.now();
    await seedPeople(database.db, { members: 10_000, donations: 200_000, prayers: 0, events: 0 });
    rows.push(['seed 10,000 members + 200,000 donations', `${round((performance.now() - t0) / 1000, 1)} s`]);

    await timed(30, () => get('/api/health'));
    const health = await timed(200, () => get('/api/health'));
    rows.push(['baseline: GET /api/health p99', ms(health.p99)]);

    // Every period with and without a fund, page 1 and a deep page: what a treasurer clicks through.
    const filters: string[] = [];
    for (const period of ['week', 'month', 'quarter', 'year', 'all'])
      for (const fund of ['', '&fund=Missions']) filters.push(`period=${period}${fund}`);
    const call = (i: number) => get(`/api/donations?${filters[i % filters.length]}&page=${i % 3 === 2 ? 50 : 1}&limit=20`);
    await timed(filters.length * 2, call);
    const all = await timed(filters.length * RUNS, call);
    rows.push([`GET /api/donations p50 (${filters.length} filter sets × ${RUNS}, a third on page 50)`, ms(all.p50)]);
    rows.push(['GET /api/donations p99', ms(all.p99), engine === 'pglite' ? '≤ 150 ms' : '≤ 50 ms']);
    let worst = { f: '', p99: 0 };
    for (const f of filters) {
      const r = await timed(10, () => get(`/api/donations?${f}&limit=20`));
      if (r.p99 > worst.p99) worst = { f, p99: r.p99 };
    }
    rows.push([`slowest filter: ${worst.f} p99 (10 runs)`, ms(worst.p99)]);
    const reports = await timed(RUNS, () => get('/api/giving/reports?months=12'));
    rows.push(['GET /api/giving/reports (12 months) p99', ms(reports.p99)]);

    await app.inject({
      method: 'PUT',
      url: '/api/giving/tax-settings',
      headers,
      payload: { pboName: 'Bench Church NPC', pboNumber: '930000000', address: '1 Church Street', s18aApproved: true },
    });
    // The seeded gifts go to General: eligible for section 18A here (a new fund is not until the treasurer says so).
    await database.db.execute(
      sql`insert into giving_funds (name, section_18a) values ('General', true) on conflict (name) do update set section_18a = true`,
    );
    const certificates = async (n: number, taxYear: number) => {
      await seedDonors(database, n, taxYear, `ty${taxYear}`);
      collect();
      const before = rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
      const started = performance.now();
      // Issuing is a job (a certificate run): asked for, then run here as a worker would run it.
      const asked = await post('/api/giving/certificates/runs', { taxYear });
      if (asked.statusCode !== 202) throw new Error(`runs: ${asked.statusCode} ${asked.body.slice(0, 200)}`);
      await ctx.jobs.drain({ names: [CERTIFICATES_JOB] });
      const run = (await get(`/api/giving/certificates/runs/${asked.json().data.run.id}`)).json().data.run;
      if (run.status !== 'done' || run.issued !== n) throw new Error(`run: ${JSON.stringify(run).slice(0, 300)}`);
      const issuedS = (performance.now() - started) / 1000;
      const zipStarted = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}/api/giving/certificates/zip?taxYear=${taxYear}`, { headers });
      if (!res.ok || !res.body) throw new Error(`zip answered ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
      const zipS = (performance.now() - zipStarted) / 1000;
      clearInterval(sampler);
      collect();
      return { issuedS, zipS, bytes, growth: Math.max(0, peak - before), after: rss() - before };
    };
    const small = await certificates(100, 2019);
    const big = await certificates(1_000, 2020);
    // Flat, not merely small: a second 1,000 in the same process. Memory that follows the work would grow again by as
    // much; the embedded database's WASM heap, which keeps the pages it once needed and never shrinks, would not.
    const again = await certificates(1_000, 2021);
    const line = (c: typeof small) =>
      `issue ${round(c.issuedS, 2)} s + ZIP ${round(c.zipS, 1)} s (${round(c.bytes / 1024 / 1024, 1)} MB) = ${round(c.issuedS + c.zipS, 1)} s`;
    rows.push(['baseline: 100 donors’ certificates', line(small)]);
    rows.push(['1,000 donors’ certificates (12 gifts each)', line(big), '≤ 30 s']);
    rows.push([
      'peak RSS growth: 100 / 1,000 certificates',
      `+${round(small.growth)} MB / +${round(big.growth)} MB (after GC: ${round(small.after)} / ${round(big.after)} MB)`,
      'flat',
    ]);
    rows.push([
      'then another 1,000 certificates in the same process: peak RSS growth',
      `+${round(again.growth)} MB (after GC: ${round(again.after)} MB); ${line(again)}`,
      'flat: the second 1,000 keeps no more than the first',
    ]);

    // Giving statements (issue 32): one PDF per person who gave in the tax year, streamed as one ZIP.
    const statements = async (taxYear: number) => {
      collect();
      const before = rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
      const started = performance.now();
      const leap = taxYear % 4 === 0 ? 29 : 28;
      const res = await fetch(`http://127.0.0.1:${PORT}/api/giving/statements/zip?from=${taxYear - 1}-03-01&to=${taxYear}-02-${leap}`, {
        headers,
      });
      if (!res.ok || !res.body) throw new Error(`statements zip answered ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
      clearInterval(sampler);
      collect();
      return { s: (performance.now() - started) / 1000, bytes, growth: Math.max(0, peak - before), after: rss() - before };
    };
    const st = await statements(2020);
    rows.push([
      'giving statements ZIP for the 2020 tax year (the 1,000 donors above, 12 gifts each)',
      `${round(st.s, 1)} s (${round(st.bytes / 1024 / 1024, 1)} MB); peak RSS growth +${round(st.growth)} MB (after GC: ${round(st.after)} MB)`,
      '≤ 30 s, flat',
    ]);

    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { rows, p99: all.p99 };
  });
}

const loadBefore = os.loadavg();
const results: Record<string, Awaited<ReturnType<typeof runEngine>>> = {};
for (const engine of ENGINES) {
  console.log(`[giving] ${engine}…`);
  results[engine] = await runEngine(engine);
}
const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
const sections = Object.entries(results).map(([engine, r]) => ({
  heading: `${engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 127.0.0.1:5432'}: load average ${load(os.loadavg())} at the end (${load(loadBefore)} at the start; 2 cores shared by several engineers)`,
  rows: r.rows,
}));
if (results.pglite && results.postgres) {
  sections.push({
    heading: 'PGlite / PostgreSQL (/donations p99)',
    rows: [['ratio', `${round(results.pglite.p99 / results.postgres.p99, 2)}×`]],
  });
}
writeReport('giving', 'Giving at scale: /donations filters at 200,000 donations, 1,000 section 18A certificates', sections);
