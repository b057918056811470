import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../plugins/auth';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CONSENT_KINDS } from '@church/contract/consents';
import { MESSAGING_TEXTS, type RecipientType } from '@church/contract/messaging';
import type { Db } from '../../db/client';
import { analyzeIfBelow } from '../../db/stats';
import { bulkMessageRecipients, bulkMessages, consents, emailOutbox, notifications, users } from '../../db/schema/index';
import { JOBS_SCHEMA } from '../../jobs/executor';
import { createPacer } from '../../jobs/pace';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../lib/mailer';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { formatLocal, zonedToUtc } from '../../lib/zoned-time';
import type { AuditFn } from '../care/audit-port';
import { consentGranted, type ConsentService } from '../consents/service';
import { audienceWhere, firstName, merge, mergeSql, splitTemplate } from './audience';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

export const SEND_JOB = 'messaging.send';
/**
 * On the embedded database, how long one slice of the send may hold it, in ms. Each slice is one
 * short statement (or one short transaction) that the pacer sizes to last about this long: PGlite
 * runs it on the thread that answers requests, so this is what a request arriving during a send
 * waits on top of its own time (a fixed 50 recipients cost 8–15 ms in the in-app step; see
 * bench/reports/office.md). On PostgreSQL a statement blocks no request, and slices stay SLICE rows.
 */
const SLICE_MS = 4;
/** Recipients per slice on PostgreSQL, and the fewest on PGlite (below this the per-statement cost, parse and plan, dominates). */
const SLICE = 50;
const SLICE_MIN = 10;
/** The send holds the database at most this share of the time (see createPacer). */
const SEND_SHARE = 0.5;
/** After this many rows written to a table, its planner statistics must know it is not empty (see analyzeIfBelow). */
const STATS_AFTER = 500;

export interface MessagingDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  consents: ConsentService;
  hashKey: Buffer;
  publicUrl: string;
  churchName: () => Promise<string>;
  timeZone: () => Promise<string>;
  audit: AuditFn;
  /** The database runs on this thread (PGlite): slices are sized by time (SLICE_MS), not by count. */
  embedded?: boolean;
}

export interface SendInput {
  subject: string;
  message: string;
  recipientType: RecipientType;
  schedule: 'immediately' | 'scheduled';
  scheduledDate?: string;
  scheduledTime?: string;
}

/**
 * Bulk messaging. A message is a row plus one `messaging.send` job (with the
 * message's id as the job's id, so it exists once). The job is resumable: every
 * step is idempotent and records what it did, so a send cut off by a restart
 * picks up where it stopped, and nobody gets a notification or an e-mail twice:
 *  1. resolve the audience into recipient rows (once, at send time);
 *  2. write the in-app notifications in slices (deduplicated per recipient);
 *  3. e-mail in slices: consent is read at that moment, and each slice's outbox
 *     rows, mail jobs and recipient states commit in one transaction.
 * Every step works in slices of one short statement (or one short transaction)
 * with a rest between them (createPacer), so the API keeps answering during a
 * send to thousands: on PGlite the send shares the API's one connection.
 */
export function createMessagingService(deps: MessagingDeps) {
  const { db, jobs } = deps;

  const sendJob = jobs.define(
    SEND_JOB,
    z.object({ messageId: z.uuid() }),
    async ({ messageId }, job) => {
      try {
        return await deliver(messageId, (p) => job.progress(p));
      } catch (err) {
        if (job.lastAttempt) {
          await db
            .update(bulkMessages)
            .set({ status: 'failed', error: String((err as Error).message).slice(0, 500) })
            .where(eq(bulkMessages.id, messageId));
        }
        throw err;
      }
    },
    { retryLimit: 3, retryDelaySeconds: 15, expireInSeconds: 10 * 60 },
  );

  async function deliver(messageId: string, progress: (percent: number) => Promise<void>) {
    // Claims the message: only a scheduled (or interrupted) message goes on; a cancelled one stops here.
    const [msg] = await db
      .update(bulkMessages)
      .set({ status: 'sending', startedAt: sql`coalesce(${bulkMessages.startedAt}, now())` })
      .where(and(eq(bulkMessages.id, messageId), sql`${bulkMessages.status} in ('scheduled', 'sending')`))
      .returning();
    if (!msg) return { skipped: true };
    const churchName = await deps.churchName();
    // One pacer per step: a slice's cost per recipient differs from one step to the next.
    const pacer = () =>
      deps.embedded
        ? createPacer({ share: SEND_SHARE, sliceMs: SLICE_MS, initialRows: SLICE_MIN, minRows: SLICE_MIN })
        : createPacer({ share: SEND_SHARE, initialRows: SLICE });

    if (!msg.recipientsResolvedAt) {
      // The audience, a slice of people at a time by id, one statement each; a rerun after an
      // interruption starts again and the unique (message, user) pair keeps it exact.
      const audience = audienceWhere(msg.recipientType as RecipientType);
      const resolving = pacer();
      let after: string | null = null;
      for (;;) {
        const res: unknown = await db.execute(sql`
          with slice as (
            select ${users.id} as id, ${users.name} as name, coalesce(${users.email}, '') as email from ${users}
            where ${and(audience, after ? gt(users.id, after) : undefined)}
            order by ${users.id} limit ${resolving.size()}
          ), ins as (
            insert into ${bulkMessageRecipients} (message_id, user_id, name, email)
            select ${messageId}::uuid, id, name, email from slice
            on conflict (message_id, user_id) do nothing
          )
          select (select count(*)::int from slice) as n, (select id from slice order by id desc limit 1) as last`);
        const [slice] = rowsOf<{ n: number; last: string | null }>(res);
        if (!slice?.last) break;
        after = slice.last;
        await resolving.rest(slice.n);
      }
      const [resolved] = await db
        .update(bulkMessages)
        .set({
          recipientsResolvedAt: new Date(),
          recipientCount: sql`(select count(*)::int from ${bulkMessageRecipients} where message_id = ${messageId}::uuid)`,
        })
        .where(eq(bulkMessages.id, messageId))
        .returning({ recipientCount: bulkMessages.recipientCount });
      msg.recipientCount = resolved?.recipientCount ?? 0;
      // The slices below are planned against these rows: the planner must know they are there, and
      // how they spread over what the slices filter on (the e-mail step's choice between walking the
      // (message, user) index and sorting every pending row hangs on email_state's figures).
      if (msg.recipientCount >= STATS_AFTER) {
        const r = bulkMessageRecipients;
        await analyzeIfBelow(db, r, msg.recipientCount, [r.messageId, r.userId, r.emailState, r.notificationId]);
      }
    }

    // Both phases walk the recipients by user id: the (message, user) unique index hands each slice
    // its rows in order, however many other messages' rows the table holds.

    // In-app: a slice of recipients per statement and no transaction, which on PGlite would
    // hold the one connection for all of it. One statement writes the slice's notifications and links
    // them; a notification a cut-off run already wrote is returned by ON CONFLICT DO UPDATE (a no-op
    // update) instead of being looked up again, so a rerun links it and writes nothing twice.
    // (The earlier version looked such rows up by dedupe key in a UNION, which PostgreSQL planned as
    // a scan of every bulk notification per recipient: ~85 ms a slice by the end of 10,000.)
    const title = mergeSql(msg.subject, sql`c.name`, churchName);
    const body = mergeSql(msg.body, sql`c.name`, churchName);
    let afterUser: string | null = null;
    const notificationsGrew = statsCheck(notifications);
    const writing = pacer();
    for (;;) {
      // (A data-modifying CTE runs whether or not the final select reads it.)
      const res: unknown = await db.execute(sql`
        with c as (
          select r.id, r.user_id, r.name from ${bulkMessageRecipients} r
          where r.message_id = ${messageId}::uuid and r.notification_id is null
            ${afterUser ? sql`and r.user_id > ${afterUser}::uuid` : sql``}
          order by r.user_id limit ${writing.size()}
        ), ins as (
          insert into ${notifications} (user_id, type, title, message, link, dedupe_key)
          select c.user_id, 'message', ${title}, ${body}, null, 'bulk:' || ${messageId}::text || ':' || c.user_id
          from c
          on conflict (dedupe_key) do update set dedupe_key = excluded.dedupe_key
          returning id, user_id
        ), linked as (
          update ${bulkMessageRecipients} r set notification_id = ins.id
          from ins where r.message_id = ${messageId}::uuid and r.user_id = ins.user_id
        )
        select (select count(*)::int from c) as n, (select user_id from c order by user_id desc limit 1) as last`);
      const [slice] = rowsOf<{ n: number; last: string | null }>(res);
      if (!slice?.last) break;
      afterUser = slice.last;
      await notificationsGrew(slice.n);
      await writing.rest(slice.n);
    }
    let shown = 10;
    await progress(shown);

    // E-mail: a slice of recipients per transaction, consent read now. The slice's outbox rows, their
    // delivery jobs and the recipient states commit together (a few statements, whatever the slice
    // size), so a resumed send never mails anyone twice.
    const total = msg.recipientCount ?? 0;
    const subjectParts = splitTemplate(msg.subject, churchName);
    const bodyParts = splitTemplate(msg.body, churchName);
    let done = 0;
    const outboxGrew = statsCheck(emailOutbox);
    const mailing = pacer();
    await jobs.ready();
    let afterEmailUser: string | null = null;
    for (;;) {
      let mailed = 0;
      let last: string | undefined;
      const handled = await db.transaction(async (tx) => {
        const batch = await tx
          .select({
            id: bulkMessageRecipients.id,
            userId: bulkMessageRecipients.userId,
            name: bulkMessageRecipients.name,
            email: bulkMessageRecipients.email,
            consent: consentGranted('email_church', bulkMessageRecipients.userId).mapWith(Boolean),
          })
          .from(bulkMessageRecipients)
          .where(
            and(
              eq(bulkMessageRecipients.messageId, messageId),
              eq(bulkMessageRecipients.emailState, 'pending'),
              afterEmailUser ? gt(bulkMessageRecipients.userId, afterEmailUser) : undefined,
            ),
          )
          .orderBy(asc(bulkMessageRecipients.userId))
          .limit(mailing.size())
          .for('update', { skipLocked: true });
        last = batch[batch.length - 1]?.userId;
        // Those who get no e-mail are marked in one statement per reason, not one per person.
        const skip = (reason: string, rows: typeof batch) =>
          rows.length
            ? tx
                .update(bulkMessageRecipients)
                .set({ emailState: 'skipped', emailSkipReason: reason })
                .where(
                  inArray(
                    bulkMessageRecipients.id,
                    rows.map((r) => r.id),
                  ),
                )
            : undefined;
        await skip(
          'Opted out of church e-mail',
          batch.filter((r) => !r.consent),
        );
        // People recorded without an e-mail (issue 31) get the in-app message only.
        await skip(
          'No e-mail address',
          batch.filter((r) => r.consent && !r.email),
        );
        const mailTo = batch.filter((r) => r.consent && r.email);
        if (!deps.mailer.smtpConfigured) {
          await skip('E-mail is not set up (SMTP)', mailTo);
          return batch.length;
        }
        if (!mailTo.length) return batch.length;
        const tokens = mailTo.map((r) => unsubscribeToken(deps.hashKey, r.id));
        const outboxIds = await deps.mailer.sendMany(
          mailTo.map((r, i) => {
            const first = firstName(r.name);
            const pageLink = `${deps.publicUrl}/unsubscribe/${tokens[i]}`;
            return {
              to: r.email,
              subject: subjectParts.join(first),
              text: `${bodyParts.join(first)}\n\n--\n${churchName}\nYou receive this because you are on ${churchName}'s member list. Unsubscribe from church e-mail: ${pageLink}\n`,
              kind: 'bulk-message',
              // Read again by the delivery job right before it sends (and before every retry).
              consent: { userId: r.userId, kind: 'email_church' as const },
              headers: {
                'List-Unsubscribe': `<${deps.publicUrl}/api/messages/unsubscribe/${tokens[i]}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            };
          }),
          { tx },
        );
        const links = JSON.stringify(mailTo.map((r, i) => ({ id: r.id, outbox_id: outboxIds[i] })));
        await tx.execute(sql`
          update ${bulkMessageRecipients} r set email_state = 'queued', outbox_id = v.outbox_id
          from jsonb_to_recordset(${links}::jsonb) as v(id uuid, outbox_id uuid) where r.id = v.id`);
        mailed = mailTo.length;
        return batch.length;
      });
      if (!handled) {
        // The end of a pass. A row another runner held locked (skipped above) and then let go
        // is still pending: one more pass from the start picks it up.
        if (!afterEmailUser || !(await pendingEmail(messageId))) break;
        afterEmailUser = null;
        continue;
      }
      afterEmailUser = last ?? null;
      done += handled;
      await outboxGrew(mailed);
      // Only when the figure moves: each is an update of the job's row (and its wake-up trigger), and slices can be small.
      const percent = 10 + Math.round((90 * done) / Math.max(total, 1));
      if (percent !== shown) await progress((shown = percent));
      await mailing.rest(handled);
    }

    await db.update(bulkMessages).set({ status: 'sent', completedAt: new Date() }).where(eq(bulkMessages.id, messageId));
    return { recipients: total };
  }

  async function pendingEmail(messageId: string) {
    const [row] = await db
      .select({ id: bulkMessageRecipients.id })
      .from(bulkMessageRecipients)
      .where(and(eq(bulkMessageRecipients.messageId, messageId), eq(bulkMessageRecipients.emailState, 'pending')))
      .limit(1);
    return !!row;
  }

  /** Counts the rows a send adds to a table and, once past STATS_AFTER, makes sure the planner knows (once per send). */
  function statsCheck(table: typeof notifications | typeof emailOutbox) {
    let added = 0;
    return async (n: number) => {
      if (added >= STATS_AFTER) return;
      added += n;
      // The plans at stake are foreign-key checks by id: the table's size is what they need.
      if (added >= STATS_AFTER) await analyzeIfBelow(db, table, STATS_AFTER, [table.id]);
    };
  }

  async function when(input: SendInput): Promise<Date | null> {
    if (input.schedule !== 'scheduled') return null;
    if (!input.scheduledDate || !input.scheduledTime) throw badRequest(MESSAGING_TEXTS.dateTimeRequired);
    const at = zonedToUtc(input.scheduledDate, input.scheduledTime, await deps.timeZone());
    if (Number.isNaN(at.getTime())) throw badRequest(MESSAGING_TEXTS.dateTimeRequired);
    if (at.getTime() < Date.now() - 60_000) throw badRequest(MESSAGING_TEXTS.inPast);
    return at;
  }

  return {
    sendJob,

    /**
     * How many the type reaches and how many of them agree to e-mail. The second figure starts
     * from the consents table (the few who ever chose), not a look-up per person: this runs
     * in the request that sends, and on PGlite a 10,000-person subquery held every other
     * request for its ~15 ms.
     */
    async countAudience(type: RecipientType) {
      const audience = audienceWhere(type);
      const fallback = CONSENT_KINDS.email_church.default;
      // Each person's latest choice about church e-mail (someone with none has the default).
      const latestEmailChoice = db
        .selectDistinctOn([consents.userId], { userId: consents.userId, granted: consents.granted })
        .from(consents)
        .where(eq(consents.kind, 'email_church'))
        .orderBy(consents.userId, desc(consents.createdAt))
        .as('latest');
      const [[row], [chose]] = await Promise.all([
        db
          .select({ n: sql<number>`count(*)::int`, firstName: sql<string | null>`min(${users.name})` })
          .from(users)
          .where(audience),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(latestEmailChoice)
          .innerJoin(users, eq(users.id, latestEmailChoice.userId))
          .where(and(audience, eq(latestEmailChoice.granted, !fallback))),
      ]);
      const n = row?.n ?? 0;
      const email = fallback ? n - (chose?.n ?? 0) : (chose?.n ?? 0);
      return {
        recipientCount: n,
        emailCount: deps.mailer.smtpConfigured ? email : 0,
        sampleName: row?.firstName ?? null,
      };
    },

    async preview(input: { subject: string; message: string; recipientType: RecipientType }) {
      const counts = await this.countAudience(input.recipientType);
      const churchName = await deps.churchName();
      return {
        recipientCount: counts.recipientCount,
        emailCount: counts.emailCount,
        smtpConfigured: deps.mailer.smtpConfigured,
        sample: counts.sampleName
          ? {
              name: counts.sampleName,
              subject: merge(input.subject, counts.sampleName, churchName),
              message: merge(input.message, counts.sampleName, churchName),
            }
          : null,
      };
    },

    /** Stores the message and queues its job (due now or at the scheduled time) in one transaction. */
    async create(actor: SessionUser, input: SendInput) {
      const at = await when(input);
      const zone = await deps.timeZone();
      // Only the head count here, not the e-mail consents (countAudience): on PGlite this request holds
      // the one connection, and every other request waits for what it runs (issue 13's p99 budget).
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(audienceWhere(input.recipientType));
      const recipientCount = counted?.n ?? 0;
      if (!recipientCount) throw badRequest(MESSAGING_TEXTS.noRecipients);
      await jobs.ready();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bulkMessages)
          .values({
            subject: input.subject,
            body: input.message,
            recipientType: input.recipientType,
            status: 'scheduled',
            scheduledFor: at,
            createdBy: actor.id,
            createdByName: actor.name,
          })
          .returning();
        const jobId = await sendJob.send({ messageId: row!.id }, { tx, id: row!.id, ...(at ? { startAfter: at } : {}) });
        await tx.update(bulkMessages).set({ jobId }).where(eq(bulkMessages.id, row!.id));
        await deps.audit(tx, {
          actor,
          action: at ? 'message.scheduled' : 'message.sent',
          entityType: 'bulk_message',
          entityId: row!.id,
          // The church's wall time, as the leader chose it (never an ISO string in a summary people read).
          summary: `${at ? 'Scheduled' : 'Sent'} "${input.subject}" to ${input.recipientType} members (${recipientCount})${at ? ` for ${formatLocal(at, zone)}` : ''}`,
          before: null,
          after: { subject: input.subject, recipientType: input.recipientType, scheduledFor: at?.toISOString() ?? null, recipientCount },
        });
        return row!.id;
      });
    },

    /**
     * Gives every message that should still go out (scheduled, or cut off while sending) but has
     * no live job a job again. Jobs are not part of a backup: a restored database holds scheduled
     * messages whose jobs are gone, which would never be sent and could not be cancelled. Run on
     * every start (an onReady hook in modules.ts); safe with several instances starting together: the
     * message's job id is moved on with a compare-and-set in the same transaction that queues the
     * new job, so only one instance queues it. Returns how many it queued.
     */
    async requeueOrphans(): Promise<number> {
      await jobs.ready();
      const orphans = rowsOf<{ id: string; job_id: string | null; scheduled_for: string | Date | null }>(
        await db.execute(sql`
          select m.id, m.job_id, m.scheduled_for from ${bulkMessages} m
          where m.status in ('scheduled', 'sending')
            and not exists (
              select 1 from ${sql.raw(JOBS_SCHEMA)}.job j
              where j.name = ${SEND_JOB} and j.id::text = coalesce(m.job_id, m.id::text) and j.state in ('created', 'retry', 'active')
            )`),
      );
      let queued = 0;
      for (const m of orphans) {
        const jobId = randomUUID();
        const at = m.scheduled_for ? new Date(m.scheduled_for) : null;
        const done = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(bulkMessages)
            .set({ jobId })
            .where(
              and(
                eq(bulkMessages.id, m.id),
                m.job_id === null ? isNull(bulkMessages.jobId) : eq(bulkMessages.jobId, m.job_id),
                inArray(bulkMessages.status, ['scheduled', 'sending']),
              ),
            )
            .returning({ id: bulkMessages.id });
          if (!claimed) return false;
          await sendJob.send({ messageId: m.id }, { tx, id: jobId, ...(at && at.getTime() > Date.now() ? { startAfter: at } : {}) });
          return true;
        });
        if (done) queued += 1;
      }
      return queued;
    },

    /** Withdraws a scheduled message until its job starts. */
    async cancel(actor: SessionUser, id: string) {
      const [msg] = await db.select().from(bulkMessages).where(eq(bulkMessages.id, id));
      if (!msg) throw notFound('Message not found');
      if (msg.status !== 'scheduled') throw conflict(MESSAGING_TEXTS.tooLate);
      // The job is withdrawn first (outside a transaction: PGlite has one connection); only a withdrawn job cancels the message.
      const withdrawn = await jobs.cancel(SEND_JOB, msg.jobId ?? id);
      if (!withdrawn) throw conflict(MESSAGING_TEXTS.tooLate);
      await db.transaction(async (tx) => {
        await tx
          .update(bulkMessages)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(and(eq(bulkMessages.id, id), eq(bulkMessages.status, 'scheduled')));
        await deps.audit(tx, {
          actor,
          action: 'message.cancelled',
          entityType: 'bulk_message',
          entityId: id,
          summary: `Cancelled the scheduled message "${msg.subject}"`,
          before: { status: 'scheduled' },
          after: { status: 'cancelled' },
        });
      });
    },

    /** What the unsubscribe page shows before the person confirms. */
    async unsubscribeInfo(token: string) {
      const r = await recipientFor(token);
      const granted = await deps.consents.has(r.userId, 'email_church');
      return { churchName: await deps.churchName(), maskedEmail: mask(r.email), alreadyUsed: !!r.unsubscribedAt, subscribed: granted };
    },

    /** One use per link: records "no e-mail from the church" for the link's own recipient. */
    async unsubscribe(token: string) {
      const r = await recipientFor(token);
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(bulkMessageRecipients)
          .set({ unsubscribedAt: new Date() })
          .where(and(eq(bulkMessageRecipients.id, r.id), isNull(bulkMessageRecipients.unsubscribedAt)))
          .returning({ id: bulkMessageRecipients.id });
        if (!claimed) throw new HttpError(410, MESSAGING_TEXTS.unsubscribeUsed);
        await deps.consents.set(r.userId, [{ kind: 'email_church', granted: false }], { source: 'unsubscribe_link' }, tx);
      });
      return MESSAGING_TEXTS.unsubscribed;
    },
  };

  async function recipientFor(token: string) {
    const id = verifyUnsubscribeToken(deps.hashKey, token);
    if (!id) throw badRequest(MESSAGING_TEXTS.unsubscribeInvalid);
    const [r] = await db.select().from(bulkMessageRecipients).where(eq(bulkMessageRecipients.id, id));
    if (!r) throw badRequest(MESSAGING_TEXTS.unsubscribeInvalid);
    return r;
  }
}
export type MessagingService = ReturnType<typeof createMessagingService>;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

function mask(email: string) {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}
