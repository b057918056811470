import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every e-mail the platform sends. Without SMTP_URL mail waits here (the mail
 * log shows it, never its body); with SMTP it records what was sent (or the error).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Never holds a secret: a reset link's place is marked (lib/mailer.ts MAIL_SECRET_SLOT). */
    bodyText: text('body_text').notNull(),
    /** The HTML part, when the mail has one (church-branded messages). */
    bodyHtml: text('body_html'),
    /**
     * The recipient's secret (a reset link) sealed with a key derived from the server
     * secret (lib/seal.ts), only while SMTP delivery is pending; cleared once sent.
     * Backups leave it out (ops/backup/catalog.ts).
     */
    sealedSecret: text('sealed_secret'),
    kind: text('kind').notNull().default('general'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** SMTP attempts so far (sending runs as a retried job). */
    attempts: integer('attempts').notNull().default(0),
    /** Set when the last retry failed too; `error` says why. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Extra headers, e.g. List-Unsubscribe on bulk messages. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * Church mail (bulk messages) needs the member's consent when it is sent,
     * not only when it was queued: the delivery job reads `consent_kind` of
     * this person on every attempt. Null for transactional mail (password reset, receipts).
     */
    consentUserId: uuid('consent_user_id').references(() => users.id, { onDelete: 'set null' }),
    consentKind: text('consent_kind'),
    /** Set when the delivery job did not send it (consent withdrawn after it was queued); `skipReason` says why. */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    skipReason: text('skip_reason'),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt), index('email_outbox_consent_user_idx').on(t.consentUserId)],
);
