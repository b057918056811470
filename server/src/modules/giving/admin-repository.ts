import { and, asc, count, desc, eq, gte, like, or, sql, type SQL } from 'drizzle-orm';
import { parseAmountCents } from '@church/contract/rules/amount';
import { escapeLike } from '../members/search';
import type { Db, DbOrTx } from '../../db/client';
import {
  donationEvents,
  donations,
  givingBatches,
  givingDayTotals,
  givingFunds,
  givingGiverLatest,
  users,
  type DonationRow,
} from '../../db/schema/index';

export interface DonationFilter {
  from: Date | null;
  fund?: string;
  /** The table's own filters (issue 32): the cards and the breakdown stay the period's and fund's. */
  q?: string;
  method?: string;
  status?: string;
}
/** Only the period and fund: the day totals can count the rows. */
const onlyPeriodAndFund = (f: DonationFilter) => !f.q && !f.method && !f.status;
/** Name or reference (part of it, any case), or an amount written any way ('150', '1 234,56'). */
function search(q: string): SQL {
  const text = like(donations.searchText, `%${escapeLike(q.toLowerCase())}%`);
  const cents = parseAmountCents(q);
  return cents !== null && cents > 0 ? or(text, eq(donations.amountCents, cents))! : text;
}

const completed = eq(donations.status, 'completed');
function where(f: DonationFilter, ...more: SQL[]) {
  const parts: SQL[] = [...more];
  if (f.from) parts.push(gte(donations.givenAt, f.from));
  if (f.fund) parts.push(eq(donations.fund, f.fund));
  if (f.q) parts.push(search(f.q));
  if (f.method) parts.push(eq(donations.paymentMethod, f.method));
  if (f.status) parts.push(eq(donations.status, f.status));
  return parts.length ? and(...parts) : undefined;
}

/** The first UTC midnight at or after the period's start: whole days from there on come from the day totals. */
function firstWholeDay(from: Date): Date {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  return day.getTime() === from.getTime() ? day : new Date(day.getTime() + 86_400_000);
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** giving_day_totals rows (alias t) inside the period and fund. */
function wholeDays(f: DonationFilter, ...more: SQL[]): SQL {
  const parts = [...more];
  if (f.from) parts.push(sql`t.day >= ${isoDay(firstWholeDay(f.from))}::date`);
  if (f.fund) parts.push(sql`t.fund = ${f.fund}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** donations rows (alias d) from the period's start to its first UTC midnight: at most one day of gifts. */
function partialDay(f: DonationFilter, ...more: SQL[]): SQL {
  if (!f.from) return sql`false`;
  const end = firstWholeDay(f.from);
  if (end.getTime() === f.from.getTime()) return sql`false`;
  return sql`d.given_at >= ${f.from.toISOString()}::timestamptz and d.given_at < ${end.toISOString()}::timestamptz
    ${f.fund ? sql`and d.fund = ${f.fund}` : sql``} ${more.length ? sql`and ${sql.join(more, sql` and `)}` : sql``}`;
}

/** Queries behind /donations, funds and batches: every figure is an SQL sum of the rows it summarises. */
export function createGivingAdminRepository(db: Db) {
  return {
    /**
     * The cards: completed gifts' sum and count, Active Donors, and the first gift (the Monthly Average's
     * start when the period is 'all'). Whole UTC days come from giving_day_totals and donors from
     * giving_giver_latest (both kept by triggers); only the part of a day before the period's first UTC
     * midnight is read from donations. One statement.
     */
    async summary(f: DonationFilter) {
      const edge = partialDay(f, sql`d.status = 'completed'`);
      const res = (await db.execute(sql`
        select
          (select coalesce(sum(t.cents), 0) from ${givingDayTotals} t where ${wholeDays(f, sql`t.status = 'completed'`)})
            + (select coalesce(sum(d.amount_cents), 0) from ${donations} d where ${edge}) as cents,
          (select coalesce(sum(t.gifts), 0) from ${givingDayTotals} t where ${wholeDays(f, sql`t.status = 'completed'`)})
            + (select count(*) from ${donations} d where ${edge}) as n,
          (select count(*) from ${givingGiverLatest} g where g.fund = ${f.fund ?? ''}${f.from ? sql` and g.latest_at >= ${f.from.toISOString()}::timestamptz` : sql``}) as donors,
          (select min(${donations.givenAt}) from ${donations} where ${where(f, completed)}) as first`)) as unknown as {
        rows: Array<{ cents: string | number; n: string | number; donors: string | number; first: string | Date | null }>;
      };
      const r = res.rows[0]!;
      return { cents: Number(r.cents), n: Number(r.n), donors: Number(r.donors), first: r.first ? new Date(r.first) : null };
    },
    /** Completed gifts per fund, largest first, from the same day totals plus the period's partial day. */
    async breakdown(f: DonationFilter) {
      const res = (await db.execute(sql`
        select fund, sum(cents) as cents, sum(gifts) as n from (
          select t.fund, t.cents, t.gifts from ${givingDayTotals} t where ${wholeDays(f, sql`t.status = 'completed'`)}
          union all
          select d.fund, d.amount_cents, 1 from ${donations} d where ${partialDay(f, sql`d.status = 'completed'`)}
        ) x group by fund having sum(gifts) > 0 order by sum(cents) desc, fund`)) as unknown as {
        rows: Array<{ fund: string; cents: string | number; n: string | number }>;
      };
      return res.rows.map((r) => ({ fund: r.fund, cents: Number(r.cents), n: Number(r.n) }));
    },
    /**
     * One page of gifts, newest first, with the batch each was counted in, and how many the filters
     * select: from the day totals when only the period and fund filter, else counted.
     */
    async page(f: DonationFilter, page: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .select({ d: donations, batchLabel: givingBatches.label })
          .from(donations)
          .leftJoin(givingBatches, eq(givingBatches.id, donations.batchId))
          .where(where(f))
          .orderBy(desc(donations.givenAt), desc(donations.id))
          .limit(limit)
          .offset((page - 1) * limit),
        onlyPeriodAndFund(f)
          ? (
              db.execute(sql`
          select (select coalesce(sum(t.gifts), 0) from ${givingDayTotals} t where ${wholeDays(f)})
            + (select count(*) from ${donations} d where ${partialDay(f)}) as n`) as unknown as Promise<{
                rows: Array<{ n: string | number }>;
              }>
            ).then((r) => Number(r.rows[0]?.n ?? 0))
          : db
              .select({ n: count() })
              .from(donations)
              .where(where(f))
              .then((r) => r[0]?.n ?? 0),
      ]);
      return { rows: rows.map((r) => ({ ...r.d, batchLabel: r.batchLabel })), total };
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
    /**
     * `lock`: FOR NO KEY UPDATE, which still lets a certificate being issued at the same moment reference the
     * gift (its foreign key takes KEY SHARE); FOR UPDATE would deadlock with it over the receipt counter.
     */
    byId: async (tx: DbOrTx, id: string, lock = false) => {
      const q = tx.select().from(donations).where(eq(donations.id, id));
      return (lock ? await q.for('no key update') : await q)[0];
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
    batch: async (tx: DbOrTx, id: string, lock = false) => {
      const q = tx.select().from(givingBatches).where(eq(givingBatches.id, id));
      return (lock ? await q.for('update') : await q)[0];
    },
  };
}
export type GivingAdminRepository = ReturnType<typeof createGivingAdminRepository>;
