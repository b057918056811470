import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { isDatabaseEmpty, seedDemoChurch } from './db/seed/demo';
import { resolveJwtSecret } from './lib/secrets';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens (and locks) the database, applies migrations, seeds a new demo
 * church when asked, builds the app and listens.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const unlock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
    await database.migrate();
    const jwtSecret = await resolveJwtSecret(database, config.jwtSecret, config.dataDir);
    const { app } = await buildApp({ config, database, jwtSecret });
    if (config.demoData && (await isDatabaseEmpty(database.db))) {
      app.log.info('New database: seeding the demo church (DEMO_DATA=false turns this off)');
      await seedDemoChurch(database.db);
    }
    const url = await app.listen({ port: config.port, host: config.host });
    const db = database;
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      url,
      stop: () =>
        (stopping ??= (async () => {
          await app.close();
          await db.close();
          await unlock?.();
        })()),
    };
  } catch (err) {
    await database?.close().catch(() => {});
    await unlock?.().catch(() => {});
    throw err;
  }
}
