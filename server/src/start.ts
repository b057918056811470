import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { buildApp } from './app';
import { openDatabase, type Database, type Db } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { isDatabaseEmpty, seedDemoChurch } from './db/seed/demo';
import { ensureSeedMedia } from './db/seed/publish';
import { resolveJwtSecret } from './lib/secrets';
import { startupLog } from './lib/startup-log';
import { bundledBibleState, ensureBundledBible, hasBundledBible, parseBundledBibleAhead } from './modules/bible/bundled';
import { newEmbeddedDatabase, startWorker } from './db/prepare-child';
import type { JobQueue } from './jobs/queue';
import { upgradeDatabase } from './modules/ops/upgrade';
import type { EarlyOpen } from './early-open';

export { UpgradeError } from './modules/ops/upgrade';
import { sql } from 'drizzle-orm';

/**
 * PostgreSQL without the shipped Bible whole (a new database, not even migrated yet, or one made before the
 * Bible shipped). Asked before the migrations; the embedded database answers this after its first start instead.
 */
async function bundledBibleMissing(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select to_regclass('bible_translations') is not null as migrated`)) as unknown as {
    rows: Array<{ migrated: boolean }>;
  };
  return !result.rows[0]?.migrated || (await bundledBibleState(db)) !== 'whole';
}

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** The server's job queue (its workers run in this process). */
  jobs: JobQueue;
  /** Resolves once the job workers run (a moment after listening: plugins/after-start.ts), or the server closed first. */
  jobsStarted: Promise<void>;
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
export async function startServer(config: Config, early?: EarlyOpen): Promise<RunningServer> {
  const unlock = config.databaseUrl ? null : await (early?.locked ?? lockDataDir(config.dataDir));
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'db');
  const log = startupLog;
  let database: Database | undefined;
  let bibleImport: ReturnType<typeof startWorker> | undefined;
  let jobsStarting: Promise<void> | undefined;
  let jobs: JobQueue | undefined;
  try {
    // A new embedded database is made in a child process first (db/prepare-child.ts); main.ts starts it
    // before loading the app (early-open.ts).
    if (early?.prepared) await early.prepared;
    else if (pgliteDir && !fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) await newEmbeddedDatabase(config, log).done;
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, pglite: early?.pglite });
    // PostgreSQL without the shipped Bible: its import's process starts now and parses the Bible while this
    // one migrates and starts listening; it touches the database once told the migrations are done.
    if (config.databaseUrl && config.bundledBible && (await bundledBibleMissing(database.db))) {
      bibleImport = startWorker({
        databaseUrl: config.databaseUrl,
        migrate: false,
        demoData: false,
        bundledBible: true,
        afterMigrations: true,
      });
      // Its failure is logged below once the server listens; stopping it on a failed start is not a second failure.
      bibleImport.done.catch(() => {});
    }
    await prepare(database, config, log);
    bibleImport?.migrated();
    if (config.demoData) ensureSeedMedia(config.uploadDir);
    const jwtSecret = await resolveJwtSecret(database, config.jwtSecret, config.dataDir);
    const { app, ctx } = await buildApp({ config, database, jwtSecret });
    // Said before listening, so the first health check already tells that the Bible is on its way.
    const importBible = !!bibleImport || (!config.databaseUrl && config.bundledBible && !(await hasBundledBible(database.db)));
    if (importBible) ctx.startup.bibleImport = 'importing';
    // The job workers start a moment after the server listens (app.afterStart), so their first fetches
    // (~20 statements, on the embedded database's one connection) come after the first requests. Listening
    // waits only for the queues (the app's onReady hook; a job sent in a transaction needs them).
    let workersGo!: (go: boolean) => void;
    jobs = ctx.jobs;
    jobsStarting = jobs.start({ workersAfter: new Promise<boolean>((resolve) => (workersGo = resolve)) });
    jobsStarting.catch(() => {}); // handed to the caller (jobsStarted); a failed listen must not leave it unhandled
    app.afterStart(() => workersGo(true));
    app.addHook('onClose', async () => workersGo(false)); // closed first: the workers never start
    const url = await app.listen({ port: config.port, host: config.host }).catch(async (err: unknown) => {
      const stopping = ctx.jobs.stop(0); // first: the workers then never start
      workersGo(false);
      await stopping.catch(() => {});
      throw err;
    });
    // The shipped Bible, when this database lacks it (a new database, or one made before the Bible shipped),
    // is imported now, while the server already answers (issue 16: a first start listens in ≤ 5 s): on
    // PostgreSQL in the child process started above (its own connection; the parse's heap goes with it), on
    // the embedded database in this thread (it is the database's only connection), in short steps so
    // requests go in between; its translation shows once whole. /api/health says how far it is.
    let stopImport = false;
    let importing: Promise<unknown> | undefined;
    if (importBible) {
      const cache = app.publicCache;
      importing = (
        bibleImport
          ? bibleImport.done.then((r) => r.bible)
          : ensureBundledBible(database.db, { ahead: parseBundledBibleAhead(), inSteps: { stop: () => stopImport } })
      ).then(
        async (summary) => {
          if (stopImport) return;
          ctx.startup.bibleImport = 'done';
          if (summary) app.log.info({ bible: summary }, `Imported the shipped Bible (${summary.id}) for offline reading`);
          // Answers kept while it was missing (the versions list, the verse of the day) go.
          await cache.changed(['bible']).catch(() => {});
        },
        (err: unknown) => {
          if (stopImport) return;
          ctx.startup.bibleImport = 'failed';
          app.log.error({ err }, 'Importing the shipped Bible failed; the Bible service falls back to the online source');
        },
      );
    }
    const db = database;
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      jobs: ctx.jobs,
      jobsStarted: jobsStarting,
      url,
      stop: () =>
        (stopping ??= (async () => {
          await app.close();
          if (importing) {
            stopImport = true;
            if (ctx.startup.bibleImport === 'importing')
              app.log.warn('Stopping during the Bible import: it starts again on the next start');
            // The embedded database's import stops after its current step (an unfinished translation is imported
            // again on the next start). On PostgreSQL the import has its own connection (the child's), whose
            // one transaction ends with that process: not waited for.
            if (!config.databaseUrl) await importing;
          }
          await db.close();
          await unlock?.();
        })()),
    };
  } catch (err) {
    bibleImport?.child.kill();
    // Workers that started (or failed to) stop before the database closes.
    if (jobsStarting) await jobsStarting.catch(() => {});
    await jobs?.stop(0).catch(() => {});
    await database?.close().catch(() => {});
    await unlock?.().catch(() => {});
    throw err;
  }
}
