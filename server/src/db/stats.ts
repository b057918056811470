import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Refreshes a table's planner statistics when they say it holds fewer than `rows` rows.
 *
 * For a job that grows a table by thousands of rows at a time (a bulk message writes a
 * notification per person and links it from the recipient row). The foreign-key check behind
 * each such link is a query the database plans once and then reuses until the table is next
 * analyzed; planned while the statistics said "empty", it reads the whole table for every row,
 * and the job turns quadratic (measured on the 10,000-person send: 50 ms for a 50-row slice by
 * the end, against 3 ms). PGlite has no autovacuum, so nothing else would ever analyze the
 * table; PostgreSQL's autovacuum does, but only a minute or so later. ANALYZE reads a sample
 * and makes the plans that use the table be made again.
 */
export async function analyzeIfBelow(db: Db, table: PgTable, rows: number, columns: PgColumn[] = []): Promise<boolean> {
  const name = getTableName(table);
  const res = (await db.execute(sql`select reltuples from pg_class where oid = to_regclass(${name})`)) as unknown as {
    rows: Array<{ reltuples: number | string }>;
  };
  const estimate = Number(res.rows[0]?.reltuples ?? 0);
  if (estimate >= rows) return false;
  // The smallest sample (300 rows instead of 30,000): enough to know the size and the few values a
  // job's plans hang on, and on PGlite the statement holds the API's one thread: 25 ms for the
  // 10,000 recipients of a send at 3,000 rows (one stall the office bench's probe met), 2–2.5 ms so (load ~8).
  // `columns` narrows it further to what the job's plans filter on: the table's size (what the
  // plans above need) is counted either way, and the other columns' statistics (long text above all)
  // cost time for nothing. Leave out none a plan hangs on: without email_state's figures the bulk
  // send's e-mail step sorted every pending recipient per slice (74 ms a statement, measured).
  const only = columns.length
    ? sql` (${sql.join(
        columns.map((c) => sql.identifier(c.name)),
        sql`, `,
      )})`
    : sql``;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = 1`);
    await tx.execute(sql`analyze ${sql.identifier(name)}${only}`);
  });
  return true;
}
