// Where the pastor dashboard and member search spend their time on PGlite: EXPLAIN ANALYZE of
// the dashboard statement and of a member search, on a freshly seeded embedded database.
//   node --import tsx bench/src/explain-people.ts            # 10,000 members / 200,000 donations
//   BENCH_MEMBERS=100000 node --import tsx bench/src/explain-people.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../../server/src/db/client';
import { DASHBOARD_SQL } from '../../server/src/modules/pastor-dashboard/routes';
import { seedPeople } from './seed/seed-people';

const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-people-'));
const database = await openDatabase({ pgliteDir: dir });
try {
  await database.migrate();
  await seedPeople(database.db, { members, donations: 200_000, prayers: 200, events: 40 });
  const q = new PgDialect().sqlToQuery(DASHBOARD_SQL);
  const client = database.pglite!;
  const run = async (text: string, params: unknown[] = []) => (await client.query<Record<string, string>>(text, params)).rows;
  await run('analyze');
  for (let i = 0; i < 3; i++) await run(q.sql, q.params);
  const plan = await run(`explain (analyze, buffers) ${q.sql}`, q.params);
  console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
