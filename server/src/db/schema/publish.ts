import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sermons } from './events';
import { timestamps, users } from './users';

/** Spec 001 §3 Announcement: published toggle, priority, Active between startDate and endDate. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The name shown as author, kept even when the account is removed. */
    author: text('author').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** low, medium, high */
    priority: text('priority').notNull().default('medium'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    published: boolean('published').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('announcements_window_idx').on(t.published, t.startDate, t.endDate)],
);
export type AnnouncementRow = typeof announcements.$inferSelect;

/** Spec 001 §2 /sermons/prepare: a pastor's own notes, turned into a sermon when it is uploaded. */
export const sermonPreparations = pgTable(
  'sermon_preparations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pastorId: uuid('pastor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    scriptures: text('scriptures').notNull().default(''),
    outline: text('outline').notNull().default(''),
    series: text('series').notNull().default(''),
    preachOn: date('preach_on', { mode: 'string' }),
    /** draft, ready */
    status: text('status').notNull().default('draft'),
    sermonId: uuid('sermon_id').references(() => sermons.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('sermon_preparations_pastor_idx').on(t.pastorId, t.updatedAt)],
);
export type SermonPreparationRow = typeof sermonPreparations.$inferSelect;

/**
 * One row per sermon, visitor and day, so a view counts once per visitor per
 * day. The visitor is a keyed hash of address and browser with a key that
 * changes daily: no IP address is stored, and yesterday's hashes cannot be
 * linked to today's.
 */
export const sermonViews = pgTable(
  'sermon_views',
  {
    sermonId: uuid('sermon_id')
      .notNull()
      .references(() => sermons.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sermonId, t.visitor, t.day] }), index('sermon_views_day_idx').on(t.day)],
);
