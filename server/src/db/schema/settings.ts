import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The church's settings: one row (id 1). The document is validated by the
 * contract's churchSettingsSchema on every write and parsed with defaults on
 * every read, so a field added later reads as its default without a data migration.
 */
export const churchSettings = pgTable(
  'church_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('church_settings_single_row', sql`${t.id} = 1`)],
);
