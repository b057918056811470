import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client';
import { isCompiled } from '../lib/compiled';
import { copyPgliteTemplate, extractPgliteTemplate, markMigratedTemplate, migratedTemplate, pgliteTemplate } from './pglite-template';
import { isDatabaseEmpty, seedDemoChurch } from './seed/demo';
import { ensureBundledBible, parseBundledBibleAhead } from '../modules/bible/bundled';

/**
 * Runs in a child process (start.ts), so everything the work grows is given back to the system when it
 * exits (a worker thread's WASM and malloc arenas stayed in the server's RSS: ~130 MB after a first start):
 * - a new embedded database (initdb, migrations, the demo church, the shipped Bible) leaves ~400 MB of
 *   WASM heap behind;
 * - importing the shipped Bible into PostgreSQL parses 31,000 verses, ~100 MB of JavaScript heap that the
 *   main thread would keep reserved for the life of the process.
 */
export interface PrepareWork {
  pgliteDir?: string;
  databaseUrl?: string;
  /** Apply migrations (a new embedded database); PostgreSQL is migrated by the main thread first. */
  migrate: boolean;
  demoData: boolean;
  bundledBible: boolean;
  /** PostgreSQL: the server migrates while this process parses the Bible; wait for its 'migrated' message. */
  afterMigrations?: boolean;
  /** The build's migrated copy (scripts/build-server.mjs): pgliteDir is <build>/pglite-template, marked whole once closed. */
  asTemplate?: boolean;
}
// The server went away (stopped, or died) before the work was done: stop too; its transaction rolls back.
let answered = false;
process.on('disconnect', () => answered || process.exit(1));
const work = JSON.parse(process.env.CHURCH_PREPARE_WORK ?? '{}') as PrepareWork;
const migrated = work.afterMigrations
  ? new Promise<void>((resolve) => process.on('message', (m: { type?: string }) => m?.type === 'migrated' && resolve()))
  : null;
// Listening now: the server sends 'migrated' only after this (a message before it would be lost).
if (migrated) process.send?.({ type: 'waiting' });
// The shipped Bible is parsed on another thread meanwhile: during initdb, migrations and the demo church
// here (the embedded database), or while the server migrates (PostgreSQL).
const ahead = work.bundledBible ? parseBundledBibleAhead() : null;
// A new embedded database (migrate) starts from the shipped empty cluster instead of running initdb.
if (work.pgliteDir && work.migrate && !fs.existsSync(path.join(work.pgliteDir, 'PG_VERSION'))) {
  // Compiled (`npm start`): the build's migrated copy beside this file when there is one; otherwise the shipped
  // empty cluster (migrated below); without either, PGlite runs initdb.
  const built = isCompiled(import.meta.url) ? migratedTemplate(fileURLToPath(new URL('.', import.meta.url))) : undefined;
  const template = built ? undefined : pgliteTemplate();
  if (built) copyPgliteTemplate(built, work.pgliteDir);
  else if (template) await extractPgliteTemplate(template, work.pgliteDir);
}
const database = await openDatabase({ pgliteDir: work.pgliteDir, databaseUrl: work.databaseUrl, poolMax: 1 });
let seeded = false;
let bible: Awaited<ReturnType<typeof ensureBundledBible>> = null;
try {
  await migrated;
  if (work.migrate) await database.migrate();
  if (work.demoData && (await isDatabaseEmpty(database.db))) {
    await seedDemoChurch(database.db);
    seeded = true;
  }
  if (work.bundledBible) bible = await ensureBundledBible(database.db, { ahead });
} finally {
  ahead?.cancel();
  await database.close();
}
if (work.asTemplate) markMigratedTemplate(path.dirname(work.pgliteDir!));
// The IPC channel keeps this process alive: let go of it once the answer is sent.
answered = true;
process.send?.({ type: 'done', seeded, bible }, () => process.disconnect());
