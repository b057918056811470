import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  chatMessages,
  chatReactions,
  chatRoomMembers,
  chatRooms,
  users,
  userSessions,
  type ChatMessageRow,
  type ChatRoomRow,
} from '../../db/schema/index';

export type MessageWithSender = ChatMessageRow & { senderName: string | null };
export type RoomWithCounts = ChatRoomRow & { memberCount: number; isMember: boolean; unreadCount: number; createdByName: string | null };

const messageColumns = {
  id: chatMessages.id,
  seq: chatMessages.seq,
  roomId: chatMessages.roomId,
  senderId: chatMessages.senderId,
  content: chatMessages.content,
  messageType: chatMessages.messageType,
  repliedTo: chatMessages.repliedTo,
  tempId: chatMessages.tempId,
  file: chatMessages.file,
  createdAt: chatMessages.createdAt,
  senderName: users.name,
};

/** Like-pattern text with % and _ taken literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries only; the service decides who may run them. */
export function createChatRepository(db: Db) {
  const memberCount = sql<number>`(select count(*)::int from ${chatRoomMembers} m where m.room_id = ${chatRooms.id})`;

  return {
    db,
    /** Who the people behind open sockets are now: rights and session state, read fresh for each action. */
    async sessionStates(userIds: string[]) {
      if (!userIds.length) return [];
      return db
        .select({
          id: users.id,
          name: users.name,
          role: users.role,
          permissions: users.permissions,
          tokenVersion: users.tokenVersion,
          isActive: users.isActive,
        })
        .from(users)
        .where(inArray(users.id, userIds));
    },
    /** Which of these sessions (sign-ins) are still live: not revoked, not deleted, not expired. */
    async liveSessions(sessionIds: string[]) {
      if (!sessionIds.length) return new Set<string>();
      const rows = await db
        .select({ id: userSessions.id })
        .from(userSessions)
        .where(and(inArray(userSessions.id, sessionIds), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, new Date())));
      return new Set(rows.map((r) => r.id));
    },
    async listRooms(userId: string, roomId?: string): Promise<RoomWithCounts[]> {
      return (await this.roomsPage(userId, { roomId })).rows;
    },

    /**
     * Active rooms in their order, with the caller's membership and unread counts; a page of them
     * (`limit`, `offset`) with the total riding on each row (one statement), or the one `roomId`.
     */
    async roomsPage(userId: string, o: { roomId?: string; limit?: number; offset?: number }) {
      const q = db
        .select({
          room: chatRooms,
          memberCount,
          isMember: sql<boolean>`${chatRoomMembers.userId} is not null`,
          lastReadAt: chatRoomMembers.lastReadAt,
          createdByName: users.name,
          total: sql<number>`count(*) over()`.mapWith(Number),
        })
        .from(chatRooms)
        .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)))
        .leftJoin(users, eq(users.id, chatRooms.createdBy))
        .where(o.roomId ? and(eq(chatRooms.isActive, true), eq(chatRooms.id, o.roomId)) : eq(chatRooms.isActive, true))
        .orderBy(asc(chatRooms.position), asc(chatRooms.createdAt), asc(chatRooms.id));
      const rows = o.limit === undefined ? await q : await q.limit(o.limit).offset(o.offset ?? 0);
      // Past the last page no row carries the total: count it on its own.
      const total =
        rows[0]?.total ??
        (o.offset ? Number((await db.select({ n: count() }).from(chatRooms).where(eq(chatRooms.isActive, true)))[0]?.n ?? 0) : 0);
      const unread = rows.some((r) => r.isMember) ? await this.unreadByRoom(userId) : new Map<string, number>();
      return {
        total,
        rows: rows.map((r) => ({
          ...r.room,
          memberCount: Number(r.memberCount),
          isMember: !!r.isMember,
          unreadCount: r.isMember ? (unread.get(r.room.id) ?? 0) : 0,
          createdByName: r.createdByName,
        })),
      };
    },

    async unreadByRoom(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ roomId: chatMessages.roomId, n: count() })
        .from(chatMessages)
        .innerJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatMessages.roomId), eq(chatRoomMembers.userId, userId)))
        .where(and(gt(chatMessages.createdAt, chatRoomMembers.lastReadAt), sql`${chatMessages.senderId} is distinct from ${userId}`))
        .groupBy(chatMessages.roomId);
      return new Map(rows.map((r) => [r.roomId, Number(r.n)]));
    },

    async findRoom(roomId: string) {
      const [row] = await db
        .select()
        .from(chatRooms)
        .where(and(eq(chatRooms.id, roomId), eq(chatRooms.isActive, true)))
        .limit(1);
      return row ?? null;
    },

    /**
     * What posting needs to know, in one round trip: the sender's session state (a socket's sender
     * is checked here rather than in a statement of its own), the room if it is active, whether the
     * sender is in it, and whether this tempId was stored already (a resend). No row: no such person.
     */
    async postingContext(roomId: string, senderId: string, tempId: string | null) {
      const [row] = await db
        .select({
          sender: {
            name: users.name,
            role: users.role,
            permissions: users.permissions,
            tokenVersion: users.tokenVersion,
            isActive: users.isActive,
          },
          room: chatRooms,
          isMember: sql<boolean>`exists (select 1 from ${chatRoomMembers} m where m.room_id = ${roomId} and m.user_id = ${senderId})`,
          resent: tempId
            ? sql<boolean>`exists (select 1 from ${chatMessages} c where c.sender_id = ${senderId} and c.temp_id = ${tempId})`
            : sql<boolean>`false`,
        })
        .from(users)
        .leftJoin(chatRooms, and(eq(chatRooms.id, roomId), eq(chatRooms.isActive, true)))
        .where(eq(users.id, senderId))
        .limit(1);
      return row ?? null;
    },

    async roomMembers(roomId: string) {
      return db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(chatRoomMembers)
        .innerJoin(users, eq(users.id, chatRoomMembers.userId))
        .where(eq(chatRoomMembers.roomId, roomId))
        .orderBy(asc(users.name))
        .limit(500);
    },

    async isMember(roomId: string, userId: string) {
      const [row] = await db
        .select({ u: chatRoomMembers.userId })
        .from(chatRoomMembers)
        .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
        .limit(1);
      return !!row;
    },

    async memberRoomIds(userId: string) {
      const rows = await db
        .select({ roomId: chatRoomMembers.roomId })
        .from(chatRoomMembers)
        .innerJoin(chatRooms, and(eq(chatRooms.id, chatRoomMembers.roomId), eq(chatRooms.isActive, true)))
        .where(eq(chatRoomMembers.userId, userId));
      return rows.map((r) => r.roomId);
    },

    /** true when the user was not a member before. */
    async addMember(roomId: string, userId: string, tx: DbOrTx = db) {
      const rows = await tx
        .insert(chatRoomMembers)
        .values({ roomId, userId })
        .onConflictDoNothing()
        .returning({ u: chatRoomMembers.userId });
      return rows.length > 0;
    },

    async removeMember(roomId: string, userId: string) {
      const rows = await db
        .delete(chatRoomMembers)
        .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
        .returning({ u: chatRoomMembers.userId });
      return rows.length > 0;
    },

    /** The database clock decides, so instances with drifting clocks agree on what is unread. */
    async markRead(roomId: string, userId: string) {
      const [row] = await db
        .update(chatRoomMembers)
        .set({ lastReadAt: sql`now()` })
        .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
        .returning({ at: chatRoomMembers.lastReadAt });
      return row?.at ?? new Date();
    },

    async messagePage(roomId: string, limit: number, before?: number): Promise<MessageWithSender[]> {
      const rows = await db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(before ? and(eq(chatMessages.roomId, roomId), lt(chatMessages.seq, before)) : eq(chatMessages.roomId, roomId))
        .orderBy(desc(chatMessages.seq))
        .limit(limit);
      return rows.reverse();
    },

    async search(roomId: string, q: string, limit: number): Promise<MessageWithSender[]> {
      return db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(eq(chatMessages.roomId, roomId), ilike(chatMessages.content, `%${likeEscape(q)}%`)))
        .orderBy(desc(chatMessages.seq))
        .limit(limit);
    },

    async findMessage(id: string): Promise<MessageWithSender | null> {
      const [row] = await db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(eq(chatMessages.id, id))
        .limit(1);
      return row ?? null;
    },

    async findByTempId(senderId: string, tempId: string): Promise<MessageWithSender | null> {
      const [row] = await db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.tempId, tempId)))
        .limit(1);
      return row ?? null;
    },

    async lastSentAt(roomId: string, senderId: string) {
      const [row] = await db
        .select({ at: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.senderId, senderId)))
        .orderBy(desc(chatMessages.seq))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * Stores a message once per (sender, tempId): a resend returns null and the caller reads the
     * stored one. The room's last activity and the sender's read mark move in the same statement
     * (one round trip; a statement is as atomic as a transaction, and PGlite runs each round trip
     * on the event loop that also writes to the sockets).
     */
    async insertMessage(values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow | null> {
      const stored = db.$with('stored').as(
        db
          .insert(chatMessages)
          .values(values)
          .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.tempId] })
          .returning(),
      );
      const room = db.$with('room_touched').as(
        db
          .update(chatRooms)
          .set({ lastMessageAt: sql`${stored.createdAt}` })
          .from(stored)
          .where(eq(chatRooms.id, stored.roomId))
          .returning({ id: chatRooms.id }),
      );
      // The sender has read everything up to their own message.
      const reader = db.$with('sender_read').as(
        db
          .update(chatRoomMembers)
          .set({ lastReadAt: sql`${stored.createdAt}` })
          .from(stored)
          .where(and(eq(chatRoomMembers.roomId, stored.roomId), eq(chatRoomMembers.userId, stored.senderId)))
          .returning({ u: chatRoomMembers.userId }),
      );
      const [row] = await db.with(stored, room, reader).select().from(stored);
      return row ?? null;
    },

    async reactionsFor(messageIds: string[]) {
      if (messageIds.length === 0) return [];
      return db
        .select({ messageId: chatReactions.messageId, userId: chatReactions.userId, emoji: chatReactions.emoji })
        .from(chatReactions)
        .where(inArray(chatReactions.messageId, messageIds))
        .orderBy(asc(chatReactions.createdAt));
    },

    /** Adds the reaction, or removes it when the user had already given it. Returns whether it was added. */
    async toggleReaction(messageId: string, userId: string, emoji: string) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(chatReactions)
          .where(and(eq(chatReactions.messageId, messageId), eq(chatReactions.userId, userId), eq(chatReactions.emoji, emoji)))
          .returning({ m: chatReactions.messageId });
        if (removed.length) return false;
        await tx.insert(chatReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
        return true;
      });
    },

    async insertRoom(values: typeof chatRooms.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(chatRooms).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async roomByName(name: string) {
      const [row] = await db
        .select()
        .from(chatRooms)
        .where(sql`lower(${chatRooms.name}) = lower(${name})`)
        .limit(1);
      return row ?? null;
    },

    async stats(userId: string, since: Date) {
      const [rooms] = await db.select({ n: count() }).from(chatRooms).where(eq(chatRooms.isActive, true));
      const [messages] = await db.select({ n: count() }).from(chatMessages);
      const [today] = await db.select({ n: count() }).from(chatMessages).where(gte(chatMessages.createdAt, since));
      const [active] = await db
        .select({ n: sql<number>`count(distinct ${chatMessages.senderId})::int` })
        .from(chatMessages)
        .where(and(gte(chatMessages.createdAt, new Date(Date.now() - 7 * 86_400_000)), ne(chatMessages.messageType, 'system')));
      const mine = await this.memberRoomIds(userId);
      const unread = await this.unreadByRoom(userId);
      return {
        totalRooms: Number(rooms?.n ?? 0),
        totalMessages: Number(messages?.n ?? 0),
        messagesToday: Number(today?.n ?? 0),
        activeUsers: Number(active?.n ?? 0),
        myRooms: mine.length,
        myUnread: [...unread.values()].reduce((a, b) => a + b, 0),
      };
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
