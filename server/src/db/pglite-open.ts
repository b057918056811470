import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { setServerV8Flags } from '../lib/v8-flags';

/**
 * Opening the embedded engine, kept apart from the rest of the database layer (drizzle, pg, the schema,
 * the job queue) so the server's entry can start it before loading the app (main.ts): the two overlap.
 */

/**
 * PostgreSQL settings for the embedded engine, after PGlite's own. Its WASM heap never shrinks,
 * and the default 128 MB of shared buffers is reserved in it at open: 16 MB holds a small church's
 * hot pages, and cut idle RSS by ~165 MB and the open time by half (measured on a 50,000-row table).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The engine's WebAssembly stays on V8's baseline compiler (Liftoff). With V8's default tier-up, the
 * optimising compiler works through PostgreSQL's hot functions on background threads after every open:
 * the main thread then stood still ~300 ms right after the open (waiting on the compiler), and the
 * optimised code took ~60 MB of resident memory; statements were no faster for it here (a statement
 * mix ran 25–35 % faster on Liftoff alone, request rates within ±10 %: bench/reports/speed-notes.md).
 * It concerns WebAssembly only (JavaScript is compiled as before), and must be set before the module is
 * compiled, so it is set when this file loads.
 */
setServerV8Flags(['--liftoff-only']);

export interface PgliteOpenOptions {
  /** Data directory; omitted means in memory. */
  dataDir?: string;
  /** A dumped data directory to start from (a new database from the shipped template; tests). */
  loadDataDir?: Blob | File;
}

/** Starts the engine with our settings and extensions. */
export function createPglite(opts: PgliteOpenOptions): Promise<PGlite> {
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  return PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    startParams: PGLITE_START_PARAMS,
    extensions: { pg_trgm },
  });
}
