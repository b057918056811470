import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportSummary } from '@church/contract/bible/schemas';
import type { Config } from '../config';
import type { PrepareWork } from './prepare-worker';
import { isCompiled } from '../lib/compiled';

export interface PrepareResult {
  seeded: boolean;
  bible: ImportSummary | null;
}
type WorkerMessage = ({ type: 'done' } & PrepareResult) | { type: 'waiting' };

/** Work done in a child process (db/prepare-worker.ts): the child, and what it did once it exits. */
export function startWorker(work: PrepareWork): { child: ChildProcess; done: Promise<PrepareResult>; migrated(): void } {
  // Compiled (`npm start`, scripts/build-server.mjs): the worker is its own file beside this bundle.
  // From TypeScript (tests, e2e, dev): through the same tsx loader.
  const compiled = isCompiled(import.meta.url);
  const child = fork(fileURLToPath(new URL(compiled ? './prepare-worker.mjs' : './prepare-worker.ts', import.meta.url)), [], {
    execArgv: compiled ? [] : ['--import', 'tsx'],
    env: { ...process.env, CHURCH_PREPARE_WORK: JSON.stringify(work) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A message sent before the child listens is lost: 'migrated' waits until the child says it is waiting.
  let listening = false;
  let migratedWanted = false;
  const done = new Promise<PrepareResult>((resolve, reject) => {
    let result: PrepareResult = { seeded: false, bible: null };
    child.on('message', (m: WorkerMessage) => {
      if (m.type === 'done') result = m;
      if (m.type !== 'waiting') return;
      listening = true;
      if (migratedWanted) child.send({ type: 'migrated' });
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(result) : reject(new Error(`Preparing the database failed (exit ${code})`))));
  });
  const migrated = () => (listening ? child.send({ type: 'migrated' }) : (migratedWanted = true));
  return { child, done, migrated };
}

/**
 * Makes a new embedded database (the shipped empty cluster, migrations, the demo church when asked) in a
 * child process: creating one leaves ~400 MB of WASM heap behind, and preparing it in a first instance
 * and reopening keeps the running server at its steady-state memory. The shipped Bible is not imported
 * here: the server does that in steps once it listens (start.ts), so a first start answers in ~3 s
 * instead of ~6.5 (the import is ~3 s of the embedded database's time, +~30 MB of the server's RSS).
 * Light on purpose (no database code here): main.ts starts it before loading the app (early-open.ts).
 */
export function newEmbeddedDatabase(config: Config, log: (msg: string) => void) {
  log('New embedded database: creating it' + (config.demoData ? ' with the demo church (DEMO_DATA=false turns this off)' : ''));
  return startWorker({
    pgliteDir: path.join(config.dataDir, 'db'),
    migrate: true,
    demoData: config.demoData,
    bundledBible: false,
  });
}
