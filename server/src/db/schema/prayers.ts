import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/** Spec 000 §3 / 001 §3 Prayer. */
export const prayers = pgTable(
  'prayers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The asker's name as it was when they asked (kept when the account goes). */
    submittedBy: text('submitted_by').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    /** pending, approved, rejected, answered */
    status: text('status').notNull().default('pending'),
    /** low, medium, high */
    priority: text('priority').notNull().default('medium'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The pastor or administrator who cares for this request (the care inbox, issue 10); null: nobody yet. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('prayers_user_idx').on(t.userId, t.createdAt),
    index('prayers_status_idx').on(t.status, t.createdAt),
    index('prayers_created_idx').on(t.createdAt),
  ],
);
export type PrayerRow = typeof prayers.$inferSelect;
