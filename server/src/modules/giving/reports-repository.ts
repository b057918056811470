import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Rows of a raw statement (both drivers answer with { rows }). */
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * The giving report and goal progress, summed in SQL. Months are calendar
 * months in the church's time zone; each figure is a sum over exactly the
 * completed gifts it describes.
 */
export function createReportsRepository(db: Db) {
  const fundIs = (fund?: string): SQL => (fund ? sql`and fund = ${fund}` : sql``);
  return {
    /** One row per month with gifts: month (YYYY-MM, church time), cents, count, distinct donors. */
    async monthly(from: Date, tz: string, fund?: string) {
      const res = await db.execute(sql`
        select to_char(given_at at time zone ${tz}, 'YYYY-MM') as month,
          sum(amount_cents)::bigint as cents, count(*)::int as n,
          count(distinct coalesce(user_id::text, donor_name))::int as donors
        from donations
        where status = 'completed' and given_at >= ${from.toISOString()}::timestamptz ${fundIs(fund)}
        group by 1 order by 1`);
      return rowsOf<{ month: string; cents: string | number; n: number; donors: number }>(res).map((r) => ({
        month: r.month,
        cents: Number(r.cents),
        n: Number(r.n),
        donors: Number(r.donors),
      }));
    },
    /** Window totals: cents, count, distinct donors, largest gift. */
    async totals(from: Date, fund?: string) {
      const res = await db.execute(sql`
        select coalesce(sum(amount_cents), 0)::bigint as cents, count(*)::int as n,
          count(distinct coalesce(user_id::text, donor_name))::int as donors, coalesce(max(amount_cents), 0)::int as largest
        from donations
        where status = 'completed' and given_at >= ${from.toISOString()}::timestamptz ${fundIs(fund)}`);
      const r = rowsOf<{ cents: string | number; n: number; donors: number; largest: number }>(res)[0]!;
      return { cents: Number(r.cents), n: Number(r.n), donors: Number(r.donors), largest: Number(r.largest) };
    },
    async by(column: 'fund' | 'payment_method', from: Date, fund?: string) {
      const res = await db.execute(sql`
        select ${sql.identifier(column)} as key, sum(amount_cents)::bigint as cents, count(*)::int as n
        from donations
        where status = 'completed' and given_at >= ${from.toISOString()}::timestamptz ${fundIs(fund)}
        group by 1 order by 2 desc, 1`);
      return rowsOf<{ key: string; cents: string | number; n: number }>(res).map((r) => ({
        key: r.key,
        cents: Number(r.cents),
        n: Number(r.n),
      }));
    },
    /**
     * Each goal with what it has raised: completed gifts from its first local
     * day to the end of its last, in its fund (or every fund). One statement.
     */
    async goalsWithProgress(tz: string, where: SQL) {
      const res = await db.execute(sql`
        select g.id, coalesce(sum(d.amount_cents), 0)::bigint as raised, count(d.id)::int as n
        from giving_goals g
        left join donations d on d.status = 'completed'
          and (g.fund is null or d.fund = g.fund)
          and d.given_at >= (g.starts_on::timestamp at time zone ${tz})
          and d.given_at < ((g.ends_on + 1)::timestamp at time zone ${tz})
        where ${where}
        group by g.id`);
      return new Map(
        rowsOf<{ id: string; raised: string | number; n: number }>(res).map((r) => [r.id, { cents: Number(r.raised), n: Number(r.n) }]),
      );
    },
  };
}
