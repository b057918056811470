import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notifications, webhookAttempts, webhookDeliveries, webhooks } from '../../../db/schema/index';
import type { Connector } from './connector';
import { signedHeaders } from './signing';
import { UnsafeTargetError, vetTarget, type Resolver } from './ssrf-guard';

/** Standard Webhooks schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (each with ±10 % jitter). */
export const RETRY_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];
export const DELIVERY_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;
/** A claimed delivery is held this long; a worker that dies mid-attempt lets it go again after that. */
const LEASE_MS = 60_000;

export interface WorkerOptions {
  db: Db;
  resolve: Resolver;
  connector: Connector;
  allowedHosts: readonly string[];
  schedule?: readonly number[];
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const jitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

/**
 * Sends due webhook deliveries. Claiming is one UPDATE … FOR UPDATE SKIP
 * LOCKED with a lease, so across instances each delivery is attempted by one
 * worker at a time and never twice at once; the table is durable, so
 * pending deliveries survive a restart.
 */
export function createDeliveryWorker(o: WorkerOptions) {
  const schedule = o.schedule ?? RETRY_SCHEDULE_MS;

  async function claim(limit: number) {
    const res = await o.db.execute(sql`
      update webhook_deliveries set locked_until = now() + ${`${LEASE_MS} milliseconds`}::interval
      where id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at limit ${limit} for update skip locked)
      returning id`);
    return ((res as unknown as { rows: { id: string }[] }).rows ?? []).map((r) => r.id);
  }

  /** POST with redirects followed by hand, each hop vetted again (a redirect to loopback is refused like a direct URL). */
  async function post(url: string, headers: Record<string, string>, body: string) {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const target = await vetTarget(current, { resolve: o.resolve, allowedHosts: o.allowedHosts });
      const res = await o.connector(target, { headers, body, timeoutMs: DELIVERY_TIMEOUT_MS });
      if (res.status >= 300 && res.status < 400 && res.location) {
        current = new URL(res.location, target.url).toString();
        continue;
      }
      return res.status;
    }
    throw new UnsafeTargetError('Too many redirects');
  }

  async function attempt(id: string) {
    const [row] = await o.db
      .select({ d: webhookDeliveries, w: webhooks })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, id));
    if (!row) return;
    const { d, w } = row;
    if (!w.isActive) {
      await o.db
        .update(webhookDeliveries)
        .set({ status: 'failed', error: 'Endpoint disabled', lockedUntil: null, completedAt: new Date() })
        .where(eq(webhookDeliveries.id, id));
      return;
    }
    const body = JSON.stringify(d.payload);
    const secrets = [w.secret];
    if (w.previousSecret && w.previousSecretExpiresAt && w.previousSecretExpiresAt > new Date()) secrets.push(w.previousSecret);
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await post(w.url, signedHeaders(d.id, body, secrets), body);
      if (status < 200 || status >= 300) error = `Answered ${status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const durationMs = Math.round(performance.now() - started);
    const attemptNo = d.attempts + 1;
    const ok = error === null;
    const gone = status === 410;
    const exhausted = attemptNo >= schedule.length;
    const finalFailure = !ok && (gone || exhausted);
    const now = new Date();
    await o.db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({ deliveryId: id, attempt: attemptNo, responseCode: status, durationMs, error });
      await tx
        .update(webhookDeliveries)
        .set({
          attempts: attemptNo,
          status: ok ? 'succeeded' : finalFailure ? 'failed' : 'pending',
          responseCode: status,
          durationMs,
          error,
          lockedUntil: null,
          firstAttemptAt: d.firstAttemptAt ?? now,
          completedAt: ok || finalFailure ? now : null,
          nextAttemptAt: ok || finalFailure ? d.nextAttemptAt : new Date(now.getTime() + jitter(schedule[attemptNo]!)),
        })
        .where(eq(webhookDeliveries.id, id));
      if (ok) {
        await tx.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, w.id));
      } else if (finalFailure) {
        // 410 Gone says "stop"; a message that failed every retry says the endpoint is broken: disable it and tell its owner.
        const reason = gone ? 'The endpoint answered 410 Gone' : `Every retry of a delivery failed (last: ${error})`;
        const disabled = await tx
          .update(webhooks)
          .set({ isActive: false, disabledReason: reason, consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
          .where(and(eq(webhooks.id, w.id), eq(webhooks.isActive, true)))
          .returning({ id: webhooks.id });
        if (disabled.length) {
          await tx.insert(notifications).values({
            userId: w.userId,
            type: 'other',
            title: `Webhook "${w.name}" was disabled`,
            message: `${reason}. Fix the endpoint, then enable it again on the Webhooks page.`,
            link: '/developers/webhooks',
          });
        }
      }
    });
    if (!ok) o.log.warn({ webhookId: w.id, deliveryId: id, attempt: attemptNo, status }, 'webhook delivery failed');
  }

  /** Claims and sends what is due, a few at a time. Returns how many were attempted. */
  async function runDue(limit = 20) {
    const ids = await claim(limit);
    await Promise.all(ids.map((id) => attempt(id).catch((err) => o.log.error({ err, deliveryId: id }, 'webhook attempt crashed'))));
    return ids.length;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  function kick() {
    if (stopped || running) return;
    running = (async () => {
      while (!stopped && (await runDue()) > 0);
    })()
      .catch((err) => o.log.error({ err }, 'webhook worker failed'))
      .finally(() => {
        running = null;
      });
  }
  function start(pollMs = 500) {
    stopped = false;
    timer = setInterval(kick, pollMs);
    timer.unref();
    kick();
  }
  async function stop() {
    stopped = true;
    if (timer) clearInterval(timer);
    await running;
  }

  return { runDue, start, stop, kick };
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
