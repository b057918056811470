import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A change of someone's login e-mail made by staff (issue 29, finding 5): it takes effect only when the new
 * address confirms it with a single-use, expiring link. Only a SHA-256 of the link's token is kept (like
 * password_reset_tokens), so nobody reading the database, the mail log or a backup can confirm it. A newer
 * request replaces the person's earlier unconfirmed one.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_requests_user_idx').on(t.userId)],
);
export type EmailChangeRequestRow = typeof emailChangeRequests.$inferSelect;
