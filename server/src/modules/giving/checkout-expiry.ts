import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { CHECKOUT_EXPIRY_HOURS } from '@church/contract/giving';
import type { Db } from '../../db/client';
import { donationEvents, donations, givingSubscriptions } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';

const HOUR = 3_600_000;

/**
 * A card gift is pending until the provider's notification arrives. A giver
 * who closes the checkout without paying or cancelling leaves it pending for
 * ever: after CHECKOUT_EXPIRY_HOURS (long past any card payment, and past
 * PayFast's notification retries) it is marked expired, and a recurring gift
 * whose first payment never came is cancelled. Should a notification that the
 * money moved still arrive, it completes the gift all the same
 * (payments-service.ts): money that moved is never lost.
 */
export async function expireAbandonedCheckouts(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(donations)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(donations.status, 'pending'),
          eq(donations.paymentMethod, 'card'),
          isNull(donations.providerPaymentId),
          lt(donations.createdAt, new Date(now.getTime() - CHECKOUT_EXPIRY_HOURS * HOUR)),
        ),
      )
      .returning({ id: donations.id, subscriptionId: donations.subscriptionId });
    if (rows.length === 0) return 0;
    await tx.insert(donationEvents).values(
      rows.map((r) => ({
        donationId: r.id,
        kind: 'expired',
        reason: `Not paid within ${CHECKOUT_EXPIRY_HOURS} hours of starting the card checkout`,
        before: { status: 'pending' },
        after: { status: 'expired' },
      })),
    );
    const subs = rows.map((r) => r.subscriptionId).filter((id): id is string => !!id);
    if (subs.length) {
      await tx
        .update(givingSubscriptions)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(and(inArray(givingSubscriptions.id, subs), eq(givingSubscriptions.status, 'pending')));
    }
    return rows.length;
  });
}

export const CHECKOUT_EXPIRY_JOB = 'giving.expire-checkouts';

/** The next whole hour. */
export const nextSweep = (now = new Date()) => new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);

/** One job id per hour, so several instances (or restarts) queue each sweep once. */
const hourId = (at: Date) => {
  const h = crypto.createHash('sha256').update(`${CHECKOUT_EXPIRY_JOB}:${at.toISOString()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Hourly on the job queue: survives restarts, runs on one instance, retried when it fails; each sweep queues the next. */
export function defineCheckoutExpiryJob({ jobs, db }: { jobs: JobQueue; db: Db }) {
  const job = jobs.define(
    CHECKOUT_EXPIRY_JOB,
    z.object({ at: z.iso.datetime() }),
    async () => {
      // The next sweep first: a sweep that fails (and is retried) does not break the chain.
      await schedule();
      return { expired: await expireAbandonedCheckouts(db) };
    },
    { retryLimit: 3, retryDelaySeconds: 300 },
  );
  async function schedule(now = new Date()) {
    const at = nextSweep(now);
    await job.send({ at: at.toISOString() }, { startAfter: at, id: hourId(at) });
    return at;
  }
  return { job, schedule };
}
