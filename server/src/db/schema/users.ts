import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** People: every member is a user; members added by a leader have no password until they reset one. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored normalised (trimmed, lower case), so the unique index is case-insensitive. */
    email: text('email').notNull().unique(),
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
    notes: text('notes'),
    lastContacted: timestamp('last_contacted', { withTimezone: true }),
    developerProfile: jsonb('developer_profile'),
    communicationPreferences: jsonb('communication_preferences'),
    /** Bumped when the password changes: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('users_role_idx').on(t.role),
    index('users_join_date_idx').on(t.joinDate),
    // Member search (issue 10): trigram indexes serve ilike '%…%' on name, e-mail and phone digits (pg_trgm).
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_digits_trgm_idx').using('gin', sql`${t.phoneDigits} gin_trgm_ops`),
    index('users_status_idx').on(t.status),
    index('users_name_idx').on(t.name, t.id),
  ],
);
export type UserRow = typeof users.$inferSelect;
