import crypto from 'node:crypto';
import { and, eq, gt, gte, inArray, isNotNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DONATION_RETENTION_YEARS, PRIVACY_TEXTS } from '@church/contract/privacy';
import type { Db } from '../../db/client';
import { donations, donorTaxProfiles, givingSubscriptions, taxCertificates, users } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit/audit';

/**
 * "Kept for five years with the minimum needed" (issue 17; Tax
 * Administration Act s29). When a member deletes their account their gift
 * records stay because tax law requires them (privacy/policy.ts: `keep`).
 * Once a record has been kept long enough, this job takes the person out of
 * it: the amount, date and fund stay (the church's books still add up), the
 * bank reference goes (the donor name and note went at the deletion,
 * erase-copies.ts; accounts deleted before that lose them here), a certificate keeps its number and total
 * but not the donor's ID number and address, and the tax profile (ID and tax
 * numbers) is deleted once nothing younger needs it.
 *
 * The clock is the law's: five years after the end of the South African tax
 * year (1 March – end of February) the gift falls in. Only deleted members'
 * records are touched: a member who stays keeps their own history.
 */

/**
 * The first day of the oldest tax year still inside the retention period, as
 * a UTC date: records of tax years that ended before it are past retention.
 */
export function retentionStart(now = new Date(), years = DONATION_RETENTION_YEARS): Date {
  const y = now.getUTCFullYear() - years;
  // The tax year holding (now − years) starts on 1 March of its first calendar year.
  const reference = Date.UTC(y, now.getUTCMonth(), now.getUTCDate());
  const marchFirst = Date.UTC(y, 2, 1);
  return new Date(reference >= marchFirst ? marchFirst : Date.UTC(y - 1, 2, 1));
}

export interface RetentionResult {
  donations: number;
  certificates: number;
  taxProfiles: number;
  subscriptions: number;
}

export async function deidentifyExpiredRecords(db: Db, now = new Date()): Promise<RetentionResult> {
  const start = retentionStart(now);
  // Certificate tax years are named by the year they end in: 2026 ends in February 2026.
  const lastExpiredTaxYear = start.getUTCFullYear();
  const erased = db.select({ id: users.id }).from(users).where(isNotNull(users.erasedAt));
  const former = PRIVACY_TEXTS.formerMember;

  return db.transaction(async (tx) => {
    const gifts = await tx
      .update(donations)
      .set({ donorName: former, note: null, externalRef: null })
      .where(
        and(
          inArray(donations.userId, erased),
          lt(donations.givenAt, start),
          or(sql`${donations.donorName} is distinct from ${former}`, isNotNull(donations.note), isNotNull(donations.externalRef)),
        ),
      )
      .returning({ id: donations.id });
    const certificates = await tx
      .update(taxCertificates)
      .set({ donor: { name: former } })
      .where(
        and(
          inArray(taxCertificates.userId, erased),
          lte(taxCertificates.taxYear, lastExpiredTaxYear),
          sql`${taxCertificates.donor} <> ${JSON.stringify({ name: former })}::jsonb`,
        ),
      )
      .returning({ id: taxCertificates.id });
    // The card token of a cancelled recurring gift: nothing can use it any more.
    const subscriptions = await tx
      .update(givingSubscriptions)
      .set({ token: null })
      .where(
        and(inArray(givingSubscriptions.userId, erased), isNotNull(givingSubscriptions.token), lt(givingSubscriptions.cancelledAt, start)),
      )
      .returning({ id: givingSubscriptions.id });
    // ID and tax numbers go when no gift or certificate inside the period still needs them.
    const profiles = await tx
      .delete(donorTaxProfiles)
      .where(
        and(
          inArray(donorTaxProfiles.userId, erased),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(donations)
              .where(and(eq(donations.userId, donorTaxProfiles.userId), gte(donations.givenAt, start))),
          ),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(taxCertificates)
              .where(and(eq(taxCertificates.userId, donorTaxProfiles.userId), gt(taxCertificates.taxYear, lastExpiredTaxYear))),
          ),
        ),
      )
      .returning({ userId: donorTaxProfiles.userId });
    const result = {
      donations: gifts.length,
      certificates: certificates.length,
      taxProfiles: profiles.length,
      subscriptions: subscriptions.length,
    };
    if (gifts.length + certificates.length + profiles.length + subscriptions.length > 0) {
      await recordAudit(tx, {
        actorId: null,
        actorName: 'system',
        actorRole: 'system',
        action: 'privacy.retention',
        entityType: 'donations',
        entityId: start.toISOString().slice(0, 10),
        summary:
          `Retention period over (tax years before ${start.toISOString().slice(0, 10)}): de-identified ${gifts.length} gift(s) and ` +
          `${certificates.length} certificate(s) of deleted members; removed ${profiles.length} tax profile(s)`,
        after: result,
      });
    }
    return result;
  });
}

/** The next 01:00 UTC (03:00 in South Africa), an hour after the nightly backup. */
export function nextRetentionRun(now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 1);
  return new Date(today > now.getTime() ? today : today + 24 * 3600 * 1000);
}

/** One job id per day, so several instances (or restarts) queue it once. */
const dayId = (day: string) => {
  const h = crypto.createHash('sha256').update(`privacy-retention:${day}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const RETENTION_JOB = 'privacy.retention';

/** Daily on the job queue: survives restarts, runs on one instance, retried when it fails; each run queues the next. */
export function defineRetentionJob({ jobs, db }: { jobs: JobQueue; db: Db }) {
  const job = jobs.define(
    RETENTION_JOB,
    z.object({
      day: z
        .string()
        .max(10, { abort: true })
        .regex(/^\d{4}-\d{2}-\d{2}$/),
    }),
    async () => {
      const result = await deidentifyExpiredRecords(db);
      await schedule();
      return result;
    },
    { retryLimit: 3, retryDelaySeconds: 600 },
  );
  async function schedule(now = new Date()) {
    const at = nextRetentionRun(now);
    const day = at.toISOString().slice(0, 10);
    await job.send({ day }, { startAfter: at, id: dayId(day) });
    return at;
  }
  return { job, schedule };
}
