import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { emailOutbox } from './outbox';
import { notifications } from './notifications';

/**
 * A bulk message (spec 001 bulk messaging): written when a leader sends or
 * schedules it, delivered by the `messaging.send` job. `status` moves
 * scheduled → sending → sent, or scheduled → cancelled; `failed` keeps the
 * reason in `error`.
 */
export const bulkMessages = pgTable(
  'bulk_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** all, active, volunteers, leaders, visitors, inactive */
    recipientType: text('recipient_type').notNull(),
    status: text('status').notNull().default('scheduled'),
    /** Null: send immediately. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    jobId: text('job_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    /** Set once the audience has been resolved into recipient rows (at send time, so consent and status are current). */
    recipientsResolvedAt: timestamp('recipients_resolved_at', { withTimezone: true }),
    recipientCount: integer('recipient_count'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_messages_created_idx').on(t.createdAt)],
);
export type BulkMessageRow = typeof bulkMessages.$inferSelect;

/**
 * One row per recipient of a bulk message: what each channel did. The e-mail
 * state beyond `queued` is read from the outbox row the mail job updates
 * (sent_at, or failed_at with the error), so there is one truth per mail.
 */
export const bulkMessageRecipients = pgTable(
  'bulk_message_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => bulkMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The in-app notification, once written. */
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    /** pending → queued (outbox row written, mail job sent) | skipped (opted_out / no_smtp) */
    emailState: text('email_state').notNull().default('pending'),
    emailSkipReason: text('email_skip_reason'),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    /** When this recipient used the message's unsubscribe link (it works once). */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_message_recipients_uq').on(t.messageId, t.userId),
    index('bulk_message_recipients_state_idx').on(t.messageId, t.emailState),
  ],
);

/** Templates a leader saves and reuses (spec 002 §7.9 GET /notifications/templates). */
export const messageTemplates = pgTable('message_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * Privacy-friendly page views: no cookie, no IP, no user id. `visitor` is a
 * hash of (daily salt, IP, user agent); the salt is random per day and
 * deleted the next day, so yesterday's hashes can no longer be linked to
 * anyone or to today's.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    /** direct, search, social, or the referring site's host name */
    source: text('source').notNull(),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_day_idx').on(t.day), index('page_views_created_idx').on(t.createdAt)],
);

/** Today's (and only today's) salt for visitor hashes. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** A report file built by the `exports.build` job: downloadable by its requester until it expires. */
export const exportFiles = pgTable(
  'export_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportType: text('report_type').notNull(),
    format: text('format').notNull(),
    options: jsonb('options').notNull(),
    /** queued → running → ready | failed */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count'),
    fileName: text('file_name'),
    storedName: text('stored_name'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    jobId: text('job_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('export_files_user_idx').on(t.requestedBy, t.createdAt)],
);
export type ExportFileRow = typeof exportFiles.$inferSelect;
