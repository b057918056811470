import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
 */
export function createRateLimiter(db: Db) {
  async function hit(key: string, max: number, windowMs: number): Promise<RateLimitResult> {
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
  async function peek(key: string): Promise<RateLimitResult & { max?: never }> {
    const rows = await db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
    const row = rows[0];
    if (!row) return { count: 0, allowed: true, retryAfterSeconds: 0 };
    return { count: row.count, allowed: true, retryAfterSeconds: Math.ceil((row.resetAt.getTime() - Date.now()) / 1000) };
  }

  async function reset(key: string) {
    await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }

  /** Count this call and throw 429 with Retry-After when over the limit. */
  async function consume(key: string, max: number, windowMs: number, message?: string) {
    const r = await hit(key, max, windowMs);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds, message);
    return r;
  }

  return { hit, peek, reset, consume };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
