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
    /** completed, pending, failed, refunded */
    status: text('status').notNull().default('completed'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    /** A client key: the same key from the same person records one donation. */
    idempotencyKey: text('idempotency_key'),
    ...timestamps,
  },
  (t) => [
    index('donations_user_idx').on(t.userId, t.givenAt),
    index('donations_given_at_idx').on(t.givenAt),
    uniqueIndex('donations_user_idempotency_uq').on(t.userId, t.idempotencyKey),
  ],
);
export type DonationRow = typeof donations.$inferSelect;
