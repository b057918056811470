import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema/index';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind?: string;
}

/**
 * Every mail is written to the outbox first; with SMTP_URL it is then sent
 * and marked. Without SMTP the outbox is where administrators read it.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  async function send(mail: Mail): Promise<void> {
    const [row] = await db
      .insert(emailOutbox)
      .values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text, kind: mail.kind ?? 'general' })
      .returning({ id: emailOutbox.id });
    if (!transport) return;
    try {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row!.id));
    } catch (err) {
      // The mail stays in the outbox with the error; the caller's action still succeeds.
      opts.log.error({ err, outboxId: row!.id }, 'SMTP send failed');
      await db
        .update(emailOutbox)
        .set({ error: String((err as Error).message) })
        .where(eq(emailOutbox.id, row!.id));
    }
  }

  return { send, smtpConfigured: !!transport };
}
export type Mailer = ReturnType<typeof createMailer>;
