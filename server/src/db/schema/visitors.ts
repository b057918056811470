import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/** People who filled in Quick Registration (spec 000 §2); leaders follow them up. */
export const visitors = pgTable(
  'visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Normalised (trimmed, lower case). Not unique: a family may share one address. */
    email: text('email').notNull(),
    phone: text('phone'),
    firstVisitDate: date('first_visit_date', { mode: 'string' }).notNull().defaultNow(),
    /** friend, social_media, website, flyer, drive_by, other */
    howHeard: text('how_heard'),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** new, contacted, returning, member, inactive */
    status: text('status').notNull().default('new'),
    /** The leader who follows this visitor up (issue 10). */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    /** The member record made from this visitor ('convert to member'). */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('visitors_created_at_idx').on(t.createdAt),
    index('visitors_email_idx').on(t.email),
    // The care inbox reads the visitors still being followed up (new, contacted).
    index('visitors_status_idx').on(t.status),
  ],
);
export type VisitorRow = typeof visitors.$inferSelect;
