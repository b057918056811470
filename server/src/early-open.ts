import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from './config';
import { lockDataDir } from './db/data-dir-lock';
import { newEmbeddedDatabase, type PrepareResult } from './db/prepare-child';

/** The embedded database's data directory, locked, and its engine opening (see openEarly). */
export interface EarlyOpen {
  locked: Promise<() => Promise<void>>;
  /** Absent on a first start: the new database is made in a child process first (`prepared`). */
  pglite?: Promise<PGlite>;
  /** A first start: the child process making the new database, done (start.ts opens it then). */
  prepared?: Promise<PrepareResult>;
  /**
   * Settles once that work is under way: the engine's open called, or the child process started (or either
   * failed; startServer reports it). main.ts waits for it before loading the app: evaluating the app's code
   * holds the thread ~0.3 s, and the lock's answer, the engine's file reads and the child's start would wait
   * behind it instead of running beside it.
   */
  started: Promise<void>;
}

/**
 * Locks the data directory and starts opening the embedded database before the server loads the rest of
 * its code (main.ts): the engine's start (~0.5 s, partly reading files and compiling WebAssembly off the
 * main thread) then overlaps loading the app (~0.7 s) instead of following it (issue 16: warm start). On
 * a first start, the child process that makes the new database starts here, for the same reason.
 * Nothing here for PostgreSQL (the pool connects on first use).
 */
export function openEarly(config: Config, log: (msg: string) => void): EarlyOpen | undefined {
  if (config.databaseUrl) return undefined;
  const dataDir = path.join(config.dataDir, 'db');
  const locked = lockDataDir(config.dataDir);
  const exists = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  // The engine's code is loaded only to open an existing database: on a first start the child process
  // starts without waiting for it (~70 ms).
  const engine = exists ? import('./db/pglite-open') : undefined;
  let begun!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const pglite =
    engine &&
    locked.then(async () => {
      const opening = (await engine).createPglite({ dataDir });
      begun();
      return opening;
    });
  const prepared = exists
    ? undefined
    : locked.then(() => {
        const child = newEmbeddedDatabase(config, log);
        begun();
        return child.done;
      });
  // startServer awaits them; a failure before it does must not end the process as an unhandled rejection.
  for (const p of [locked, engine, pglite, prepared]) p?.catch(() => begun());
  return { locked, pglite, prepared, started };
}
