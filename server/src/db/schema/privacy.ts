import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * POPIA requests (issue 17): a member's "download my data" and "delete my
 * account", with their dates, for the member and for administrators. The
 * user row outlives a deletion (de-identified), so the request keeps its link.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** export | deletion */
    kind: text('kind').notNull(),
    /** queued → ready (export) | completed (deletion) | failed | expired */
    status: text('status').notNull().default('queued'),
    /** The export's ZIP, under DATA_DIR/privacy (never a name the member chose). */
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_requests_user_idx').on(t.userId, t.requestedAt), index('data_requests_requested_idx').on(t.requestedAt)],
);
export type DataRequestRow = typeof dataRequests.$inferSelect;
