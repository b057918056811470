import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client';

/** What pg-boss needs from a database: one function running SQL with $n parameters. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The schema pg-boss keeps its tables in (job, archive, queue, schedule, version). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * pg-boss on our own connection: the `pg` pool on PostgreSQL, the single
 * PGlite instance otherwise. PGlite's `query` takes one statement with
 * parameters; pg-boss's schema creation and migrations are multi-statement
 * scripts without parameters, which PGlite runs through `exec`.
 */
export function databaseExecutor(database: Database): SqlExecutor {
  if (database.pool) {
    const pool = database.pool;
    return { executeSql: async (text, values) => pool.query(text, values as unknown[]) };
  }
  const pglite = database.pglite!;
  return {
    async executeSql(text, values) {
      if (values && values.length) return pglite.query<Record<string, unknown>>(text, values);
      const results = await pglite.exec(text);
      return (results[results.length - 1] as { rows: Record<string, unknown>[] } | undefined) ?? { rows: [] };
    },
  };
}

/**
 * Runs pg-boss statements through a Drizzle transaction, so a job is sent
 * only if the surrounding work commits. (On PGlite this is also the only
 * safe way to send from inside a transaction: the engine has one
 * connection, and a query outside the open transaction would wait for it.)
 * pg-boss's insert statement carries no `$` other than its placeholders.
 */
export function drizzleExecutor(q: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d{1,3})/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql`${toParam(values[Number(m[1]) - 1])}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await q.execute(sql.join(chunks))) as unknown as { rows?: Record<string, unknown>[] };
      return { rows: result.rows ?? (result as unknown as Record<string, unknown>[]) };
    },
  };
}

// Objects and arrays go to PostgreSQL as JSON text, as the pg driver would send them.
const toParam = (v: unknown) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : (v ?? null));

/**
 * Creates pg-boss's schema, or migrates it to the installed version. Called
 * from Database.migrate() so a new database (and the test template) has it
 * before anything sends a job. pg-boss takes an advisory lock, so several
 * instances starting together do not race.
 */
export async function installJobsSchema(database: Database): Promise<void> {
  const boss = new PgBoss({ db: databaseExecutor(database), schema: JOBS_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
