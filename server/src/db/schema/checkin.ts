import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { services } from './services';
import { users } from './users';

/** Children's check-in (issue 33). A family is its own record (children need no account), linked to a member where one exists. */
export const checkinFamilies = pgTable(
  'checkin_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** What the family's card carries as barcode/QR: random, unguessable, unique. */
    cardCode: text('card_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkin_families_card_uq').on(t.cardCode)],
);
export type CheckinFamilyRow = typeof checkinFamilies.$inferSelect;

export const checkinGuardians = pgTable(
  'checkin_guardians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => checkinFamilies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /**
     * The phone's national digits reversed ('0825551234' → '4321555280'), so "the last digits" is a
     * prefix search on a btree index (text_pattern_ops): p99 under 100 ms at 100,000 people.
     */
    phoneReversed: text('phone_reversed').notNull(),
  },
  (t) => [
    index('checkin_guardians_family_idx').on(t.familyId),
    index('checkin_guardians_phone_rev_idx').using('btree', sql`${t.phoneReversed} text_pattern_ops`),
  ],
);

export const checkinChildren = pgTable(
  'checkin_children',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => checkinFamilies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    grade: integer('grade'),
    allergies: text('allergies'),
    medicalNotes: text('medical_notes'),
  },
  (t) => [index('checkin_children_family_idx').on(t.familyId)],
);

/** Who may collect (authorised true) — and who must never be given the children (authorised false). */
export const checkinCollectors = pgTable(
  'checkin_collectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => checkinFamilies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    relationship: text('relationship'),
    authorised: boolean('authorised').notNull().default(true),
  },
  (t) => [index('checkin_collectors_family_idx').on(t.familyId)],
);

export const checkinRooms = pgTable('checkin_rooms', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  minMonths: integer('min_months'),
  maxMonths: integer('max_months'),
  minGrade: integer('min_grade'),
  maxGrade: integer('max_grade'),
  capacity: integer('capacity'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const labelPrinters = pgTable('label_printers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(9100),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A device set up as a kiosk: it proves itself with its key (kept as a hash). */
export const kiosks = pgTable(
  'kiosks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    printerId: uuid('printer_id').references(() => labelPrinters.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kiosks_key_uq').on(t.keyHash)],
);

/**
 * Every security code handed out, per service day: the primary key makes a code unique for the day and
 * never reused. A kiosk reserves some ahead (kioskId set, familyId null) for check-ins made offline.
 */
export const securityCodes = pgTable(
  'security_codes',
  {
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    familyId: uuid('family_id').references(() => checkinFamilies.id, { onDelete: 'set null' }),
    kioskId: uuid('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.serviceDay, t.code] })],
);

/**
 * One child checked into one room for one service. The id is made by the client (kiosk or station), so a
 * retried or synced check-in is the same row. A second check-in of a child already in (two kiosks, one
 * offline) is kept as status 'duplicate' pointing at the first: the server decides, both are recorded.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => checkinFamilies.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => checkinChildren.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => checkinRooms.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    status: text('status').notNull().default('in'),
    duplicateOf: uuid('duplicate_of'),
    source: text('source').notNull(),
    kioskId: uuid('kiosk_id').references(() => kiosks.id, { onDelete: 'set null' }),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the child was checked in (an offline kiosk's own clock), and when the server heard of it. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    offline: boolean('offline').notNull().default(false),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** Who took the child: the guardian with the tag, or an authorised collector by name. */
    releasedTo: text('released_to'),
    releaseMethod: text('release_method'),
    collectorId: uuid('collector_id').references(() => checkinCollectors.id, { onDelete: 'set null' }),
    releasedBy: uuid('released_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('checkins_service_idx').on(t.serviceId, t.roomId),
    index('checkins_code_idx').on(t.serviceDay, t.code),
    index('checkins_batch_idx').on(t.batchId),
    // One child in at a time per service: the later of two is recorded as a duplicate, never a second 'in'.
    uniqueIndex('checkins_child_in_uq')
      .on(t.serviceId, t.childId)
      .where(sql`status <> 'duplicate'`),
  ],
);
export type CheckinRow = typeof checkins.$inferSelect;

/** Labels sent to a network printer: what was sent, and whether the printer took it (a reprint keeps the code). */
export const labelPrintJobs = pgTable(
  'label_print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    printerId: uuid('printer_id').references(() => labelPrinters.id, { onDelete: 'set null' }),
    printerName: text('printer_name').notNull(),
    serviceDay: date('service_day', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    labels: jsonb('labels').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('label_print_jobs_status_idx').on(t.status, t.createdAt)],
);
