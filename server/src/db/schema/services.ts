import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Sunday (issue 33): a service (a date and time, in the church's time zone) and its plan. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** The local day in the church's time zone (what the roster and check-in group by). */
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    /** Local start time 'HH:MM' as the leader gave it. */
    localTime: text('local_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(90),
    /** 'service-times' (from the church's list) or 'one-off'. */
    source: text('source').notNull().default('one-off'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('services_starts_idx').on(t.startsAt), index('services_day_idx').on(t.serviceDay)],
);
export type ServiceRow = typeof services.$inferSelect;

/** The order of service: one row per item, in `position` order. */
export const serviceItems = pgTable(
  'service_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    minutes: integer('minutes').notNull(),
    notes: text('notes'),
  },
  (t) => [index('service_items_service_idx').on(t.serviceId, t.position)],
);

/** Files for a service (chord charts, readings), streamed to DATA_DIR/uploads/services. */
export const serviceAttachments = pgTable(
  'service_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_attachments_service_idx').on(t.serviceId)],
);

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Nobody is scheduled more than this many weeks in a row. */
  maxWeeksRunning: integer('max_weeks_running').notNull().default(3),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teamPositions = pgTable(
  'team_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    needed: integer('needed').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('team_positions_team_idx').on(t.teamId)],
);

/** Who is qualified for a position (the team's members are everyone qualified for one of its positions). */
export const positionMembers = pgTable(
  'position_members',
  {
    positionId: uuid('position_id')
      .notNull()
      .references(() => teamPositions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.userId] }), index('position_members_user_idx').on(t.userId)],
);

/**
 * Who was asked to serve where. A decline or a swap is never deleted: the row keeps its status, reason
 * and proposed substitute, and the place is filled by a new row.
 */
export const scheduleAssignments = pgTable(
  'schedule_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => teamPositions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    proposedSubstituteId: uuid('proposed_substitute_id').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The assignment that took this one's place after a swap. */
    replacedBy: uuid('replaced_by'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_assignments_service_idx').on(t.serviceId),
    index('schedule_assignments_user_idx').on(t.userId, t.status),
    // One holding place per person, position and service: asking twice is refused by the database too.
    uniqueIndex('schedule_assignments_holding_uq')
      .on(t.serviceId, t.positionId, t.userId)
      .where(sql`status in ('pending', 'accepted')`),
  ],
);
export type AssignmentRow = typeof scheduleAssignments.$inferSelect;

/** Days a person cannot serve. */
export const blockouts = pgTable(
  'blockouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blockouts_user_idx').on(t.userId, t.startsOn)],
);

/**
 * A person's calendar feed: the link carries the version signed with the server's key; revoking moves the
 * version on, so every older link stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  active: integer('active').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
