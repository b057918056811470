import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationType } from '@church/contract/notifications';
import type { Db, DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema/index';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  /** Set when the notification must exist at most once (see the schema). */
  dedupeKey?: string | null;
}

/**
 * Creates notifications, inside the caller's transaction when given one, so
 * "donation recorded" and "donation received" are written together or not at all.
 * Other modules (bulk messages, announcements) call this too.
 */
export async function createNotifications(tx: DbOrTx, rows: NewNotification[]) {
  if (!rows.length) return [];
  return tx.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.dedupeKey }).returning();
}

export function createNotificationsRepository(db: Db) {
  const mine = (userId: string, unreadOnly: boolean) =>
    unreadOnly ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);

  async function unreadCount(userId: string) {
    const [row] = await db.select({ n: count() }).from(notifications).where(mine(userId, true));
    return row?.n ?? 0;
  }

  return {
    unreadCount,
    async listForUser(userId: string, opts: { page: number; limit: number; unreadOnly: boolean }) {
      const where = mine(userId, opts.unreadOnly);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(notifications).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async markRead(userId: string, ids: string[]) {
      if (!ids.length) return [];
      return db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)))
        .returning();
    },
    async findOwn(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .limit(1);
      return row;
    },
    async markAllRead(userId: string) {
      const rows = await db.update(notifications).set({ readAt: new Date() }).where(mine(userId, true)).returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
