import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The church's security choices (issue 29): one row (id 1), a document validated by the contract's
 * securitySettingsSchema and read with its defaults. Apart from church_settings because only
 * administrators write it (pastors write the church settings, and some of these rules are about pastors).
 */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('security_settings_single_row', sql`${t.id} = 1`)],
);
