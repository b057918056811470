import { sql, type SQL } from 'drizzle-orm';
import { createRequire } from 'node:module';
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
  const executor = databaseExecutor(database);
  const boss = new PgBoss({ db: executor, schema: JOBS_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  // Once per database (and again should a pg-boss upgrade ever recreate its table); migrate() runs at every start.
  const { rows } = await executor.executeSql(
    `SELECT 1 FROM pg_trigger WHERE tgrelid = '${JOBS_SCHEMA}.job'::regclass AND tgname = 'church_jobs_due_insert'`,
  );
  if (!rows.length) await executor.executeSql(JOBS_DUE_TRIGGERS);
}

/**
 * Whether pg-boss's schema is the installed pg-boss's version and carries our wake-up trigger: a server
 * whose database is already current skips installJobsSchema (a pg-boss start and stop, ~0.1 s of a warm
 * start on the embedded database).
 */
export async function jobsSchemaCurrent(database: Database): Promise<boolean> {
  const executor = databaseExecutor(database);
  const { rows } = await executor.executeSql(
    `SELECT to_regclass('${JOBS_SCHEMA}.version') IS NOT NULL AS installed,
            EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass('${JOBS_SCHEMA}.job') AND tgname = 'church_jobs_due_insert') AS triggered`,
  );
  if (!rows[0]?.installed || !rows[0]?.triggered) return false;
  const version = await executor.executeSql(`SELECT version FROM ${JOBS_SCHEMA}.version`);
  return Number(version.rows[0]?.version) === PG_BOSS_SCHEMA_VERSION;
}
/** The schema version the installed pg-boss creates and migrates to (its version.json; not among its exports). */
const PG_BOSS_SCHEMA_VERSION: number = (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;

/** The bus event the database sends when jobs become due (see JOBS_DUE_TRIGGERS); `at` in epoch milliseconds. */
export const JOBS_DUE_EVENT = 'jobs-due';

/**
 * Wake-ups instead of fast polling (jobs/queue.ts). Whenever a statement leaves
 * jobs waiting to run — sent, sent in a transaction that commits, failed and
 * put back for a retry, expired — the database announces, on the chat bus's
 * channel and as it commits, each queue and the earliest time (per second) its
 * new jobs are due: every instance's idle workers then fetch at once, or at
 * that time. A rolled-back send announces nothing. Statement-level with a
 * transition table, so a bulk send of 10,000 jobs is one notification, not
 * 10,000 calls; capped at 50 per statement (more distinct due times than that
 * are left to the fallback poll). The bus envelope is realtime/bus.ts's, with
 * origin 'database' (no instance), as migrations 0029 and 0031 send it.
 */
const JOBS_DUE_TRIGGERS = `
CREATE OR REPLACE FUNCTION ${JOBS_SCHEMA}.church_jobs_due() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT name, floor(extract(epoch FROM min(start_after)) * 1000)::bigint AS at
    FROM due_rows
    WHERE state IN ('created', 'retry')
    GROUP BY name, date_trunc('second', start_after)
    ORDER BY 2
    LIMIT 50
  LOOP
    PERFORM pg_notify('church_chat', json_build_object(
      'o', 'database',
      'e', json_build_object('t', '${JOBS_DUE_EVENT}', 'name', r.name, 'at', r.at)
    )::text);
  END LOOP;
  RETURN NULL;
END;
$fn$;
DROP TRIGGER IF EXISTS church_jobs_due_insert ON ${JOBS_SCHEMA}.job;
DROP TRIGGER IF EXISTS church_jobs_due_update ON ${JOBS_SCHEMA}.job;
CREATE TRIGGER church_jobs_due_insert AFTER INSERT ON ${JOBS_SCHEMA}.job
  REFERENCING NEW TABLE AS due_rows FOR EACH STATEMENT EXECUTE FUNCTION ${JOBS_SCHEMA}.church_jobs_due();
CREATE TRIGGER church_jobs_due_update AFTER UPDATE ON ${JOBS_SCHEMA}.job
  REFERENCING NEW TABLE AS due_rows FOR EACH STATEMENT EXECUTE FUNCTION ${JOBS_SCHEMA}.church_jobs_due();
`;
