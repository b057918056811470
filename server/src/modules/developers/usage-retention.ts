import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PRICING_TIERS, TIERS } from '@church/contract/developers';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { nextHour, stableJobId } from '../../jobs/recurring';

export const USAGE_RETENTION_JOB = 'api-usage.retention';

/** The endpoint of the rows that keep a month's totals once its detail is past retention. */
export const ROLLED_UP = '*';

/**
 * Deletes usage detail older than each key's plan keeps it (the pricing page's "7 days of analytics" …
 * "1 year of analytics"): the plan the key has now, so a paid key waiting for approval keeps Free's
 * 7 days. A day is kept while it is within the last `retentionDays` days, today included. What goes is
 * folded into one row per key and month (endpoint '*': requests and errors only, no endpoint, day or
 * latency), so a key's total and this month's count stay true; analytics never read those rows.
 * Returns how many detail rows went.
 */
export async function deleteExpiredUsage(db: Db): Promise<number> {
  const days = sql.join(
    PRICING_TIERS.map((t) => sql`when ${t} then ${TIERS[t].retentionDays}::int`),
    sql` `,
  );
  const res = await db.execute(sql`
    with k as (
      select id, case
        when tier <> 'free' and approved_at is null then ${TIERS.free.retentionDays}::int
        else (case tier ${days} else ${TIERS.free.retentionDays}::int end)
      end as keep
      from api_keys
    ), gone as (
      delete from api_usage_daily u using k
      where u.key_id = k.id and u.endpoint <> ${ROLLED_UP} and u.day <= (now() at time zone 'UTC')::date - k.keep
      returning u.key_id, u.day, u.requests, u.errors
    ), rolled as (
      insert into api_usage_daily as a (key_id, day, method, endpoint, requests, errors)
      select key_id, date_trunc('month', day)::date, ${ROLLED_UP}, ${ROLLED_UP}, sum(requests)::int, sum(errors)::int
      from gone group by key_id, date_trunc('month', day)
      on conflict (key_id, day, method, endpoint) do update
        set requests = a.requests + excluded.requests, errors = a.errors + excluded.errors
      returning 1
    )
    select (select count(*) from gone)::int as n, (select count(*) from rolled)::int as months`);
  return Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

/** Hourly on the job queue, one run per hour across instances (the rate-limit clean-up's pattern). */
export function defineUsageRetention({ jobs, db }: { jobs: JobQueue; db: Db }) {
  const job = jobs.define(
    USAGE_RETENTION_JOB,
    z.object({ hour: z.string().max(13, { abort: true }) }),
    async () => {
      const removed = await deleteExpiredUsage(db);
      await schedule();
      return { removed };
    },
    { retryLimit: 2, retryDelaySeconds: 300 },
  );
  async function schedule(now = new Date()) {
    const at = nextHour(now);
    const hour = at.toISOString().slice(0, 13);
    await job.send({ hour }, { startAfter: at, id: stableJobId(USAGE_RETENTION_JOB, hour) });
    return at;
  }
  return { job, schedule };
}
