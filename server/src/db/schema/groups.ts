import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatRooms } from './chat';
import { timestamps, users } from './users';

/**
 * Zones, districts and whatever else a church calls the layers above its groups (issue 34),
 * as a tree of any depth. `path` is the ids from the root down, '/'-separated and ending in
 * '/', so "every node below X" is one prefix match on an index (no recursive query per report).
 */
export const groupNetworks = pgTable(
  'group_networks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    path: text('path').notNull(),
    depth: smallint('depth').notNull().default(0),
    overseerId: uuid('overseer_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('group_networks_path_idx').on(sql`${t.path} text_pattern_ops`),
    index('group_networks_parent_idx').on(t.parentId),
    index('group_networks_overseer_idx').on(t.overseerId),
  ],
);
export type GroupNetworkRow = typeof groupNetworks.$inferSelect;

/** A group: cell, Bible study, fellowship, team or class, with its meeting schedule. */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    /** 0 Sunday … 6 Saturday; null when the group has no fixed day. */
    meetingDay: smallint('meeting_day'),
    /** 'HH:MM' in the church's time zone. */
    meetingTime: text('meeting_time'),
    frequency: text('frequency').notNull().default('weekly'),
    meetingPlace: text('meeting_place').notNull().default(''),
    /** Members only (the presenter decides): a home address is personal data. */
    address: text('address').notNull().default(''),
    capacity: integer('capacity'),
    isOpen: boolean('is_open').notNull().default(true),
    showMembers: boolean('show_members').notNull().default(false),
    pictureFile: text('picture_file'),
    networkId: uuid('network_id').references(() => groupNetworks.id, { onDelete: 'set null' }),
    chatRoomId: uuid('chat_room_id').references(() => chatRooms.id, { onDelete: 'set null' }),
    /** Generated meetings exist up to this day (the nightly job moves it on). */
    scheduledUntil: text('scheduled_until'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('groups_network_idx').on(t.networkId), index('groups_name_idx').on(t.name, t.id)],
);
export type GroupRow = typeof groups.$inferSelect;

/**
 * Who is in a group and how: one row per person per group. A request to join is a row in
 * status 'requested'; leaving keeps the row (status 'left', left_at) so growth can be counted.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    /** requested, active, declined, left */
    status: text('status').notNull().default('active'),
    message: text('message').notNull().default(''),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.status),
    index('group_members_group_status_idx').on(t.groupId, t.status),
  ],
);
export type GroupMemberRow = typeof groupMembers.$inferSelect;

/**
 * One meeting of a group, generated from the schedule or added by a leader. The id may be
 * made by the leader's phone (offline); (group, starts_at) is unique so two phones that made
 * the same meeting offline end up with one. present_count and expected_count are kept with
 * the attendance in one transaction, so reports read meetings, never attendance rows.
 */
export const groupMeetings = pgTable(
  'group_meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** scheduled, held, cancelled */
    status: text('status').notNull().default('scheduled'),
    note: text('note').notNull().default(''),
    /** Everyone in the room, visitors and children included, when the leader counted. */
    headcount: integer('headcount'),
    presentCount: integer('present_count').notNull().default(0),
    expectedCount: integer('expected_count').notNull().default(0),
    visitorCount: integer('visitor_count').notNull().default(0),
    generated: boolean('generated').notNull().default(false),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('group_meetings_group_starts_uq').on(t.groupId, t.startsAt), index('group_meetings_starts_idx').on(t.startsAt)],
);
export type GroupMeetingRow = typeof groupMeetings.$inferSelect;

/**
 * Attendance: one row per member per meeting (present or absent). The last mark by the
 * phone's own clock wins; every mark received is kept in group_attendance_marks.
 */
export const groupAttendance = pgTable(
  'group_attendance',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => groupMeetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    present: boolean('present').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('group_attendance_user_idx').on(t.userId, t.meetingId)],
);

/** Every mark a phone sent, by its client-made id: a resend is recognised and both phones' marks stay on record. */
export const groupAttendanceMarks = pgTable(
  'group_attendance_marks',
  {
    id: uuid('id').primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => groupMeetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    present: boolean('present').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Whether this mark decided the attendance row when it arrived (false: an older mark lost to a newer one). */
    applied: boolean('applied').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_attendance_marks_meeting_idx').on(t.meetingId)],
);

/** A visitor at a meeting: name and phone (digits kept for "came back" across meetings). */
export const groupVisitors = pgTable(
  'group_visitors',
  {
    id: uuid('id').primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => groupMeetings.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    /** E.164 when the number could be read, so '082 555 1234' and '+27825551234' are one visitor. */
    phoneKey: text('phone_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_visitors_meeting_idx').on(t.meetingId), index('group_visitors_group_phone_idx').on(t.groupId, t.phoneKey)],
);

/**
 * A member who stopped coming: raised once by the nightly check when they missed N held
 * meetings running, and open until someone marks it done or the person comes back. The
 * partial unique index is what makes it "once, not every week".
 */
export const groupCareAlerts = pgTable(
  'group_care_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missed: integer('missed').notNull(),
    lastAttendedAt: timestamp('last_attended_at', { withTimezone: true }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    /** done (someone followed up) or returned (the person came to a meeting again) */
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('group_care_alerts_open_uq').on(t.groupId, t.userId).where(sql`${t.resolvedAt} is null`),
    index('group_care_alerts_assignee_idx').on(t.assigneeId),
  ],
);
export type GroupCareAlertRow = typeof groupCareAlerts.$inferSelect;

/** The church's group settings: one row. */
export const groupSettings = pgTable(
  'group_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Meetings missed running before a follow-up is raised; 0 turns the check off. */
    driftAfterMeetings: integer('drift_after_meetings').notNull().default(3),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('group_settings_single_row', sql`${t.id} = 1`)],
);
