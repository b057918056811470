import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post …). */
  headers?: Record<string, string>;
}

/** SMTP retries: 5 attempts in all, 30 s, 1, 2 and 4 minutes apart. */
export const MAIL_RETRY = { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true } as const;

/**
 * Every mail is written to the outbox first. With SMTP_URL a `mail.send` job
 * then delivers it: a failing server is retried with back-off, and after the
 * last attempt the outbox row is marked failed with the reason. Without SMTP
 * the outbox is where administrators read it.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger; jobs: JobQueue }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  const deliver = opts.jobs.define(
    'mail.send',
    z.object({ outboxId: z.uuid() }),
    async ({ outboxId }, job) => {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      if (!row || row.sentAt || !transport) return { skipped: true };
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.bodyText,
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
          // Once delivered, a reset link has no reason to stay readable in the database (or its backups).
          ...(row.kind === 'password-reset' ? { bodyText: '(removed after delivery: it held a password-reset link)' } : {}),
        })
        .where(eq(emailOutbox.id, outboxId));
      return { sent: true };
    },
    { ...MAIL_RETRY, concurrency: 2 },
  );

  /** Stores the mail and, with SMTP, queues its delivery. Returns the outbox row's id. */
  async function send(mail: Mail): Promise<string> {
    const [row] = await db
      .insert(emailOutbox)
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        bodyText: mail.text,
        kind: mail.kind ?? 'general',
        headers: mail.headers ?? null,
      })
      .returning({ id: emailOutbox.id });
    if (transport) await deliver.send({ outboxId: row!.id });
    return row!.id;
  }

  return { send, smtpConfigured: !!transport };
}
export type Mailer = ReturnType<typeof createMailer>;
