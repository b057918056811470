import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the platform sends. Without SMTP_URL mail stays here for an
 * administrator to read; with SMTP it records what was sent (or the error).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
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
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
