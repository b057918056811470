import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { donationEvents, donations, givingBatches, givingFunds, users, type DonationRow } from '../../db/schema/index';

export interface DonationFilter {
  from: Date | null;
  fund?: string;
}

const completed = eq(donations.status, 'completed');
function where(f: DonationFilter, ...more: SQL[]) {
  const parts: SQL[] = [...more];
  if (f.from) parts.push(gte(donations.givenAt, f.from));
  if (f.fund) parts.push(eq(donations.fund, f.fund));
  return parts.length ? and(...parts) : undefined;
}

/** Queries behind /donations, funds and batches: every figure is an SQL sum of the rows it summarises. */
export function createGivingAdminRepository(db: Db) {
  return {
    async summary(f: DonationFilter) {
      const [row] = await db
        .select({
          cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)`.mapWith(Number),
          n: count(),
          donors: sql<number>`count(distinct coalesce(${donations.userId}::text, ${donations.donorName}))`.mapWith(Number),
          first: sql<Date | null>`min(${donations.givenAt})`.mapWith((v) => (v ? new Date(v) : null)),
        })
        .from(donations)
        .where(where(f, completed));
      return row!;
    },
    breakdown: (f: DonationFilter) =>
      db
        .select({ fund: donations.fund, cents: sql<number>`sum(${donations.amountCents})`.mapWith(Number), n: count() })
        .from(donations)
        .where(where(f, completed))
        .groupBy(donations.fund)
        .orderBy(desc(sql`sum(${donations.amountCents})`), asc(donations.fund)),
    async page(f: DonationFilter, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(donations)
          .where(where(f))
          .orderBy(desc(donations.givenAt), desc(donations.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(donations).where(where(f)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Keyset-paged rows for exports: memory stays flat however many there are. */
    async *stream(f: DonationFilter, chunk = 2000) {
      let after: { at: Date; id: string } | null = null;
      for (;;) {
        const cursor: SQL | undefined = after
          ? sql`(${donations.givenAt}, ${donations.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined;
        const rows: DonationRow[] = await db
          .select()
          .from(donations)
          .where(where(f, ...(cursor ? [cursor] : [])))
          .orderBy(desc(donations.givenAt), desc(donations.id))
          .limit(chunk);
        if (rows.length === 0) return;
        yield rows;
        const last: DonationRow = rows.at(-1)!;
        after = { at: last.givenAt, id: last.id };
        if (rows.length < chunk) return;
      }
    },
    byId: async (tx: DbOrTx, id: string, lock = false) => {
      const q = tx.select().from(donations).where(eq(donations.id, id));
      return (lock ? await q.for('update') : await q)[0];
    },
    history: (id: string) =>
      db
        .select({ e: donationEvents, actorName: users.name })
        .from(donationEvents)
        .leftJoin(users, eq(users.id, donationEvents.actorId))
        .where(eq(donationEvents.donationId, id))
        .orderBy(asc(donationEvents.at), asc(donationEvents.id)),
    funds: () => db.select().from(givingFunds).orderBy(desc(givingFunds.active), asc(givingFunds.name)),
    fundByName: async (tx: DbOrTx, name: string) => (await tx.select().from(givingFunds).where(eq(givingFunds.name, name)))[0],
    batches: () => db.select().from(givingBatches).orderBy(desc(givingBatches.createdAt)).limit(100),
    batch: async (tx: DbOrTx, id: string, lock = false) => {
      const q = tx.select().from(givingBatches).where(eq(givingBatches.id, id));
      return (lock ? await q.for('update') : await q)[0];
    },
    async batchTotals(tx: DbOrTx, ids: string[]) {
      if (ids.length === 0) return new Map<string, { cents: number; n: number }>();
      const rows = await tx
        .select({ id: donations.batchId, cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)`.mapWith(Number), n: count() })
        .from(donations)
        .where(
          and(
            completed,
            sql`${donations.batchId} in (${sql.join(
              ids.map((i) => sql`${i}::uuid`),
              sql`, `,
            )})`,
          ),
        )
        .groupBy(donations.batchId);
      return new Map(rows.map((r) => [r.id!, { cents: r.cents, n: r.n }]));
    },
    batchDonations: (id: string) => db.select().from(donations).where(eq(donations.batchId, id)).orderBy(asc(donations.createdAt)),
    deposit: (id: string) =>
      db
        .select({
          fund: donations.fund,
          method: donations.paymentMethod,
          cents: sql<number>`sum(${donations.amountCents})`.mapWith(Number),
          n: count(),
        })
        .from(donations)
        .where(and(eq(donations.batchId, id), completed))
        .groupBy(donations.fund, donations.paymentMethod)
        .orderBy(asc(donations.fund), asc(donations.paymentMethod)),
  };
}
export type GivingAdminRepository = ReturnType<typeof createGivingAdminRepository>;
