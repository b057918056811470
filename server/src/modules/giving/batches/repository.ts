import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { donations, givingBatchEvents, givingBatches, users } from '../../../db/schema/index';

/**
 * What a batch's figures count: its completed gifts, and once it is closed also those refunded after it
 * closed. A closed batch's deposit report is what went to the bank; a later refund is money going back
 * on another day, shown beside it, not a change to that deposit.
 */
const deposited = sql`(${donations.status} = 'completed' or (${donations.status} = 'refunded'
  and ${donations.refundedAt} > (select b.closed_at from ${givingBatches} b where b.id = ${donations.batchId})))`;
const refundedAfterClose = sql`${donations.status} = 'refunded'`;
export type BatchTotals = { cents: number; n: number; refundedCents: number };
export const NO_TOTALS: BatchTotals = { cents: 0, n: 0, refundedCents: 0 };

/** Batches, their gifts, their deposit report and their history: every figure an SQL sum of its rows. */
export function createBatchesRepository(db: Db) {
  return {
    list: () => db.select().from(givingBatches).orderBy(desc(givingBatches.batchDate), desc(givingBatches.createdAt)).limit(100),
    byId: async (tx: DbOrTx, id: string, lock = false) => {
      const q = tx.select().from(givingBatches).where(eq(givingBatches.id, id));
      return (lock ? await q.for('update') : await q)[0];
    },
    /** Per batch: what it counts (see `deposited`), and how much of that was refunded after it closed. */
    async totals(tx: DbOrTx, ids: string[]) {
      if (ids.length === 0) return new Map<string, BatchTotals>();
      const rows = await tx
        .select({
          id: donations.batchId,
          cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)`.mapWith(Number),
          n: count(),
          refundedCents: sql<number>`coalesce(sum(${donations.amountCents}) filter (where ${refundedAfterClose}), 0)`.mapWith(Number),
        })
        .from(donations)
        .where(
          and(
            deposited,
            sql`${donations.batchId} in (${sql.join(
              ids.map((i) => sql`${i}::uuid`),
              sql`, `,
            )})`,
          ),
        )
        .groupBy(donations.batchId);
      return new Map(rows.map((r) => [r.id!, { cents: r.cents, n: r.n, refundedCents: r.refundedCents }]));
    },
    gifts: (id: string) => db.select().from(donations).where(eq(donations.batchId, id)).orderBy(asc(donations.createdAt)),
    deposit: (id: string) =>
      db
        .select({
          fund: donations.fund,
          method: donations.paymentMethod,
          cents: sql<number>`sum(${donations.amountCents})`.mapWith(Number),
          n: count(),
        })
        .from(donations)
        .where(and(eq(donations.batchId, id), deposited))
        .groupBy(donations.fund, donations.paymentMethod)
        .orderBy(asc(donations.fund), asc(donations.paymentMethod)),
    history: (id: string) =>
      db
        .select({ e: givingBatchEvents, actorName: users.name })
        .from(givingBatchEvents)
        .leftJoin(users, eq(users.id, givingBatchEvents.actorId))
        .where(eq(givingBatchEvents.batchId, id))
        .orderBy(asc(givingBatchEvents.at), asc(givingBatchEvents.id)),
  };
}
export type BatchesRepository = ReturnType<typeof createBatchesRepository>;
