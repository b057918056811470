import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { readBackup } from './backup/read-backup';
import { appliedMigrations, writeBackup } from './backup/write-backup';
import { codeSchemaVersion } from './version';
import { jobsSchemaCurrent } from '../../jobs/executor';

/** Said to the person starting the server: what happened and what to do. */
export class UpgradeError extends Error {}

export interface UpgradeOptions {
  uploadDir: string;
  /** Where the backup taken before an upgrade goes. */
  backupDir: string;
  log: (msg: string) => void;
  migrationsDir?: string;
}

/**
 * Brings the database to this release's schema without risking it: a
 * database that already holds data is backed up first (one file, database and
 * media), and the migrations run in one transaction (drizzle's migrator), so
 * a failure leaves the database exactly as it was.
 */
export async function upgradeDatabase(database: Database, opts: UpgradeOptions): Promise<{ applied: number; backup: string | null }> {
  // Several instances starting at once on one PostgreSQL (a fresh install behind a load balancer) would
  // run the same migrations side by side and fail on each other's objects: one at a time, and each
  // looks at the schema only once it holds the lock (the later ones then find nothing to do).
  const lock = database.pool ? await database.pool.connect() : null;
  try {
    if (lock) await lock.query('select pg_advisory_lock($1)', [UPGRADE_LOCK_KEY]);
    return await upgradeLocked(database, opts);
  } finally {
    if (lock) {
      await lock.query('select pg_advisory_unlock($1)', [UPGRADE_LOCK_KEY]).catch(() => {});
      lock.release();
    }
  }
}

/** An arbitrary constant of our own for pg_advisory_lock (pg-boss uses its own keys). */
const UPGRADE_LOCK_KEY = 7_402_551_031;

async function upgradeLocked(database: Database, opts: UpgradeOptions): Promise<{ applied: number; backup: string | null }> {
  const code = codeSchemaVersion(opts.migrationsDir);
  const before = await appliedMigrations(database);
  if (before > code.version) {
    throw new UpgradeError(
      `This database was upgraded by a newer version of the platform (it has ${before} schema changes; this version knows ${code.version}). ` +
        'Run that newer version (or later) instead; an older version cannot safely use this data.',
    );
  }
  // Already this release's schema (every start after the first): nothing to run. Drizzle's migrator would
  // read and hash every migration file and pg-boss would start and stop to find that out (~0.25 s of a warm
  // start on the embedded database, issue 16).
  if (before === code.version && (await jobsSchemaCurrent(database))) return { applied: 0, backup: null };
  let backup: string | null = null;
  if (before > 0 && before < code.version) {
    fs.mkdirSync(opts.backupDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    backup = path.join(opts.backupDir, `before-upgrade-${code.tags[before - 1]}-to-${code.tag}-${stamp}.tar`);
    opts.log(`Upgrading the database (${code.version - before} change(s)); backing it up first to ${backup}`);
    await writeBackup(database, opts.uploadDir, fs.createWriteStream(backup));
    await readBackup(backup);
  }
  try {
    await database.migrate();
  } catch (err) {
    const was = before ? code.tags[before - 1] : 'empty';
    throw new UpgradeError(
      `Upgrading the database to ${code.tag} failed, and the upgrade was undone: the data is exactly as it was (schema ${was}).\n` +
        `  Reason: ${(err as { cause?: Error }).cause?.message ?? (err as Error).message}\n` +
        '  What to do: start the previous version of the platform again (it works with this data), and report this message to whoever maintains your installation' +
        (backup ? `.\n  A backup taken just before the attempt is at ${backup} (npm run restore -- <file> brings it back).` : '.'),
    );
  }
  return { applied: code.version - before, backup };
}
