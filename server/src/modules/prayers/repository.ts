import { and, count, desc, eq, gte, inArray, or, type SQL } from 'drizzle-orm';
import type { PrayerStatus } from '@church/contract/prayers';
import type { Db, DbOrTx } from '../../db/client';
import { prayers, users } from '../../db/schema/index';
import { consentGranted } from '../consents/service';

/** Prayers a member may read: their own, and public ones a leader approved (or marked answered). */
export const visibleTo = (userId: string) =>
  or(eq(prayers.userId, userId), and(eq(prayers.isPublic, true), inArray(prayers.status, ['approved', 'answered'])))!;

/** The asker's name may go with the prayer beyond the leaders only when they agreed (consent 'public_prayers'). */
const columns = { prayer: prayers, userName: users.name, nameShared: consentGranted('public_prayers', prayers.userId).mapWith(Boolean) };

export function createPrayersRepository(db: Db) {
  const withUser = () => db.select(columns).from(prayers).leftJoin(users, eq(users.id, prayers.userId));

  return {
    async list(where: SQL | undefined, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        withUser()
          .where(where)
          .orderBy(desc(prayers.createdAt), desc(prayers.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(prayers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async get(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select(columns).from(prayers).leftJoin(users, eq(users.id, prayers.userId)).where(eq(prayers.id, id)).limit(1);
      return row;
    },
    insert: async (values: typeof prayers.$inferInsert) => (await db.insert(prayers).values(values).returning())[0]!,
    async update(id: string, set: Partial<typeof prayers.$inferInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(prayers).set(set).where(eq(prayers.id, id)).returning();
      return row;
    },
    async stats(since: Date) {
      const rows = await db.select({ status: prayers.status, n: count() }).from(prayers).groupBy(prayers.status);
      const [month] = await db.select({ n: count() }).from(prayers).where(gte(prayers.createdAt, since));
      const by = (s: PrayerStatus) => rows.find((r) => r.status === s)?.n ?? 0;
      return {
        total: rows.reduce((a, r) => a + r.n, 0),
        pending: by('pending'),
        approved: by('approved'),
        rejected: by('rejected'),
        answered: by('answered'),
        thisMonth: month?.n ?? 0,
      };
    },
    transaction: db.transaction.bind(db),
  };
}
export type PrayersRepository = ReturnType<typeof createPrayersRepository>;
