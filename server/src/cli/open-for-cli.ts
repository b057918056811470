import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { keepFilesPrivate } from '../lib/private-files';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

/**
 * Command-line tools open the same database the server uses. The embedded
 * database admits one process: while the server runs, a tool stops here with
 * a clear message instead of corrupting the data.
 */
export async function openForCli(): Promise<{ config: Config; database: Database; close: () => Promise<void> }> {
  const config = loadCliConfig();
  let unlock: (() => Promise<void>) | null = null;
  if (!config.databaseUrl) {
    try {
      unlock = await lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirInUseError) {
        fail(
          `${err.message}\n\nThe server is probably running. Stop it (Ctrl+C in its terminal), run this command again, then start the server.`,
        );
      }
      throw err;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
  });
  await database.migrate();
  return {
    config,
    database,
    close: async () => {
      await database.close();
      await unlock?.();
    },
  };
}

/** The environment's configuration, or a clear message and exit when a value is wrong. */
export function loadCliConfig(): Config {
  try {
    const config = loadConfig();
    // What a tool writes (a backup, a restored database) is as private as what the server writes.
    keepFilesPrivate(config.dataDir, [config.uploadDir, config.backupDir]);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
