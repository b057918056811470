import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outbox of domain events (server/src/events/): one row per thing that
 * happened, written in the transaction that made the change, so an event of
 * a rolled-back change never exists and a committed one is never lost.
 * Subscribers read it through the job queue. Rows are kept for
 * EVENT_RETENTION_DAYS (they can name a person), then deleted by a daily job.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_events_occurred_idx').on(t.occurredAt)],
);
export type DomainEventRow = typeof domainEvents.$inferSelect;

/**
 * Which subscriber has handled which event, written in the subscriber's own
 * transaction: a job that runs again (its worker died after the commit) sees
 * the receipt and does nothing twice.
 */
export const domainEventReceipts = pgTable(
  'domain_event_receipts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
