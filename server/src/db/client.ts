import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite-open';
import { prepareStatementsOnce } from './pglite-statements';
import { migrateEmbedded } from './pglite-migrate';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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
  /** The engine already being opened on `pgliteDir` (main.ts starts it before loading the app). */
  pglite?: Promise<PGlite>;
  poolMax?: number;
  /** Shown in pg_stat_activity: a restore refuses to run while a server's connections are there. */
  applicationName?: string;
}

/** The name the server's connections carry on PostgreSQL (see OpenOptions.applicationName). */
export const SERVER_APPLICATION_NAME = 'church-platform';

/**
 * How long a query may wait for a connection (a new one, or a free slot in the
 * pool) before it fails. Without it a request would wait for ever while the
 * database is unreachable; with it the request fails and is answered 503.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      application_name: opts.applicationName ?? SERVER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A dead peer (a crashed host, a cut network) is noticed by TCP keepalive instead of never.
      keepAlive: true,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    // Nor one that is checked out between two queries (a transaction waiting on our code) when the
    // database goes away: pg emits 'error' on it, which with no listener ends the process. The
    // failure still reaches the caller through its next query, and the pool drops the client.
    pool.on('connect', (client) => client.on('error', () => {}));
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
  // Trigram indexes make member search fast (migration 'members' creates the extension): createPglite loads pg_trgm.
  const pglite = await (opts.pglite ?? createPglite({ dataDir: opts.pgliteDir, loadDataDir: opts.loadDataDir }));
  yieldBetweenStatements(pglite);
  prepareStatementsOnce(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const database: Database = {
    kind: 'pglite',
    db,
    pglite,
    ping: async () => {
      await pglite.query('select 1');
    },
    migrate: async () => {
      await migrateEmbedded(pglite, MIGRATIONS_DIR);
      await installJobsSchema(database);
    },
    close: () => pglite.close(),
  };
  return database;
}

/**
 * The first byte of the protocol messages that start a statement: Parse (extended), Query (simple), and
 * Bind or Close for a statement prepared before (pglite-statements.ts sends Close ahead of a Bind).
 */
const STARTS_STATEMENT = new Set([0x50, 0x51, 0x42, 0x43]);

/** How long a chain of statements may run before it lets the event loop take a turn (see below). */
const TURN_MS = 2;

/**
 * PGlite runs each statement synchronously on the thread that answers requests, and a request's chain of
 * statements resolves as microtasks: with no turn of the event loop between them, a request that runs ten
 * statements (a bulk send's create: count, insert, job, audit, read back) holds every other request, even
 * one that needs no database, for all ten. So a statement that would start more than TURN_MS after the loop
 * last came round first lets it come round (issue 13: the API's p99 during a send). A marker set once per
 * turn tells when that was; under ordinary load the loop comes round between requests anyway and no
 * statement waits (a turn before every statement cost ~30 % of signed-in req/s at 20 connections; 2 ms costs none measurable). It
 * changes no result: statements still run one at a time, in order, inside PGlite's own lock.
 */
function yieldBetweenStatements(pglite: PGlite) {
  const raw = pglite.execProtocolRaw.bind(pglite);
  let turnAt = performance.now();
  let marker: NodeJS.Immediate | undefined;
  const mark = () => {
    turnAt = performance.now();
    marker = undefined;
  };
  pglite.execProtocolRaw = async (message, options) => {
    if (STARTS_STATEMENT.has(message[0]!)) {
      if (performance.now() - turnAt > TURN_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        turnAt = performance.now();
      }
      marker ??= setImmediate(mark);
    }
    return raw(message, options);
  };
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

/** Socket-level codes of a database that cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a database that is going away or not ready: class 08 (connection exception),
 * 57P01–57P03 (shut down by the administrator, crash shutdown, cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres reports a dropped connection and a connect timeout in words only. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * True when `err` says the database is unreachable or unavailable (not that the
 * query was wrong): the request may succeed later, so it is answered 503.
 * Looks through drizzle's wrapper (`cause`) and Node's AggregateError (`errors`).
 * A socket code counts only on the error itself or under a failed query: the
 * same ECONNREFUSED under fetch's 'fetch failed' is an outside service, not us.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0, underQuery = false): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; query?: unknown };
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_SQLSTATES.test(e.code)) return true;
    if (UNREACHABLE_CODES.has(e.code) && (depth === 0 || underQuery)) return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // drizzle's DrizzleQueryError carries the SQL it ran: what it wraps came from the database driver.
  const isQuery = underQuery || typeof e.query === 'string';
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1, isQuery || depth === 0))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1, isQuery);
}
