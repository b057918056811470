import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { isDatabaseEmpty, seedDemoChurch } from './db/seed/demo';
import { ensureSeedMedia } from './db/seed/publish';
import { resolveJwtSecret } from './lib/secrets';
import { ensureBundledBible } from './modules/bible/bundled';
import { upgradeDatabase } from './modules/ops/upgrade';
import { Worker } from 'node:worker_threads';

function runInWorker(pgliteDir: string, demoData: boolean, bundledBible: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    // The entry is a one-line loader so the TypeScript file goes through the same tsx hooks as the main thread.
    const entry = new URL('./db/prepare-worker.ts', import.meta.url).href;
    const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(code, { eval: true, workerData: { pgliteDir, demoData, bundledBible } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Preparing the database failed (exit ${code})`))));
  });
}

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** Migrations, and the demo church when asked and the database has nobody in it yet. */
async function prepare(database: Database, config: Config, log: (msg: string) => void) {
  await upgradeDatabase(database, {
    uploadDir: config.uploadDir,
    backupDir: config.backupDir ?? path.join(config.dataDir, 'backups'),
    log,
  });
  if (config.demoData && (await isDatabaseEmpty(database.db))) {
    log('New database: seeding the demo church (DEMO_DATA=false turns this off)');
    await seedDemoChurch(database.db);
  }
}

/**
 * Opens (and locks) the database, applies migrations, seeds a new demo
 * church when asked, builds the app and listens.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const unlock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'db');
  const log = (msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg }));
  let database: Database | undefined;
  try {
    if (pgliteDir && !fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      // Creating a new embedded database (initdb) leaves ~400 MB of WASM heap
      // behind; preparing it in a first instance and reopening keeps the
      // running server at its steady-state memory.
      log('New embedded database: creating it' + (config.demoData ? ' with the demo church (DEMO_DATA=false turns this off)' : ''));
      await runInWorker(pgliteDir, config.demoData, config.bundledBible);
    }
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
    await prepare(database, config, log);
    if (config.demoData) ensureSeedMedia(config.uploadDir);
    const jwtSecret = await resolveJwtSecret(database, config.jwtSecret, config.dataDir);
    const { app, ctx } = await buildApp({ config, database, jwtSecret });
    await ctx.jobs.start();
    const url = await app.listen({ port: config.port, host: config.host });
    // A database made before the Bible shipped (or PostgreSQL) gets it now, while the server already answers.
    let importing = false;
    if (config.bundledBible) {
      importing = true;
      ensureBundledBible(database.db)
        .then(
          (summary) => summary && app.log.info({ bible: summary }, `Imported the shipped Bible (${summary.id}) for offline reading`),
          (err) => app.log.error({ err }, 'Importing the shipped Bible failed; the Bible service falls back to the online source'),
        )
        .finally(() => (importing = false));
    }
    const db = database;
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      url,
      stop: () =>
        (stopping ??= (async () => {
          await app.close();
          // The Bible import is one transaction: leaving it unfinished rolls it back and the next
          // start imports again, so shutdown does not wait for it (closing would, for minutes).
          if (importing) app.log.warn('Stopping during the Bible import: it starts again on the next start');
          else await db.close();
          await unlock?.();
        })()),
    };
  } catch (err) {
    await database?.close().catch(() => {});
    await unlock?.().catch(() => {});
    throw err;
  }
}
