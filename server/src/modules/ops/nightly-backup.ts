import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { readBackup } from './backup/read-backup';
import { writeBackup } from './backup/write-backup';

export const NIGHTLY_PREFIX = 'church-nightly-';

export interface NightlyOptions {
  jobs: JobQueue;
  database: Database;
  uploadDir: string;
  backupDir: string;
  keep: number;
}

/** The next 00:00 UTC (02:00 in South Africa: quiet for a church). */
export function nextRun(now = new Date()): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return d;
}

/** One job id per night, so several instances (or restarts) queue it once. */
const nightId = (day: string) => {
  const h = crypto.createHash('sha256').update(`nightly-backup:${day}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Keeps the newest `keep` nightly files; older ones are removed. */
export function prune(dir: string, keep: number): string[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(NIGHTLY_PREFIX) && f.endsWith('.tar'))
    .sort();
  const gone = files.slice(0, Math.max(0, files.length - keep));
  for (const f of gone) fs.rmSync(path.join(dir, f), { force: true });
  return gone;
}

/**
 * BACKUP_DIR set: a backup every night as a job (it survives restarts, runs
 * on one instance, retries when it fails), read back before it counts, and
 * only the newest BACKUP_KEEP kept. Each run queues the next night's.
 */
export function defineNightlyBackup(opts: NightlyOptions) {
  const job = opts.jobs.define(
    'ops.nightly-backup',
    z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
    async ({ day }) => {
      fs.mkdirSync(opts.backupDir, { recursive: true });
      const file = path.join(opts.backupDir, `${NIGHTLY_PREFIX}${day}.tar`);
      const partial = `${file}.partial`;
      try {
        const summary = await writeBackup(opts.database, opts.uploadDir, fs.createWriteStream(partial));
        await readBackup(partial);
        fs.renameSync(partial, file);
        const removed = prune(opts.backupDir, opts.keep);
        await schedule();
        return { file, bytes: fs.statSync(file).size, tables: summary.tables.length, mediaFiles: summary.mediaFiles, removed };
      } finally {
        fs.rmSync(partial, { force: true });
      }
    },
    { retryLimit: 2, retryDelaySeconds: 300, expireInSeconds: 3 * 3600 },
  );
  async function schedule(now = new Date()) {
    const at = nextRun(now);
    const day = at.toISOString().slice(0, 10);
    await job.send({ day }, { startAfter: at, id: nightId(day) });
    return at;
  }
  return { job, schedule };
}
