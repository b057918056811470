import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { installJobsSchema } from '../jobs/executor';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; queries look the same as on Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The pg pool (PostgreSQL only): for LISTEN/NOTIFY and other driver-level needs. */
  pool?: pg.Pool;
  /** The embedded engine (PGlite only). */
  pglite?: PGlite;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory. */
  pgliteDir?: string;
  /** A dumped PGlite data directory to start from (tests). */
  loadDataDir?: Blob | File;
  poolMax?: number;
  /** Shown in pg_stat_activity: a restore refuses to run while a server's connections are there. */
  applicationName?: string;
}

/** The name the server's connections carry on PostgreSQL (see OpenOptions.applicationName). */
export const SERVER_APPLICATION_NAME = 'church-platform';

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      application_name: opts.applicationName ?? SERVER_APPLICATION_NAME,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = {
      kind: 'postgres',
      db,
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      // Our tables, then the job queue's (pg-boss keeps its own schema and version).
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await installJobsSchema(database);
      },
      close: () => pool.end(),
    };
    return database;
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: opts.pgliteDir,
    loadDataDir: opts.loadDataDir,
    // Trigram indexes make member search fast (migration 'members' creates the extension).
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const database: Database = {
    kind: 'pglite',
    db,
    pglite,
    ping: async () => {
      await pglite.query('select 1');
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await installJobsSchema(database);
    },
    close: () => pglite.close(),
  };
  return database;
}

/** PostgreSQL error code of a failed query, wherever the driver put it. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
