import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/src/db/client';

/**
 * Runs `fn` on a new, migrated database of its own — a temporary PGlite folder or a new PostgreSQL
 * database on `pgUrl` — and removes it afterwards.
 */
export async function withBenchDatabase<T>(
  engine: string,
  label: string,
  pgUrl: string,
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-bench-pglite-`));
    const database = await openDatabase({ pgliteDir: dir });
    try {
      return await fn(database);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const scratch = await scratchPostgresDatabase(pgUrl, `bench_${label}`);
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    return await fn(database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/**
 * A new, empty PostgreSQL database `<prefix>_<time>` on the server of `pgUrl` (BENCH_DB_PREFIX in front, so
 * benches running side by side can tell theirs apart), and how to drop it.
 */
export async function scratchPostgresDatabase(pgUrl: string, prefix: string) {
  const name = `${process.env.BENCH_DB_PREFIX ?? ''}${prefix}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
