import { count, desc, eq, gte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { visitors } from '../../db/schema/index';

export function createVisitorsRepository(db: Db) {
  return {
    insert: async (values: typeof visitors.$inferInsert) => (await db.insert(visitors).values(values).returning())[0]!,
    recent: (limit: number) => db.select().from(visitors).orderBy(desc(visitors.createdAt)).limit(limit),
    stats: async (monthStart: string) => {
      const [total] = await db.select({ n: count() }).from(visitors);
      const [fresh] = await db.select({ n: count() }).from(visitors).where(gte(visitors.firstVisitDate, monthStart));
      return { totalVisitors: total?.n ?? 0, newThisMonth: fresh?.n ?? 0 };
    },
    transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => db.transaction(work),
    lock: async (tx: DbOrTx, id: string) => (await tx.select().from(visitors).where(eq(visitors.id, id)).for('update'))[0],
    setStatus: async (tx: DbOrTx, id: string, status: string) =>
      (await tx.update(visitors).set({ status }).where(eq(visitors.id, id)).returning())[0]!,
  };
}
export type VisitorsRepository = ReturnType<typeof createVisitorsRepository>;
