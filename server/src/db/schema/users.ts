import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

function timestampsOf() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}
export const timestamps = timestampsOf();

/** A family or household: members linked together (issue 10), shown on each member's page. */
export const households = pgTable('households', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  address: text('address'),
  ...timestampsOf(),
});
export type HouseholdRow = typeof households.$inferSelect;

/** People: every member is a user; members added by a leader have no password until they reset one. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * Stored normalised (trimmed, lower case), so the unique index is case-insensitive. Null for people a
     * leader records without one (children, elderly members, a visitor's paper card: issue 31); an
     * e-mail is needed only to sign in, and is asked for when such a person accepts an invitation.
     */
    email: text('email').unique(),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('member'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull().default('active'),
    isActive: boolean('is_active').notNull().default(true),
    isVolunteer: boolean('is_volunteer').notNull().default(false),
    phone: text('phone'),
    /** The phone's digits only, so '082 555 1234', '+27825551234' and '0825551234' are found alike. */
    phoneDigits: text('phone_digits').generatedAlwaysAs(sql`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`),
    /**
     * Name and e-mail lowercased in one column, so the member search is one LIKE over one
     * trigram index (users_search_trgm_idx) instead of two ILIKEs (bench/reports/people.md).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || coalesce(email, ''))`),
    address: text('address'),
    joinDate: date('join_date', { mode: 'string' }).notNull().defaultNow(),
    birthday: date('birthday', { mode: 'string' }),
    baptismDate: date('baptism_date', { mode: 'string' }),
    spiritualGifts: text('spiritual_gifts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ministryInterests: text('ministry_interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gender: text('gender'),
    maritalStatus: text('marital_status'),
    occupation: text('occupation'),
    emergencyContact: text('emergency_contact'),
    /** The member's language (issue 36: en-ZA, af-ZA, zu-ZA, xh-ZA) for screens, e-mails and documents; null: the church's default. */
    language: text('language'),
    notes: text('notes'),
    lastContacted: timestamp('last_contacted', { withTimezone: true }),
    /** The household this member belongs to (issue 10); null when not linked. */
    householdId: uuid('household_id').references(() => households.id, { onDelete: 'set null' }),
    /** head, spouse, child, other — this member's place in the household. */
    householdRole: text('household_role'),
    developerProfile: jsonb('developer_profile'),
    communicationPreferences: jsonb('communication_preferences'),
    /** Bumped when the password changes: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Set while the person signs in with an authenticator app (two_factor_secrets holds the secret). Kept on the
     * row the session lookup reads, so the church's "required for this role" rule costs a request no query, and
     * turning it on or off is announced like any change to a person (migration 0031).
     */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** Set when the person deleted their account (POPIA): the row stays, de-identified, for the records the law keeps. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_role_idx').on(t.role),
    index('users_join_date_idx').on(t.joinDate),
    // Member search (issue 10): trigram indexes (pg_trgm) serve like '%…%' on search_text
    // (lowercased name and e-mail) and on the phone digits. One index for name and e-mail, not
    // two: each GIN index a member row carries made a 10,000-row import slower (bench/reports/people.md).
    // fastupdate off: PGlite has no autovacuum, so entries left in GIN's pending list after an
    // import were scanned linearly by every search until something vacuumed the table.
    index('users_phone_digits_trgm_idx')
      .using('gin', sql`${t.phoneDigits} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_status_idx').on(t.status),
    index('users_name_idx').on(t.name, t.id),
    index('users_household_idx').on(t.householdId),
    // The CSV import matches rows by phone (E.164) as well as by e-mail (issue 31).
    index('users_phone_idx').on(t.phone),
    index('users_created_at_idx').on(t.createdAt, t.id),
  ],
);
export type UserRow = typeof users.$inferSelect;

/**
 * Every change of a member's status (visitor → active → inactive): when, by
 * whom, and why. member_id carries no foreign key on purpose: the history of
 * a deleted member stays readable (with the audit log's snapshot).
 */
export const memberStatusHistory = pgTable(
  'member_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id').notNull(),
    /** Null for the first status a member was given. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_status_history_member_idx').on(t.memberId, t.at)],
);
export type MemberStatusHistoryRow = typeof memberStatusHistory.$inferSelect;

/**
 * A merge of two member records (issue 10): the kept record's fields before,
 * the removed record as it was, and which rows moved from one to the other,
 * so the merge can be undone exactly.
 */
export const memberMerges = pgTable(
  'member_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keptId: uuid('kept_id').notNull(),
    removedId: uuid('removed_id').notNull(),
    removedName: text('removed_name').notNull(),
    keptBefore: jsonb('kept_before').notNull(),
    removedSnapshot: jsonb('removed_snapshot').notNull(),
    /** { "table.column": [row ids moved] } */
    moved: jsonb('moved').notNull(),
    mergedBy: uuid('merged_by').references(() => users.id, { onDelete: 'set null' }),
    mergedByName: text('merged_by_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByName: text('undone_by_name'),
  },
  (t) => [index('member_merges_kept_idx').on(t.keptId, t.at)],
);
export type MemberMergeRow = typeof memberMerges.$inferSelect;
