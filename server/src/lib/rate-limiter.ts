import crypto from 'node:crypto';
import { inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { nextHour, stableJobId } from '../jobs/recurring';
import { rateLimits } from '../db/schema/index';
import { tooManyRequests } from './errors';

export interface RateLimitResult {
  count: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in one atomic upsert, shared by every instance that
 * uses the same database. A new window starts when the old one has expired.
 *
 * Callers key their limits by what they limit: an IP address, an e-mail
 * address. Neither belongs in the database (nor in its backups), so the
 * table holds only a keyed hash of each key (HMAC with the server's hash
 * key, the same on every instance), and expired rows are deleted by the
 * hourly `rate-limits.cleanup` job.
 */
export function createRateLimiter(db: Db, hashKey: Buffer) {
  const stored = (key: string) => crypto.createHmac('sha256', hashKey).update(key).digest('base64url');

  async function hit(rawKey: string, max: number, windowMs: number): Promise<RateLimitResult> {
    const key = stored(rawKey);
    const resetAt = new Date(Date.now() + windowMs);
    const rows = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    const row = rows[0]!;
    return {
      count: row.count,
      allowed: row.count <= max,
      retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)),
    };
  }

  /** Current count without adding to it. */
  async function peek(rawKey: string): Promise<RateLimitResult & { max?: never }> {
    const key = stored(rawKey);
    const rows = await db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
    const row = rows[0];
    if (!row) return { count: 0, allowed: true, retryAfterSeconds: 0 };
    return { count: row.count, allowed: true, retryAfterSeconds: Math.ceil((row.resetAt.getTime() - Date.now()) / 1000) };
  }

  /** Current counts of several keys in one query; keys with no live window are absent. */
  async function peekMany(rawKeys: string[]): Promise<Map<string, RateLimitResult>> {
    const byStored = new Map(rawKeys.map((k) => [stored(k), k]));
    const rows = await db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} in ${[...byStored.keys()]} and ${rateLimits.resetAt} > now()`);
    return new Map(
      rows.map((row) => [
        byStored.get(row.key)!,
        { count: row.count, allowed: true, retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)) },
      ]),
    );
  }

  async function reset(rawKey: string) {
    await db.delete(rateLimits).where(sql`${rateLimits.key} = ${stored(rawKey)}`);
  }

  /** Count this call and throw 429 with Retry-After when over the limit. */
  async function consume(key: string, max: number, windowMs: number, message?: string) {
    const r = await hit(key, max, windowMs);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds, message);
    return r;
  }

  return { hit, peek, peekMany, reset, consume };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const RATE_LIMIT_CLEANUP_JOB = 'rate-limits.cleanup';
/** Rows per delete: a flood of distinct keys is cleared in short statements (PGlite serves every request on one connection). */
const CLEANUP_BATCH = 2000;

/** Deletes every counter whose window is over (an expired window counts as new anyway); how many went. */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lte(rateLimits.resetAt, sql`now()`))
      .limit(CLEANUP_BATCH);
    const gone = await db.delete(rateLimits).where(inArray(rateLimits.key, expired)).returning({ key: rateLimits.key });
    const n = gone.length;
    removed += n;
    if (n < CLEANUP_BATCH) return removed;
  }
}

/**
 * Hourly on the job queue: one job per hour across instances (its id is the hour's), each run
 * queues the next. Counters are short-lived (an hour at most), so an hour after a window ends
 * its row is gone, from the database and from the next backup.
 */
export function defineRateLimitCleanup({ jobs, db }: { jobs: JobQueue; db: Db }) {
  const job = jobs.define(
    RATE_LIMIT_CLEANUP_JOB,
    z.object({ hour: z.string().max(13, { abort: true }) }),
    async () => {
      const removed = await deleteExpiredRateLimits(db);
      await schedule();
      return { removed };
    },
    { retryLimit: 2, retryDelaySeconds: 300 },
  );
  async function schedule(now = new Date()) {
    const at = nextHour(now);
    const hour = at.toISOString().slice(0, 13);
    await job.send({ hour }, { startAfter: at, id: stableJobId(RATE_LIMIT_CLEANUP_JOB, hour) });
    return at;
  }
  return { job, schedule };
}
