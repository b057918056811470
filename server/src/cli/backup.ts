import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { openDatabase } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { BackupError } from '../modules/ops/backup/format';
import { completeWithLocalMedia } from '../modules/ops/backup/local-media';
import { readBackup } from '../modules/ops/backup/read-backup';
import { localAccessFile, OPS_TOKEN_HEADER, type LocalAccess } from '../modules/ops/backup/routes';
import { writeBackup } from '../modules/ops/backup/write-backup';
import { fail, loadCliConfig } from './open-for-cli';

/**
 * npm run backup [-- <file or folder>]
 * One file with the database and every uploaded file. Works with the server
 * running or stopped: PostgreSQL is read directly (a consistent snapshot);
 * the embedded database is read directly when the server is stopped, and
 * through the running server otherwise (it holds the database): the server
 * sends the rows, and this process adds the uploaded files from the upload
 * folder itself, so they never pass through the server's thread.
 */
const config = loadCliConfig();
const arg = process.argv[2];
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const defaultName = `church-backup-${stamp}.tar`;
const target = path.resolve(
  arg
    ? arg.endsWith('.tar')
      ? arg
      : path.join(arg, defaultName)
    : path.join(config.backupDir ?? path.join(process.cwd(), 'backups'), defaultName),
);
fs.mkdirSync(path.dirname(target), { recursive: true });
// Written under a temporary name and renamed when whole: a cut-short backup never looks finished.
const partial = `${target}.partial`;

async function throughServer() {
  const accessFile = localAccessFile(config.dataDir);
  if (!fs.existsSync(accessFile))
    fail('The data directory is in use, but the running server left no address for backups. Restart the server, then try again.');
  const { port, token, uploadDir } = JSON.parse(fs.readFileSync(accessFile, 'utf8')) as Partial<LocalAccess> & {
    port: number;
    token: string;
  };
  console.log(`The server is running: taking the backup through it (port ${port}).`);
  // The server's own upload folder (it says where); a server from before it said so sends the media too.
  const url = `http://127.0.0.1:${port}/api/ops/backup${uploadDir ? '?media=local' : ''}`;
  const res = await fetch(url, { headers: { [OPS_TOKEN_HEADER]: token } });
  if (!res.ok || !res.body) fail(`The server refused the backup (${res.status}): ${await res.text()}`);
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
  if (uploadDir) await completeWithLocalMedia(body, uploadDir, fs.createWriteStream(partial));
  else await pipeline(body, fs.createWriteStream(partial));
}

async function directly(unlock: (() => Promise<void>) | null) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    applicationName: 'church-platform-backup',
    poolMax: 1,
  });
  try {
    await writeBackup(database, config.uploadDir, fs.createWriteStream(partial));
  } finally {
    await database.close();
    await unlock?.();
  }
}

const started = performance.now();
try {
  if (config.databaseUrl) await directly(null);
  else {
    let unlock: (() => Promise<void>) | null = null;
    try {
      unlock = await lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
    }
    if (unlock) await directly(unlock);
    else await throughServer();
  }
  // Read back before calling it done: what we keep must restore.
  const { manifest, entries } = await readBackup(partial);
  fs.renameSync(partial, target);
  const rows = entries.reduce((n, e) => n + (e.rows ?? 0), 0);
  const media = entries.filter((e) => e.name.startsWith('media/'));
  console.log(
    `Backup written: ${target}\n  ${(fs.statSync(target).size / 1e6).toFixed(1)} MB · ${rows} rows · ${media.length} media files · schema ${manifest.schema.tag} · ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (err) {
  fs.rmSync(partial, { force: true });
  if (err instanceof BackupError) fail(`The backup could not be completed: ${err.message}`);
  throw err;
}
