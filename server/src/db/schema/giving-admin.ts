import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { donations } from './giving';
import { timestamps, users } from './users';

/** The church's funds (General, Building, Missions ...). A donation names its fund. */
export const givingFunds = pgTable('giving_funds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  /**
   * Gifts to this fund may go on a section 18A certificate (issue 32). SARS does not allow 18A receipts for gifts
   * to religious activities (worship, a church building) unless they fund approved public benefit activities
   * (Ninth Schedule Part II: welfare, education, ...), and a PBO answers for a receipt it should not have issued:
   * so a new fund is not eligible until the treasurer says it is.
   */
  section18a: boolean('section_18a').notNull().default(false),
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
  /** The church-local day the gifts were received (a Sunday): each gift's date unless the counter gives another. */
  batchDate: date('batch_date', { mode: 'string' })
    .notNull()
    .default(sql`current_date`),
  /** open, closed */
  status: text('status').notNull().default('open'),
  openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
  closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  ...timestamps,
});
export type GivingBatchRow = typeof givingBatches.$inferSelect;

/** Every change to a batch (opened, counted total changed, closed, reopened) with from → to and why. */
export const givingBatchEvents = pgTable(
  'giving_batch_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => givingBatches.id, { onDelete: 'cascade' }),
    /** opened, changed, closed, reopened */
    kind: text('kind').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('giving_batch_events_batch_idx').on(t.batchId, t.at)],
);

/**
 * A member's offering-envelope number: how counters name a giver on a Sunday. One number, one
 * person (unique), so an envelope is never credited to two people.
 */
export const givingEnvelopes = pgTable('giving_envelopes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  ...timestamps,
});

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

/**
 * The church's card payment account when the environment sets none (issue 12). The
 * passphrase is sealed with a key derived from the server secret (lib/seal.ts): a
 * database dump or backup does not give it away. One row.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: integer('id').primaryKey().default(1),
    provider: text('provider').notNull().default('payfast'),
    merchantId: text('merchant_id').notNull(),
    merchantKey: text('merchant_key').notNull(),
    sealedPassphrase: text('sealed_passphrase'),
    sandbox: boolean('sandbox').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_settings_single_row', sql`${t.id} = 1`)],
);
export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;

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

/**
 * A section 18A certificate: frozen copies of the PBO, the donor and the gifts
 * at issue, and (tax_certificate_gifts) exactly which donations it covers. A
 * donor may hold several in a tax year: one issued mid-year and a
 * supplementary one for the gifts after it. A refund or correction of a gift
 * on it cancels it (kept, with why and when; its number is never reused) and
 * a replacement is issued under the next number.
 */
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
    /**
     * Everyone whose gifts the certificate covers: the donor alone, or the
     * household head and the members who chose to combine with the household.
     * Each of them may download it; none of them gets another one that year.
     */
    contributorIds: uuid('contributor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issued while its tax year was running: the moment up to which it covers gifts (its run's moment), which
     * the certificate prints (issue 31); later gifts go on a further certificate. Null: the whole tax year.
     * A replacement keeps the value of the certificate it replaces.
     */
    giftsUpTo: timestamp('gifts_up_to', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** issued (valid), cancelled (no longer valid: kept for the audit trail, never counted in IT3(d)) */
    status: text('status').notNull().default('issued'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The cancelled certificate this one replaces. */
    replacesId: uuid('replaces_id').references((): AnyPgColumn => taxCertificates.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('tax_certificates_year_user_idx').on(t.taxYear, t.userId),
    index('tax_certificates_replaces_idx').on(t.replacesId),
    check('tax_certificates_status', sql`${t.status} in ('issued', 'cancelled')`),
  ],
);
export type TaxCertificateRow = typeof taxCertificates.$inferSelect;

/**
 * Which donations a certificate covers, at the amount it certified. A gift is
 * on at most one valid certificate (the partial unique index): a run issues
 * only gifts no valid certificate covers, so issuing mid-year, monthly or
 * twice never leaves a gift out or certifies it twice.
 */
export const taxCertificateGifts = pgTable(
  'tax_certificate_gifts',
  {
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => taxCertificates.id, { onDelete: 'cascade' }),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** False once the certificate is cancelled: the gift is free for its replacement. */
    current: boolean('current').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.certificateId, t.donationId] }),
    uniqueIndex('tax_certificate_gifts_current_uq')
      .on(t.donationId)
      .where(sql`${t.current}`),
  ],
);

/**
 * One request to issue a tax year's certificates, run by the job queue
 * (giving.tax-certificates; the job's id is the run's id). The treasurer
 * follows it: queued → running → done (with the counts) or failed (with why).
 * A run is marked done in the transaction that issues its certificates, so a
 * retried job finds it done and issues nothing twice. At most one run per tax
 * year waits to start at a time.
 */
export const taxCertificateRuns = pgTable(
  'tax_certificate_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taxYear: integer('tax_year').notNull(),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    /** Attempts started (a failed attempt is retried by the queue). */
    attempts: integer('attempts').notNull().default(0),
    issued: integer('issued'),
    alreadyIssued: integer('already_issued'),
    skipped: integer('skipped'),
    firstReceipt: integer('first_receipt'),
    lastReceipt: integer('last_receipt'),
    /** Why the run failed, or why the last attempt did (while a retry waits): words for the treasurer. */
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tax_certificate_runs_year_idx').on(t.taxYear, t.createdAt),
    // A request while a run waits to start joins that run (it plans after the request, so it misses nothing);
    // a request while a run is under way gets a new one, which issues whatever the first could not see.
    uniqueIndex('tax_certificate_runs_one_waiting_uq')
      .on(t.taxYear)
      .where(sql`${t.status} = 'queued' and ${t.attempts} = 0`),
  ],
);
export type TaxCertificateRunRow = typeof taxCertificateRuns.$inferSelect;

/**
 * A giving goal the treasurer sets (a building fund target, a year's budget):
 * a target over dates, for one fund or every fund. Progress is never stored;
 * it is the SQL sum of the completed gifts the goal covers.
 */
export const givingGoals = pgTable(
  'giving_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** null: gifts to every fund count. */
    fund: text('fund'),
    targetCents: integer('target_cents').notNull(),
    /** Church-local calendar dates, both inclusive. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    archived: boolean('archived').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('giving_goals_dates', sql`${t.endsOn} >= ${t.startsOn}`), check('giving_goals_target', sql`${t.targetCents} > 0`)],
);
export type GivingGoalRow = typeof givingGoals.$inferSelect;

/** Every change to a goal (target, dates, fund, archived) with before and after: a goal is never edited silently. */
export const givingGoalEvents = pgTable(
  'giving_goal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => givingGoals.id, { onDelete: 'cascade' }),
    /** created, changed, archived, reopened */
    kind: text('kind').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('giving_goal_events_goal_idx').on(t.goalId, t.at)],
);

/** One imported bank statement file (issue 32): which bank and account, who imported it, what it held. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** fnb, absa, standardbank, nedbank, capitec, ofx, mapped */
    bank: text('bank').notNull(),
    account: text('account').notNull(),
    fileName: text('file_name').notNull(),
    credits: integer('credits').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    debits: integer('debits').notNull().default(0),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_statements_imported_idx').on(t.importedAt)],
);
export type BankStatementRow = typeof bankStatements.$inferSelect;

/**
 * A credit on a bank statement. Stored once: its fingerprint (account, date, amount, description, and the
 * running balance or the bank's id or its place among identical lines) is unique, so importing the same
 * statement (or an overlapping one) again adds nothing. It completes at most one gift and a gift is completed
 * by at most one line (donation_id unique). matched (by the gift's reference) and suggested (by amount, name
 * or the member's past references) wait for the treasurer's confirmation; unmatched wait in the queue.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    balanceCents: integer('balance_cents'),
    /** matched, suggested, unmatched, confirmed, dismissed */
    status: text('status').notNull(),
    matchReason: text('match_reason'),
    /** The pending gift it matches or is suggested for. */
    candidateDonationId: uuid('candidate_donation_id').references(() => donations.id, { onDelete: 'set null' }),
    /** The member it is suggested for (by past references) or assigned to. */
    candidateUserId: uuid('candidate_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The gift this line completed (confirmed lines). */
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'restrict' }),
    dismissReason: text('dismiss_reason'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_fingerprint_uq').on(t.fingerprint),
    uniqueIndex('bank_statement_lines_donation_uq')
      .on(t.donationId)
      .where(sql`${t.donationId} is not null`),
    index('bank_statement_lines_status_idx').on(t.status, t.postedOn),
    index('bank_statement_lines_statement_idx').on(t.statementId),
    index('bank_statement_lines_user_idx').on(t.candidateUserId),
    check('bank_statement_lines_status', sql`${t.status} in ('matched', 'suggested', 'unmatched', 'confirmed', 'dismissed')`),
    check('bank_statement_lines_credit', sql`${t.amountCents} > 0`),
  ],
);
export type BankStatementLineRow = typeof bankStatementLines.$inferSelect;
