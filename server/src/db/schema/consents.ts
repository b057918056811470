import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Consent history: one row per decision, never updated. The current answer
 * for (user, kind) is the newest row; without a row the kind's default in
 * contract/src/consents.ts applies. `wording` is what the person saw.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    source: text('source').notNull(),
    /** Who recorded it when not the member themself (a leader entering a paper form). */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_kind_idx').on(t.userId, t.kind, t.createdAt.desc()), index('consents_kind_idx').on(t.kind, t.createdAt)],
);
export type ConsentRow = typeof consents.$inferSelect;
