import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users';

/** Chat rooms (spec 002 §3). Names are unique so initialising the default rooms is idempotent. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull().default('public'),
    settings: jsonb('settings').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /** Order in the room list (the default rooms come first, in the spec's order). */
    position: integer('position').notNull().default(100),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('chat_rooms_name_uq').on(sql`lower(${t.name})`)],
);
export type ChatRoomRow = typeof chatRooms.$inferSelect;

/** Membership and read position: unread = messages from others after last_read_at. */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId)],
);

/**
 * Messages. `seq` orders a room and is the pagination cursor; (sender, temp_id)
 * is unique so a client resend of the same tempId never stores a second copy.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    repliedTo: uuid('replied_to'),
    tempId: text('temp_id'),
    /** { storageKey, name, size, mimeType } for file and image messages. */
    file: jsonb('file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_seq_uq').on(t.seq),
    index('chat_messages_room_seq_idx').on(t.roomId, t.seq),
    uniqueIndex('chat_messages_sender_temp_uq').on(t.senderId, t.tempId),
    index('chat_messages_created_idx').on(t.createdAt),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

/** Bus events too large for a NOTIFY payload (8 kB) wait here briefly; the notification carries the id. */
export const chatBusSpill = pgTable('chat_bus_spill', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  payload: text('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
