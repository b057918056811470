import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** A leader closed registrations (issue 31): nobody new may register or join the waiting list. */
    registrationsClosed: boolean('registrations_closed').notNull().default(false),
    /** Cancelled, not deleted (issue 31): registrations and check-ins stay; every list shows it as cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
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
    /** 'registered' holds a place; 'waitlisted' waits in createdAt order for one (issue 31). */
    status: text('status').notNull().default('registered'),
    /** People the member brings besides themselves: the party (1 + guests) counts against maxAttendees. */
    guests: integer('guests').notNull().default(0),
    /** Their turn on the waiting list: when they joined it; moving up keeps it (the list stays in order). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a waiting person was moved up to registered. */
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    /** Set when the 24-hour reminder notification has been created. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_registrations_event_user_uq').on(t.eventId, t.userId),
    index('event_registrations_user_idx').on(t.userId),
    index('event_registrations_waitlist_idx').on(t.eventId, t.status, t.createdAt),
    check('event_registrations_status_ck', sql`${t.status} in ('registered', 'waitlisted')`),
    check('event_registrations_guests_ck', sql`${t.guests} >= 0`),
  ],
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
