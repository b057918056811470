import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Leaders' actions on other people's data (role change, member delete, merge,
 * prayer approve/reject, care notes, check-in ...): who, what, when, before
 * and after. Rows are only ever inserted; nothing updates or deletes them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept as null when the actor's account goes; actor_name still says who it was. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** Dotted verb, e.g. member.role_changed, prayer.approved. */
    action: text('action').notNull(),
    /** What was acted on: user, prayer, event, visitor, donation ... and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** One line a person can read in the log. */
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
