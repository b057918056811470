// Duplicate handling at congregation scale (issue 10, merge): GET /api/members/duplicates (one SQL
// statement with three hash self-joins) at 10,000 members, on PGlite and on PostgreSQL. The seed
// (bench/src/seed/seed-people.ts) holds no duplicates; 1 % are added (same phone written the other
// way, or same name and birth date), so about 100 pairs are found among 10,100 records. Baseline in the same run: GET /api/health.
//
//   node --import tsx bench/src/duplicates.ts
//   BENCH_ENGINES=pglite node --import tsx bench/src/duplicates.ts
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (default) — a scratch database
//   bench_dups_<time> is created there and dropped at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';

import { users } from '../../server/src/db/schema/index';
import { percentile, round, writeReport } from './lib';
import { withBenchDatabase } from './bench-database';
import { seedPeople } from './seed/seed-people';
import { startSession } from '../../server/src/modules/auth/sessions';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
type Row = [string, string | number, string?];

async function timed(n: number, call: () => Promise<{ statusCode: number }>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call();
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`call answered ${res.statusCode}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function runEngine(engine: string): Promise<Row[]> {
  return withBenchDatabase(engine, 'dups', PG_URL, async (database) => {
    await database.migrate();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-bench-app-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    const { app, ctx } = await buildApp({ config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
    await app.ready();
    try {
      const [pastor] = await database.db
        .insert(users)
        .values({ name: 'Bench Pastor', email: 'bench.pastor@bench.church', role: 'pastor' })
        .returning();
      const token = await startSession(database.db, ctx.tokens, pastor!);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      await seedPeople(database.db, { members: MEMBERS, donations: 0, prayers: 0, events: 0 });
      // The seed has no duplicates: add 1 % as a church office would — the same phone written the
      // international way, and the same name and birth date under another e-mail.
      await database.db.execute(sql`
        insert into users (name, email, phone, birthday, join_date)
        select name, 'dup' || row_number() over () || '.' || email,
               case when random() < 0.5 then '+27' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 2) else null end,
               birthday, join_date
          from users where email like '%@bench.church' and email <> 'bench.pastor@bench.church'
         order by email limit ${Math.round(MEMBERS / 100)}`);
      await database.db.execute(sql`analyze`);
      await timed(5, () => get('/api/health'));
      const health = await timed(RUNS, () => get('/api/health'));
      await timed(2, () => get('/api/members/duplicates'));
      const dups = await timed(RUNS, () => get('/api/members/duplicates?limit=50'));
      const total = (await get('/api/members/duplicates?limit=1')).json().data.total as number;
      return [
        [`${engine}: baseline GET /api/health p50 / p99`, `${round(health.p50, 1)} / ${round(health.p99, 1)} ms`],
        [`${engine}: GET /api/members/duplicates (limit 50) p50 / p99`, `${round(dups.p50, 1)} / ${round(dups.p99, 1)} ms`],
        [`${engine}: likely duplicate pairs found`, total.toLocaleString('en-ZA')],
      ];
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

const rows: Row[] = [];
for (const engine of ENGINES) rows.push(...(await runEngine(engine)));
rows.push([
  'machine load (1 / 5 / 15 min) at the end',
  os
    .loadavg()
    .map((l) => round(l, 2))
    .join(' / '),
  `${os.cpus().length} cores`,
]);
writeReport('duplicates', 'Duplicate handling bench', [{ heading: `${MEMBERS.toLocaleString('en-ZA')} members`, rows }]);
