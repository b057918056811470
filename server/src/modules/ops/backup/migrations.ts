import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../../../db/client';
import type { SqlRunner } from './runner';

/**
 * Applies migrations the way drizzle's migrator does (same bookkeeping table,
 * same hashes), but on a runner the caller holds a transaction on, so a
 * restore can bring the schema up to the backup's version, load the rows and
 * go on to the newest schema all in one transaction.
 */
export async function applyMigrations(run: SqlRunner, opts: { upTo?: number; migrationsDir?: string } = {}) {
  const all = readMigrationFiles({ migrationsFolder: opts.migrationsDir ?? MIGRATIONS_DIR });
  await run.exec('CREATE SCHEMA IF NOT EXISTS drizzle');
  await run.exec('CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
  const [last] = await run.query<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const done = last ? Number(last.created_at) : -1;
  const wanted = all.slice(0, opts.upTo ?? all.length);
  let applied = 0;
  for (const m of wanted) {
    if (m.folderMillis <= done) continue;
    for (const stmt of m.sql) if (stmt.trim()) await run.exec(stmt);
    await run.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [m.hash, m.folderMillis]);
    applied += 1;
  }
  return applied;
}
