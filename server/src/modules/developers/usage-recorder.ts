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
 * Keyed requests are tallied in memory and written in one transaction per
 * flush (default every second), so counting usage costs a keyed request a
 * map update instead of a database write. A flush that fails keeps its
 * tallies for the next one, and a graceful stop writes what is left (the
 * app's onClose runs after the requests in flight are answered), so only a
 * crash loses usage: at most one interval of analytics, never a limit (the
 * limits are the quota counters of api-key-gate.ts).
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
    try {
      await save(rows, used);
    } catch (err) {
      // Back into what is pending (merged with what arrived meanwhile), for the next flush; but not the
      // tallies of keys deleted meanwhile (their owner's account went): those would fail every flush.
      const ids = [...new Set(rows.map((r) => r.keyId))];
      const live = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(inArray(apiKeys.id, ids))
        .then((found) => new Set(found.map((f) => f.id)))
        .catch(() => new Set(ids));
      for (const r of rows.filter((x) => live.has(x.keyId))) {
        const id = `${r.keyId}|${r.day}|${r.method}|${r.endpoint}`;
        const t = pending.get(id);
        if (!t) pending.set(id, r);
        else {
          t.requests += r.requests;
          t.errors += r.errors;
          t.latencyMsTotal += r.latencyMsTotal;
          r.buckets.forEach((n, i) => (t.buckets[i]! += n));
        }
      }
      for (const [k, d] of used) if (live.has(k) && !lastUsed.has(k)) lastUsed.set(k, d);
      throw err;
    }
  }

  async function save(rows: Tally[], used: Map<string, Date>) {
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
      // Each key its own last use (not one time for every key in the flush).
      const lastUses = sql.join(
        [...used].map(([id, at]) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${apiKeys} as k set last_used_at = greatest(coalesce(k.last_used_at, 'epoch'::timestamptz), v.at)
        from (values ${lastUses}) as v(id, at) where k.id = v.id`);
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
