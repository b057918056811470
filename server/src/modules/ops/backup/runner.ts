import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../../db/client';

/** Plain SQL on either driver: the backup and restore speak SQL, not Drizzle, so they cover every table. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

const fromPglite = (p: PGlite | Transaction): SqlRunner => ({
  query: async <T>(sql: string, params?: unknown[]) => (await p.query<T>(sql, params)).rows,
  exec: async (sql) => {
    await p.exec(sql);
  },
});

const fromPg = (c: pg.PoolClient | pg.Client): SqlRunner => ({
  query: async <T>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as T[],
  exec: async (sql) => {
    await c.query(sql);
  },
});

/**
 * A consistent read of the whole database where the driver allows it. On
 * PostgreSQL one REPEATABLE READ transaction on its own connection: every
 * table is read at the same instant while the server writes on. PGlite is a
 * single connection, and a transaction there would stall every request for
 * the length of the backup, so its reads are batches between requests.
 */
export async function withReadSnapshot<T>(database: Database, fn: (run: SqlRunner) => Promise<T>): Promise<T> {
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const result = await fn(fromPg(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  return fn(fromPglite(database.pglite!));
}

/** Everything inside one transaction: it all happens, or nothing does. */
export async function withWriteTransaction<T>(database: Database, fn: (run: SqlRunner) => Promise<T>): Promise<T> {
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(fromPg(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  return database.pglite!.transaction((tx) => fn(fromPglite(tx)));
}
