import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * Who actually came to an event (check-in by a leader). Registrations say who
 * meant to come; this table is the attendance that analytics and exports read:
 * one row per person per event, with who checked them in and when.
 */
export const eventAttendance = pgTable(
  'event_attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('event_attendance_event_user_uq').on(t.eventId, t.userId), index('event_attendance_user_idx').on(t.userId)],
);
export type EventAttendanceRow = typeof eventAttendance.$inferSelect;

/**
 * A pastoral visit or call (spec 001 §2 Pastoral care, visits tab). The notes
 * are confidential: only pastor/admin/superadmin read them ('care:notes').
 * A follow-up date makes the visit appear in the care inbox until marked done.
 */
export const careVisits = pgTable(
  'care_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** visit, call, hospital, counselling */
    kind: text('kind').notNull().default('visit'),
    visitedOn: date('visited_on', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    followUpDoneAt: timestamp('follow_up_done_at', { withTimezone: true }),
    /** The leader who should do the follow-up (the recorder unless reassigned). */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('care_visits_member_idx').on(t.memberId, t.visitedOn), index('care_visits_follow_up_idx').on(t.followUpOn)],
);
export type CareVisitRow = typeof careVisits.$inferSelect;

/** What each leader wants to hear about (in-app always, e-mail when emailAlerts and SMTP is configured). */
export const leaderAlertPrefs = pgTable('leader_alert_prefs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  visitors: boolean('visitors').notNull().default(true),
  contactMessages: boolean('contact_messages').notNull().default(true),
  prayers: boolean('prayers').notNull().default(true),
  emailAlerts: boolean('email_alerts').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LeaderAlertPrefsRow = typeof leaderAlertPrefs.$inferSelect;
