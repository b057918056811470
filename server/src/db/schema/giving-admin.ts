import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { donations } from './giving';
import { timestamps, users } from './users';

/** The church's funds (General, Building, Missions ...). A donation names its fund. */
export const givingFunds = pgTable('giving_funds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
export type GivingFundRow = typeof givingFunds.$inferSelect;

/**
 * A treasurer's count of offline gifts (a Sunday's cash, a week's EFTs). It
 * closes only when the gifts recorded in it add up to the counted total.
 */
export const givingBatches = pgTable('giving_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  countedCents: integer('counted_cents').notNull(),
  /** open, closed */
  status: text('status').notNull().default('open'),
  openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
  closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  ...timestamps,
});
export type GivingBatchRow = typeof givingBatches.$inferSelect;

/** Every change to a donation after it was recorded: nothing is edited silently. */
export const donationEvents = pgTable(
  'donation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    /** created, completed, failed, cancelled, matched, refunded, corrected */
    kind: text('kind').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('donation_events_donation_idx').on(t.donationId, t.at)],
);

/** Every payment-provider notification received, accepted or refused, with why. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    sourceIp: text('source_ip').notNull(),
    reference: text('reference'),
    providerPaymentId: text('provider_payment_id'),
    /** accepted, duplicate, refused */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    /** The posted fields (no merchant secrets are ever posted by the provider). */
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_received_idx').on(t.receivedAt)],
);

/** A member's recurring gift, held by the provider as a subscription token. */
export const givingSubscriptions = pgTable(
  'giving_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's token, known after the first payment's notification. */
    token: text('token').unique(),
    /** The first donation's reference (PayFast repeats it on every charge). */
    reference: text('reference').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    frequency: text('frequency').notNull(),
    fund: text('fund').notNull(),
    /** pending (awaiting first payment), active, cancelled */
    status: text('status').notNull().default('pending'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('giving_subscriptions_user_idx').on(t.userId)],
);
export type GivingSubscriptionRow = typeof givingSubscriptions.$inferSelect;

/** Tax (PBO, section 18A) and banking details: one row, validated by the contract. */
export const givingSettings = pgTable(
  'giving_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('giving_settings_single_row', sql`${t.id} = 1`)],
);

/** What a donor's section 18A certificate needs beyond name, e-mail, phone and address. */
export const donorTaxProfiles = pgTable('donor_tax_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The one receipt-number sequence, a row locked by each generation: no gaps, no duplicates. */
export const receiptCounter = pgTable(
  'receipt_counter',
  {
    id: integer('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('receipt_counter_single_row', sql`${t.id} = 1`)],
);

/** A section 18A certificate: frozen copies of the PBO, the donor and the gifts at issue. */
export const taxCertificates = pgTable(
  'tax_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiptNumber: integer('receipt_number').notNull().unique(),
    /** The year the tax year ends in: 2026 means 1 March 2025 – 28 February 2026. */
    taxYear: integer('tax_year').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    totalCents: integer('total_cents').notNull(),
    pbo: jsonb('pbo').notNull(),
    donor: jsonb('donor').notNull(),
    gifts: jsonb('gifts').notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('tax_certificates_year_user_uq').on(t.taxYear, t.userId)],
);
export type TaxCertificateRow = typeof taxCertificates.$inferSelect;
