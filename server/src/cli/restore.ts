import path from 'node:path';
import pg from 'pg';
import { openDatabase, SERVER_APPLICATION_NAME } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { BackupError } from '../modules/ops/backup/format';
import { restoreBackup } from '../modules/ops/backup/restore';
import { fail, loadCliConfig } from './open-for-cli';

/**
 * npm run restore -- <file>
 * Replaces the database and the uploaded media with a backup's. Only with the
 * server stopped: a running server would keep serving (and writing) the data
 * being replaced.
 */
const config = loadCliConfig();
const file = process.argv[2];
if (!file) fail('Usage: npm run restore -- <backup file>');
const STOP_FIRST =
  'Stop the server first (Ctrl+C in its terminal, or `systemctl stop church`), run the restore, then start the server again.';

async function serversOnPostgres(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url, application_name: 'church-platform-restore' });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [SERVER_APPLICATION_NAME],
    );
    return Number(r.rows[0]!.n);
  } finally {
    await c.end();
  }
}

let unlock: (() => Promise<void>) | null = null;
if (config.databaseUrl) {
  const n = await serversOnPostgres(config.databaseUrl);
  if (n > 0)
    fail(
      `A server is running on this database (${n} connection${n === 1 ? '' : 's'}): the restore would replace data it is using.\n${STOP_FIRST}`,
    );
} else {
  try {
    unlock = await lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirInUseError)
      fail(`The server is running (it holds ${config.dataDir}): the restore would replace data it is using.\n${STOP_FIRST}`);
    throw err;
  }
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  applicationName: 'church-platform-restore',
  poolMax: 1,
});
const started = performance.now();
try {
  console.log(`Checking ${path.resolve(file)} …`);
  const summary = await restoreBackup(database, config.uploadDir, path.resolve(file));
  const rows = summary.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Restored the backup of ${summary.createdAt} (version ${summary.appVersion}): ${rows} rows in ${summary.tables.length} tables, ${summary.mediaFiles} media files` +
      (summary.upgraded ? `, then ${summary.upgraded} newer database migration(s) applied` : '') +
      ` · ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const o of summary.orphans)
    console.log(
      `${o.table}: ${o.removed} row(s) left out and ${o.cleared} reference(s) cleared — they belonged to rows deleted while the backup was being taken.`,
    );
  if (summary.previousMedia)
    console.log(`The media folder that was replaced is kept at ${summary.previousMedia} (delete it when you are happy).`);
  console.log('Start the server again: npm start');
} catch (err) {
  if (err instanceof BackupError) {
    console.error(`Nothing was changed. ${err.message}`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
  await unlock?.();
}
