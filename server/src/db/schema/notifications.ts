import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Spec 000 §3 / 002 §3 Notification, created by real events (prayer approved, event reminder, donation received ...). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** event, prayer, giving, message, other */
    type: text('type').notNull().default('other'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Makes a notification that must exist once (an event reminder) safe to create from several instances. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt), uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey)],
);
export type NotificationRow = typeof notifications.$inferSelect;
