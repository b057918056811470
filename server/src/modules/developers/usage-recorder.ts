import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, apiUsageDaily } from '../../db/schema/index';
import { LATENCY_BUCKETS_MS } from '@church/contract/developer-analytics';

interface Tally {
  keyId: string;
  day: string;
  method: string;
  endpoint: string;
  requests: number;
  errors: number;
  latencyMsTotal: number;
  buckets: number[];
}

const bucketOf = (ms: number) => {
  const i = LATENCY_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return i === -1 ? LATENCY_BUCKETS_MS.length : i;
};

/**
 * Keyed requests are tallied in memory and written in one statement per
 * flush (default every second), so counting usage costs a keyed request a
 * map update instead of a database write. The rate-limit counters are not
 * batched: they are written on every request and shared by all instances.
 * A crash loses at most one interval of analytics, never a limit.
 */
export function createUsageRecorder(db: Db, opts: { flushMs: number }) {
  let pending = new Map<string, Tally>();
  let lastUsed = new Map<string, Date>();
  let flushing: Promise<void> | null = null;

  function record(keyId: string, method: string, endpoint: string, statusCode: number, ms: number) {
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const id = `${keyId}|${day}|${method}|${endpoint}`;
    let t = pending.get(id);
    if (!t) {
      t = {
        keyId,
        day,
        method,
        endpoint,
        requests: 0,
        errors: 0,
        latencyMsTotal: 0,
        buckets: new Array(LATENCY_BUCKETS_MS.length + 1).fill(0),
      };
      pending.set(id, t);
    }
    t.requests++;
    if (statusCode >= 400) t.errors++;
    t.latencyMsTotal += Math.round(ms);
    t.buckets[bucketOf(ms)]!++;
    lastUsed.set(keyId, now);
  }

  async function write() {
    if (pending.size === 0) return;
    const rows = [...pending.values()];
    const used = lastUsed;
    pending = new Map();
    lastUsed = new Map();
    await db.transaction(async (tx) => {
      await tx
        .insert(apiUsageDaily)
        .values(rows.map((r) => ({ ...r, latencyBuckets: r.buckets })))
        .onConflictDoUpdate({
          target: [apiUsageDaily.keyId, apiUsageDaily.day, apiUsageDaily.method, apiUsageDaily.endpoint],
          set: {
            requests: sql`${apiUsageDaily.requests} + excluded.requests`,
            errors: sql`${apiUsageDaily.errors} + excluded.errors`,
            latencyMsTotal: sql`${apiUsageDaily.latencyMsTotal} + excluded.latency_ms_total`,
            latencyBuckets: sql`array(select coalesce(a, 0) + coalesce(b, 0) from unnest(${apiUsageDaily.latencyBuckets}, excluded.latency_buckets) as t(a, b))`,
          },
        });
      const latest = new Date(Math.max(...[...used.values()].map((d) => d.getTime())));
      await tx
        .update(apiKeys)
        .set({ lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, 'epoch'::timestamptz), ${latest.toISOString()}::timestamptz)` })
        .where(inArray(apiKeys.id, [...used.keys()]));
    });
  }

  /** Writes what is pending; concurrent callers share one write. */
  async function flush() {
    while (flushing) await flushing;
    flushing = write().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  let timer: NodeJS.Timeout | null = null;
  function start(onError: (err: unknown) => void) {
    timer = setInterval(() => flush().catch(onError), opts.flushMs);
    timer.unref();
  }
  async function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    await flush();
  }

  return { record, flush, start, stop };
}
export type UsageRecorder = ReturnType<typeof createUsageRecorder>;
