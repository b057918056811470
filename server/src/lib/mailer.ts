import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { CONSENT_KINDS, consentKind, type ConsentKind } from '@church/contract/consents';
import type { Sealer } from './seal';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (the church's branded template, modules/channels/providers/branded-email.ts). */
  html?: string;
  kind?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post …). */
  headers?: Record<string, string>;
  /**
   * Church mail to a member (bulk messages): sent only if they still agree to
   * `kind` when the delivery job runs, on every attempt. Transactional mail
   * (a password reset, a receipt) has none.
   */
  consent?: { userId: string; kind: ConsentKind };
  /**
   * A secret that belongs to the recipient alone (a password-reset link). `text`
   * holds MAIL_SECRET_SLOT where it goes. The stored body never holds it: with
   * SMTP it waits sealed (lib/seal.ts) until the delivery job puts it into the
   * mail it sends; without SMTP it is not kept at all (nobody could deliver it).
   */
  secret?: string;
}

/** Why a mail the delivery job did not send was skipped (shown in the mail log and the message's delivery list). */
export const consentWithdrawnReason = (kind: ConsentKind) => `Consent withdrawn before sending (${CONSENT_KINDS[kind].label})`;

/** Where a mail's secret goes in its text. */
export const MAIL_SECRET_SLOT = '[[secret]]';
/** What the stored copy says in the secret's place. */
export const MAIL_SECRET_WITHHELD = '(a personal link: sent only by e-mail, never kept here)';

const SEAL_LOST =
  'The personal link in this mail could not be unsealed (the server secret changed since it was queued); the person can ask again.';

/** SMTP retries: 5 attempts in all, 30 s, 1, 2 and 4 minutes apart. */
export const MAIL_RETRY = { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true } as const;

/**
 * Every mail is written to the outbox first. With SMTP_URL a `mail.send` job
 * then delivers it: a failing server is retried with back-off, and after the
 * last attempt the outbox row is marked failed with the reason. Without SMTP
 * nothing leaves: the mail log shows administrators that it waits (never its body).
 */
export function createMailer(
  db: Db,
  opts: {
    smtpUrl?: string;
    from: string;
    log: FastifyBaseLogger;
    jobs: JobQueue;
    /** The member's current decision (modules/consents): asked by the delivery job right before it sends. */
    hasConsent: (userId: string, kind: ConsentKind) => Promise<boolean>;
    /** Seals a mail's secret (a reset link) while it waits for delivery (lib/seal.ts). */
    sealer: Sealer;
  },
) {
  // nodemailer (~430 KB of code) is loaded for the first delivery, not compiled at every start (issue 16).
  const smtpUrl = opts.smtpUrl;
  let transporter: Promise<Transporter> | undefined;
  const transport = smtpUrl
    ? () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)))
    : null;

  /** The outbox row's values: the secret sealed when SMTP will deliver it, dropped when nothing will. */
  function row(mail: Mail) {
    if (mail.secret !== undefined && !mail.text.includes(MAIL_SECRET_SLOT))
      throw new Error(`A mail with a secret needs ${MAIL_SECRET_SLOT} in its text`);
    const withSecret = mail.secret !== undefined && transport;
    return {
      toAddress: mail.to,
      subject: mail.subject,
      bodyText: withSecret ? mail.text : mail.text.replaceAll(MAIL_SECRET_SLOT, MAIL_SECRET_WITHHELD),
      bodyHtml: mail.html ?? null,
      sealedSecret: withSecret ? opts.sealer.seal(mail.secret!) : null,
      kind: mail.kind ?? 'general',
      headers: mail.headers ?? null,
      consentUserId: mail.consent?.userId ?? null,
      consentKind: mail.consent?.kind ?? null,
    };
  }

  const deliver = opts.jobs.define(
    'mail.send',
    z.object({ outboxId: z.uuid() }),
    async ({ outboxId }, job) => {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      if (!row || row.sentAt || row.skippedAt || !transport) return { skipped: true };
      if (row.consentKind) {
        // Asked here, not only when the mail was queued: someone who unsubscribed in the minutes
        // between (or while SMTP retries were waiting) gets nothing more.
        const kind = consentKind.parse(row.consentKind);
        const reason = !row.consentUserId
          ? 'The member’s account no longer exists'
          : !(await opts.hasConsent(row.consentUserId, kind))
            ? consentWithdrawnReason(kind)
            : null;
        if (reason) {
          await db.update(emailOutbox).set({ skippedAt: new Date(), skipReason: reason }).where(eq(emailOutbox.id, outboxId));
          return { skipped: true, reason };
        }
      }
      let text = row.bodyText;
      if (row.sealedSecret) {
        const secret = opts.sealer.open(row.sealedSecret);
        if (secret === null) {
          // Sealed under another server secret (JWT_SECRET changed since): no retry can open it.
          await db
            .update(emailOutbox)
            .set({ error: SEAL_LOST, failedAt: new Date(), sealedSecret: null, attempts: sql`${emailOutbox.attempts} + 1` })
            .where(eq(emailOutbox.id, outboxId));
          return { failed: SEAL_LOST };
        }
        text = text.replaceAll(MAIL_SECRET_SLOT, secret);
      }
      try {
        await (
          await transport()
        ).sendMail({
          from: opts.from,
          to: row.toAddress,
          subject: row.subject,
          text,
          ...(row.bodyHtml ? { html: row.bodyHtml } : {}),
          headers: row.headers ?? undefined,
        });
      } catch (err) {
        const reason = String((err as Error).message).slice(0, 1000);
        await db
          .update(emailOutbox)
          .set({ error: reason, attempts: sql`${emailOutbox.attempts} + 1`, failedAt: job.lastAttempt ? new Date() : null })
          .where(eq(emailOutbox.id, outboxId));
        throw err;
      }
      await db
        .update(emailOutbox)
        .set({
          sentAt: new Date(),
          error: null,
          attempts: sql`${emailOutbox.attempts} + 1`,
          // Delivered: the sealed secret has done its work.
          ...(row.sealedSecret ? { sealedSecret: null, bodyText: row.bodyText.replaceAll(MAIL_SECRET_SLOT, MAIL_SECRET_WITHHELD) } : {}),
        })
        .where(eq(emailOutbox.id, outboxId));
      return { sent: true };
    },
    { ...MAIL_RETRY, concurrency: 2 },
  );

  /**
   * Stores the mail and, with SMTP, queues its delivery. Returns the outbox row's id.
   * With `tx` both happen inside the caller's transaction (bulk messages: a batch
   * and its mails commit together, so a resumed send never mails anyone twice).
   */
  async function send(mail: Mail, opts: { tx?: DbOrTx } = {}): Promise<string> {
    const [inserted] = await (opts.tx ?? db).insert(emailOutbox).values(row(mail)).returning({ id: emailOutbox.id });
    if (transport) await deliver.send({ outboxId: inserted!.id }, opts.tx ? { tx: opts.tx } : {});
    return inserted!.id;
  }

  /**
   * Many mails in a few statements: one insert for the outbox rows and, with SMTP, one for
   * their delivery jobs (bulk messages: per-mail statements kept the batch's transaction, and
   * on PGlite the one connection, busy for hundreds of statements). Returns the outbox ids in order.
   */
  async function sendMany(mails: Mail[], opts: { tx?: DbOrTx } = {}): Promise<string[]> {
    if (!mails.length) return [];
    const ids = mails.map(() => randomUUID());
    await (opts.tx ?? db).insert(emailOutbox).values(mails.map((mail, i) => ({ id: ids[i], ...row(mail) })));
    if (transport)
      await deliver.sendMany(
        ids.map((outboxId) => ({ outboxId })),
        opts.tx ? { tx: opts.tx } : {},
      );
    return ids;
  }

  return { send, sendMany, smtpConfigured: !!transport };
}
export type Mailer = ReturnType<typeof createMailer>;
