import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/** Spec 000 §3 Donation. Money is integer cents of ZAR. */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The giver's name when it was given (reports keep it after an account is removed). */
    donorName: text('donor_name'),
    amountCents: integer('amount_cents').notNull(),
    /** card, bank, cash */
    paymentMethod: text('payment_method').notNull().default('card'),
    /** one-time, weekly, monthly */
    frequency: text('frequency').notNull().default('one-time'),
    fund: text('fund').notNull().default('General'),
    note: text('note'),
    /** completed, pending, failed, cancelled, refunded, expired (a card checkout never paid) */
    status: text('status').notNull().default('completed'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    /** A client key: the same key from the same person records one donation. */
    idempotencyKey: text('idempotency_key'),
    /** Our reference: PayFast's m_payment_id, or the reference a bank transfer quotes. */
    reference: text('reference'),
    /** The provider that moved the money (payfast) and its payment id (pf_payment_id). */
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id'),
    subscriptionId: uuid('subscription_id'),
    batchId: uuid('batch_id'),
    /** The treasurer's reference for an offline gift (EFT statement line, SnapScan/Zapper id). */
    externalRef: text('external_ref'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When it was refunded: a closed batch's deposit report still counts a gift refunded after it closed. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When its e-mail receipt was queued (modules/giving/receipts.ts): one receipt per gift, however often it is announced. */
    receiptQueuedAt: timestamp('receipt_queued_at', { withTimezone: true }),
    /**
     * Donor name and both references lowercased in one column: the /donations search is one LIKE over one
     * trigram index (donations_search_trgm_idx), as the member search is (issue 32).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(donor_name, '') || ' ' || coalesce(reference, '') || ' ' || coalesce(external_ref, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('donations_reference_uq').on(t.reference),
    uniqueIndex('donations_provider_payment_uq').on(t.provider, t.providerPaymentId),
    index('donations_batch_idx').on(t.batchId),
    // The /donations filters (period, fund) and sums read only these columns.
    index('donations_report_idx').on(t.givenAt, t.fund, t.status, t.amountCents, t.userId),
    index('donations_fund_report_idx').on(t.fund, t.givenAt, t.status, t.amountCents, t.userId),
    index('donations_user_idx').on(t.userId, t.givenAt),
    index('donations_given_at_idx').on(t.givenAt),
    uniqueIndex('donations_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    // fastupdate off: PGlite has no autovacuum to empty GIN's pending list (see users_search_trgm_idx).
    index('donations_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // A search for an amount ('150', '1 234,56'), newest first.
    index('donations_amount_idx').on(t.amountCents, t.givenAt),
  ],
);
export type DonationRow = typeof donations.$inferSelect;
