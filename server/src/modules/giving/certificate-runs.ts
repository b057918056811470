import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CERTIFICATE_RUN_TEXTS, CERTIFICATE_TEXTS } from '@church/contract/giving-tax';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { taxCertificateRuns, users, type TaxCertificateRunRow } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { TaxService } from './tax-service';

export const CERTIFICATES_JOB = 'giving.tax-certificates';
const OPEN = ['queued', 'running'] as const;
const openRun = inArray(taxCertificateRuns.status, [...OPEN]);
/** Queued and never started: the one run per tax year a new request joins. */
const notStarted = and(eq(taxCertificateRuns.status, 'queued'), eq(taxCertificateRuns.attempts, 0));

export const pboNotReady = (missing: string[]) =>
  conflict(`Enter the church's ${missing.join(', ')} under Tax & banking before issuing certificates.`);

/** A run with the name of whoever asked (an erased account reads as its de-identified name). */
export type CertificateRunView = TaxCertificateRunRow & { requestedByName: string | null };

/**
 * Issuing a tax year's section 18A certificates as a job (issue 12): the
 * request writes a run and its job in one transaction and answers at once;
 * the job issues every certificate in one transaction that also marks the
 * run done. So a retried job — after a crash, an expiry, a failed attempt —
 * either finds its run done and does nothing, or finds nothing issued and
 * issues it all: never twice, never half, and the receipt numbers stay one
 * gap-free sequence (see TaxService.issue).
 */
export function createCertificateRuns({ db, jobs, tax }: { db: Db; jobs: JobQueue; tax: TaxService }) {
  const job = jobs.define(CERTIFICATES_JOB, z.object({ runId: z.uuid() }), ({ runId }, ctx) => execute(runId, ctx.lastAttempt), {
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 15 * 60,
  });

  const view = (where: ReturnType<typeof and>, limit = 20) =>
    db
      .select({ run: taxCertificateRuns, requestedByName: users.name })
      .from(taxCertificateRuns)
      .leftJoin(users, eq(users.id, taxCertificateRuns.requestedBy))
      .where(where)
      .orderBy(desc(taxCertificateRuns.createdAt), desc(taxCertificateRuns.id))
      .limit(limit)
      .then((rows) => rows.map((r): CertificateRunView => ({ ...r.run, requestedByName: r.requestedByName })));

  const finish = (id: string, set: Partial<TaxCertificateRunRow>) =>
    db
      .update(taxCertificateRuns)
      .set(set)
      .where(and(eq(taxCertificateRuns.id, id), openRun));

  async function execute(runId: string, lastAttempt: boolean) {
    const [run] = await db
      .update(taxCertificateRuns)
      .set({
        status: 'running',
        attempts: sql`${taxCertificateRuns.attempts} + 1`,
        startedAt: sql`coalesce(${taxCertificateRuns.startedAt}, now())`,
      })
      .where(and(eq(taxCertificateRuns.id, runId), openRun))
      .returning();
    // Done or failed already: a retry of a run that finished (its result committed with the certificates).
    if (!run) return { skipped: true };
    try {
      const plan = await tax.prepare(run.taxYear);
      if (plan.missing.length) throw pboNotReady(plan.missing);
      const [who] = run.requestedBy
        ? await db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, run.requestedBy))
        : [];
      const actor: AuditActor = { actorId: run.requestedBy, actorName: who?.name ?? 'system', actorRole: who?.role ?? 'system', ip: null };
      const result = await db.transaction(async (tx) => {
        // The run's row first, then (in issue) the counter: another attempt of this run waits here and then finds it done.
        const [current] = await tx.select().from(taxCertificateRuns).where(eq(taxCertificateRuns.id, runId)).for('update');
        if (current?.status !== 'running') return null;
        const r = await tax.issue(tx, plan, actor);
        await tx
          .update(taxCertificateRuns)
          .set({
            status: 'done',
            issued: r.issued,
            alreadyIssued: r.alreadyIssued,
            skipped: r.skipped,
            firstReceipt: r.first,
            lastReceipt: r.last,
            error: null,
            finishedAt: new Date(),
          })
          .where(eq(taxCertificateRuns.id, runId));
        return r;
      });
      return result ?? { skipped: true };
    } catch (err) {
      // A refusal meant for the treasurer (the PBO details) will not mend itself: fail now, no retry.
      const told = err instanceof HttpError && err.statusCode < 500;
      const reason = told ? err.message : CERTIFICATE_RUN_TEXTS.unexpected;
      if (told || lastAttempt) {
        await finish(runId, { status: 'failed', error: reason, finishedAt: new Date() });
        if (told) return { failed: reason };
      } else {
        await finish(runId, { status: 'queued', error: reason });
      }
      throw err;
    }
  }

  /**
   * An open run whose job is gone or over (the job expired after a crash on
   * its last attempt, or was removed) would hold its tax year forever: it
   * failed, and since its result would have committed with it, nothing was
   * issued by it.
   */
  async function settle(run: CertificateRunView): Promise<CertificateRunView> {
    if (!(OPEN as readonly string[]).includes(run.status)) return run;
    const info = await jobs.getJob(CERTIFICATES_JOB, run.id);
    if (info && ['created', 'retry', 'active'].includes(info.state)) return run;
    const [row] = await finish(run.id, { status: 'failed', error: CERTIFICATE_RUN_TEXTS.stopped, finishedAt: new Date() }).returning();
    return row ? { ...row, requestedByName: run.requestedByName } : run;
  }

  async function get(id: string) {
    const [run] = await view(eq(taxCertificateRuns.id, id));
    if (!run) throw notFound(CERTIFICATE_RUN_TEXTS.notFound);
    return settle(run);
  }

  return {
    get,
    /** The tax year's latest runs, newest first. */
    async list(taxYear: number, limit = 5) {
      return Promise.all((await view(eq(taxCertificateRuns.taxYear, taxYear), limit)).map(settle));
    },

    /**
     * Queues a run for the tax year, or answers the one that is queued and
     * has not started (`created` false): that run plans when it starts, so it
     * covers this request too. A run already under way does not: a new one is
     * queued behind it and issues whatever it could not see. The PBO details
     * are checked now, so the treasurer hears at once what to enter; the job
     * checks them again when it runs.
     */
    async request(taxYear: number, actor: AuditActor & { actorId: string }, o: { confirmRunningYear?: boolean } = {}) {
      const { missing, to } = await tax.prepare(taxYear);
      if (missing.length) throw pboNotReady(missing);
      // A year still running is certified only up to now: the treasurer says so first (issue 31).
      if (Date.now() < to.getTime() && !o.confirmRunningYear) {
        throw conflict(CERTIFICATE_TEXTS.confirmRunningYear(taxYear, await tax.yearState(taxYear)));
      }
      for (const open of await view(and(eq(taxCertificateRuns.taxYear, taxYear), openRun))) await settle(open);
      // The queue must be started before its job can be sent inside a transaction (PGlite has one connection).
      await jobs.ready();
      for (let attempt = 0; ; attempt++) {
        const waiting = await view(and(eq(taxCertificateRuns.taxYear, taxYear), notStarted));
        if (waiting[0]) return { run: waiting[0], created: false };
        const id = crypto.randomUUID();
        try {
          await db.transaction(async (tx) => {
            await tx.insert(taxCertificateRuns).values({ id, taxYear, requestedBy: actor.actorId });
            await recordAudit(tx, {
              ...actor,
              action: 'tax_certificates.requested',
              entityType: 'tax_year',
              entityId: String(taxYear),
              summary: `Asked to issue the section 18A certificates for ${taxYear - 1}/${String(taxYear).slice(2)}${
                Date.now() < to.getTime() ? ' (the year has not ended: confirmed to issue for the gifts so far)' : ''
              }`,
              after: { runId: id, yearRunning: Date.now() < to.getTime() },
            });
            // The run and its job exist together or not at all.
            await job.send({ runId: id }, { id, tx });
          });
          return { run: await get(id), created: true };
        } catch (err) {
          // Someone queued one at the same moment: answer theirs (unless it already started; then try again).
          if (!isUniqueViolation(err) || attempt >= 3) throw err;
        }
      }
    },
  };
}
export type CertificateRuns = ReturnType<typeof createCertificateRuns>;
