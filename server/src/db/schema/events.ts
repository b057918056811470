import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/** Spec 001 §3 Event plus the fields of POST /events (spec 002 §7.5). */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** When it starts; the list splits upcoming/past on this. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** 'HH:MM' as entered; empty means All Day. */
    time: text('time'),
    location: text('location'),
    /** service, study, social, outreach, meeting, training */
    type: text('type').notNull().default('service'),
    category: text('category'),
    speaker: text('speaker'),
    maxAttendees: integer('max_attendees'),
    registrationRequired: boolean('registration_required').notNull().default(false),
    /** Head count recorded after the event. */
    attendance: integer('attendance'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('events_starts_at_idx').on(t.startsAt)],
);
export type EventRow = typeof events.$inferSelect;

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the 24-hour reminder notification has been created. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('event_registrations_event_user_uq').on(t.eventId, t.userId), index('event_registrations_user_idx').on(t.userId)],
);

/** Spec 001 §3 Sermon. Media files live under DATA_DIR/uploads; the row keeps their stored names. */
export const sermons = pgTable(
  'sermons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    speaker: text('speaker').notNull(),
    preachedOn: timestamp('preached_on', { withTimezone: true }).notNull(),
    description: text('description').notNull().default(''),
    series: text('series'),
    videoFile: text('video_file'),
    audioFile: text('audio_file'),
    thumbnailFile: text('thumbnail_file'),
    /** An external link (e.g. a YouTube page) when the media is not hosted here. */
    externalUrl: text('external_url'),
    /** Length in seconds, shown as mm:ss on cards. */
    durationSeconds: integer('duration_seconds'),
    views: integer('views').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('sermons_preached_on_idx').on(t.preachedOn), index('sermons_published_idx').on(t.published)],
);
export type SermonRow = typeof sermons.$inferSelect;
