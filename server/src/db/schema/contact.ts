import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages from the Quick Contact dialog and /contact, read by leaders. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** email, phone, whatsapp */
    preferredContact: text('preferred_contact').notNull().default('email'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Inbox state (issue 10): read, replied by e-mail, archived. */
    readAt: timestamp('read_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;
