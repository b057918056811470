import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { notifications, users, webhookAttempts, webhookDeliveries, webhooks } from '../../../db/schema/index';
import type { JobQueue } from '../../../jobs/queue';
import { createWebhookAudience, hasWebhookPlan, ownerMayReceive } from './audience';
import type { Connector } from './connector';
import { signedHeaders } from './signing';
import { UnsafeTargetError, vetTarget, type Resolver } from './ssrf-guard';

/** Standard Webhooks schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (each with ±10 % jitter). */
export const RETRY_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];
/** One attempt, whole: DNS, connecting, TLS, every redirect hop and the answer, within this. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/**
 * How long a worker's claim on a delivery holds: beyond the longest attempt (the deadline above plus
 * the database work around it), and well inside the job's expiry (120 s), so a job pg-boss hands out
 * again after its worker died finds the claim lapsed.
 */
export const CLAIM_MS = 60_000;
const MAX_REDIRECTS = 3;
export const DELIVER_JOB = 'webhooks.deliver';
const JITTER = 0.1;

/**
 * When the attempt after `step` is due: `step` is the failed attempt's place in the schedule (0 = the
 * first), `random` in [0, 1) spreads retries ±10 % so endpoints that fail together do not retry in
 * lockstep. null when the schedule is used up (the delivery has failed for good).
 */
export function nextAttemptAt(
  step: number,
  now: Date,
  schedule: readonly number[] = RETRY_SCHEDULE_MS,
  random = Math.random(),
): Date | null {
  const base = schedule[step + 1];
  if (base === undefined) return null;
  return new Date(now.getTime() + Math.round(base * (1 - JITTER + random * 2 * JITTER)));
}

export interface DeliveryOptions {
  db: Db;
  jobs: JobQueue;
  resolve: Resolver;
  connector: Connector;
  allowedHosts: readonly string[];
  schedule?: readonly number[];
  /** The deadline of one attempt (default DELIVERY_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
  /** Attempts one instance makes at the same time (default 8). */
  concurrency?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * One job = one attempt of one delivery. `attempt` is the delivery's attempt
 * number this job makes (a job whose attempt is already recorded is stale and
 * does nothing); `step` is its place in the retry schedule (a replay starts at 0).
 */
const deliverInput = z.object({ deliveryId: z.string().uuid(), attempt: z.number().int().min(1), step: z.number().int().min(0) });
type DeliverInput = z.infer<typeof deliverInput>;

/** The job id of an attempt: sending the same attempt twice queues it once. */
function jobId(deliveryId: string, attempt: number) {
  const h = createHash('sha256').update(`${deliveryId}:${attempt}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

class DeadlineError extends Error {}

/** Resolves with `p`, or rejects when `signal` aborts first (a resolver that never answers). */
function racing<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Webhook deliveries on the shared job queue (pg-boss, server/src/jobs).
 *  - Durable: an attempt is a job row; a restart finds it again. A process
 *    that dies mid-attempt lets the job expire, and it is tried again.
 *  - One at a time per message: the next attempt is queued only by the
 *    transaction that records the previous one, and an attempt first claims
 *    its delivery (a conditional update: pending, this attempt not yet
 *    recorded, no live claim), records only under its own claim, and the
 *    log holds one row per (delivery, attempt) — so a job that outlived its
 *    expiry and runs again elsewhere cannot send beside the first, and a
 *    late first run cannot record or queue anything.
 *  - Bounded: one attempt has DELIVERY_TIMEOUT_MS in all (DNS included).
 *  - Enqueued in the caller's transaction (`enqueue(tx, ids)`): an event of a
 *    rolled-back change is never sent, a committed one never lost.
 *  - Allowed: before each attempt the audience rules are asked again
 *    (audience.ts): a message its owner or subject may no longer have is
 *    dropped unsent.
 */
export function createWebhookDelivery(o: DeliveryOptions) {
  const schedule = o.schedule ?? RETRY_SCHEDULE_MS;
  const timeoutMs = o.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const audience = createWebhookAudience(o.db);

  /** POST with redirects followed by hand, each hop vetted again (a redirect to loopback is refused like a direct URL). */
  async function post(url: string, headers: Record<string, string>, body: string) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DeadlineError(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
    const signal = controller.signal;
    try {
      let current = url;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const target = await racing(vetTarget(current, { resolve: o.resolve, allowedHosts: o.allowedHosts }), signal);
        const res = await racing(o.connector(target, { headers, body, signal }), signal);
        if (res.status >= 300 && res.status < 400 && res.location) {
          current = new URL(res.location, target.url).toString();
          continue;
        }
        return res.status;
      }
      throw new UnsafeTargetError('Too many redirects');
    } finally {
      clearTimeout(timer);
      // Whatever is still open of this attempt (a receiver still sending its body) goes now.
      controller.abort(new DeadlineError('Attempt finished'));
    }
  }

  /** Takes the delivery for this attempt, or null when it is not this job's to make (finished, recorded, or claimed by a live worker). */
  async function claim(deliveryId: string, attemptNo: number) {
    const token = randomUUID();
    const [row] = await o.db
      .update(webhookDeliveries)
      .set({ claimToken: token, claimedUntil: sql`now() + make_interval(secs => ${CLAIM_MS / 1000})` })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, attemptNo - 1),
          or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, sql`now()`)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return row ? token : null;
  }

  async function attempt({ deliveryId, attempt: attemptNo, step }: DeliverInput) {
    const token = await claim(deliveryId, attemptNo);
    if (!token) {
      const [d] = await o.db
        .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      // Deleted with its endpoint, finished, or this attempt already recorded: nothing to do.
      if (!d || d.status !== 'pending' || d.attempts !== attemptNo - 1) return { skipped: true };
      // Another worker holds a live claim on this very attempt: ask again later (pg-boss's retry), when it
      // has recorded the attempt (then this is a no-op) or its claim has lapsed (it died: then this one sends).
      throw new Error('This delivery attempt is claimed by another worker');
    }
    const [row] = await o.db
      .select({
        d: webhookDeliveries,
        w: webhooks,
        owner: { role: users.role, permissions: users.permissions, isActive: users.isActive, hasPlan: hasWebhookPlan(webhooks.userId) },
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .innerJoin(users, eq(users.id, webhooks.userId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row) return { skipped: true };
    const { d, w, owner } = row;
    const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.claimToken, token));
    if (!w.isActive) {
      await o.db
        .update(webhookDeliveries)
        .set({ status: 'failed', error: 'Endpoint disabled', completedAt: new Date(), claimToken: null, claimedUntil: null })
        .where(mine);
      return { skipped: true };
    }
    // Asked again now: a consent withdrawn, a permission taken away or a trial ended since the event was queued.
    const payload = ownerMayReceive(d.eventType, owner) ? await audience.shape(o.db, d.payload as never) : null;
    if (!payload) {
      // Not sent, and not kept: the log must not hold what its owner may not read.
      await o.db.delete(webhookDeliveries).where(mine);
      return { skipped: true, withheld: true };
    }
    const body = JSON.stringify(payload);
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
    const ok = error === null;
    const gone = status === 410;
    const now = new Date();
    const nextAt = ok || gone ? null : nextAttemptAt(step, now, schedule);
    const finalFailure = !ok && !nextAt;
    const recorded = await o.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({
          attempts: attemptNo,
          status: ok ? 'succeeded' : finalFailure ? 'failed' : 'pending',
          responseCode: status,
          durationMs,
          error,
          payload,
          firstAttemptAt: d.firstAttemptAt ?? now,
          completedAt: ok || finalFailure ? now : null,
          claimToken: null,
          claimedUntil: null,
          ...(nextAt ? { nextAttemptAt: nextAt } : {}),
        })
        // Only under this worker's own claim: a run whose claim lapsed (and was taken over) records nothing.
        .where(and(mine, eq(webhookDeliveries.attempts, attemptNo - 1)))
        .returning({ id: webhookDeliveries.id });
      if (!updated) return false;
      // Unique per (delivery, attempt): a second record of one attempt fails and rolls all of this back.
      await tx.insert(webhookAttempts).values({ deliveryId, attempt: attemptNo, responseCode: status, durationMs, error });
      if (nextAt) await send(tx, { deliveryId, attempt: attemptNo + 1, step: step + 1 }, nextAt);
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
      return true;
    });
    if (!recorded) {
      o.log.warn({ webhookId: w.id, deliveryId, attempt: attemptNo }, 'webhook attempt outlived its claim; another worker owns it');
      return { skipped: true };
    }
    if (!ok) o.log.warn({ webhookId: w.id, deliveryId, attempt: attemptNo, status }, 'webhook delivery failed');
    return { status, ok };
  }

  const job = o.jobs.define(DELIVER_JOB, deliverInput, attempt, {
    // Delivery failures are recorded and rescheduled by the handler itself (the spec's schedule, not pg-boss's back-off);
    // pg-boss retries only a job whose process died or crashed mid-attempt.
    // 5, 10, 20, 40, 80 s: together longer than a claim (CLAIM_MS), so a job that met a live claim outlasts it.
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    concurrency: o.concurrency ?? 8,
    // From the change to the first attempt within a second: the queue's workers are woken when the job
    // commits (jobs/queue.ts), on every instance, rather than polling every 0.5 s.
  });

  function send(tx: DbOrTx | undefined, data: DeliverInput, startAfter?: Date) {
    return job.send(data, { id: jobId(data.deliveryId, data.attempt), ...(tx ? { tx } : {}), ...(startAfter ? { startAfter } : {}) });
  }

  return {
    /** Queues the first attempt of new deliveries, in the caller's transaction when one is given. */
    async enqueue(tx: DbOrTx | undefined, deliveryIds: string[]) {
      for (const deliveryId of deliveryIds) await send(tx, { deliveryId, attempt: 1, step: 0 });
    },
    /** Queues a replay of a finished delivery (the schedule starts again). */
    replay: (tx: DbOrTx | undefined, deliveryId: string, attempts: number) => send(tx, { deliveryId, attempt: attempts + 1, step: 0 }),
    /** For tests: one attempt, as the job runs it. */
    attempt,
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
