import { and, count, desc, eq, max, sum } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { donations, users } from '../../db/schema/index';

const completed = eq(donations.status, 'completed');

export function createGivingRepository(db: Db) {
  return {
    transaction: db.transaction.bind(db),
    insert: async (tx: DbOrTx, values: typeof donations.$inferInsert) => (await tx.insert(donations).values(values).returning())[0]!,
    async findByKey(userId: string, key: string) {
      const [row] = await db
        .select()
        .from(donations)
        .where(and(eq(donations.userId, userId), eq(donations.idempotencyKey, key)))
        .limit(1);
      return row;
    },
    ownPending: (tx: DbOrTx, userId: string, id: string) =>
      tx
        .select()
        .from(donations)
        .where(
          and(eq(donations.id, id), eq(donations.userId, userId), eq(donations.status, 'pending'), eq(donations.paymentMethod, 'card')),
        )
        .for('update'),
    setStatus: async (tx: DbOrTx, id: string, status: string) =>
      (await tx.update(donations).set({ status, updatedAt: new Date() }).where(eq(donations.id, id)).returning())[0]!,
    async userTotals(userId: string) {
      const [row] = await db
        .select({ cents: sum(donations.amountCents).mapWith(Number), n: count(), last: max(donations.givenAt) })
        .from(donations)
        .where(and(eq(donations.userId, userId), completed));
      return { cents: row?.cents ?? 0, count: row?.n ?? 0, last: row?.last ?? null };
    },
    async userHistory(userId: string, page: number, limit: number) {
      const where = eq(donations.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(donations)
          .where(where)
          .orderBy(desc(donations.givenAt), desc(donations.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(donations).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The largest completed gift ever (the other church-wide figures come from the /donations queries). */
    async largest() {
      const [row] = await db
        .select({ largest: max(donations.amountCents) })
        .from(donations)
        .where(completed);
      return row?.largest ?? 0;
    },
    async all(page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ donation: donations, userName: users.name })
          .from(donations)
          .leftJoin(users, eq(users.id, donations.userId))
          .orderBy(desc(donations.givenAt), desc(donations.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(donations),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type GivingRepository = ReturnType<typeof createGivingRepository>;
