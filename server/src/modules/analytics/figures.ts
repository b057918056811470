import { sql } from 'drizzle-orm';
import type { AnalyticsPeriod, Growth, Overview, Website } from '@church/contract/analytics';
import type { Db } from '../../db/client';
import { dayIn, zonedToUtc } from '../../lib/zoned-time';

/** Percent with one decimal. */
const pct1 = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
/** Change against the previous period, one decimal; 100 when the previous had none and this one has some (spec 001 §9's growth rule). */
export const growthPct = (cur: number, prev: number) => (prev > 0 ? Math.round(((cur - prev) / prev) * 1000) / 10 : cur > 0 ? 100 : 0);

export interface Bounds {
  start: Date;
  end: Date;
  startDay: string;
  endDay: string;
}

/** This month / this year and the one before, as instants and calendar days in the church's time zone. */
export function periodBounds(period: AnalyticsPeriod, timeZone: string, now: Date): { current: Bounds; previous: Bounds } {
  const [y, m] = dayIn(timeZone, now).split('-').map(Number) as [number, number];
  const day = (yy: number, mm: number) => {
    const d = new Date(Date.UTC(yy, mm - 1, 1));
    return d.toISOString().slice(0, 10);
  };
  const b = (startDay: string, endDay: string): Bounds => ({
    start: zonedToUtc(startDay, '00:00', timeZone),
    end: zonedToUtc(endDay, '00:00', timeZone),
    startDay,
    endDay,
  });
  if (period === 'yearly') return { current: b(day(y, 1), day(y + 1, 1)), previous: b(day(y - 1, 1), day(y, 1)) };
  return { current: b(day(y, m), day(y, m + 1)), previous: b(day(y, m - 1), day(y, m)) };
}

type Rows<T> = { rows: T[] };
const rows = <T>(r: unknown) => (r as Rows<T>).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

async function periodFigures(db: Db, p: Bounds) {
  const [r] = rows<{ members: number; visitors: number; giving_cents: string | number; prayers: number; engaged: number }>(
    await db.execute(sql`select
      (select count(*) from users where role <> 'developer' and erased_at is null and join_date >= ${p.startDay}::date and join_date < ${p.endDay}::date)::int as members,
      (select count(*) from visitors where created_at >= ${ts(p.start)} and created_at < ${ts(p.end)})::int as visitors,
      (select coalesce(sum(amount_cents), 0) from donations where status = 'completed' and given_at >= ${ts(p.start)} and given_at < ${ts(p.end)})::bigint as giving_cents,
      (select count(*) from prayers where created_at >= ${ts(p.start)} and created_at < ${ts(p.end)})::int as prayers,
      (select count(distinct a.uid) from (
          select user_id as uid from prayers where created_at >= ${ts(p.start)} and created_at < ${ts(p.end)}
          union select user_id from donations where status = 'completed' and given_at >= ${ts(p.start)} and given_at < ${ts(p.end)}
          union select user_id from event_registrations where created_at >= ${ts(p.start)} and created_at < ${ts(p.end)}
          union select sender_id from chat_messages where created_at >= ${ts(p.start)} and created_at < ${ts(p.end)}
        ) a join users u on u.id = a.uid where u.role <> 'developer' and u.erased_at is null)::int as engaged`),
  );
  return {
    members: r!.members,
    visitors: r!.visitors,
    giving: Number(r!.giving_cents) / 100,
    prayers: r!.prayers,
    engaged: r!.engaged,
    start: p.start.toISOString(),
    end: p.end.toISOString(),
  };
}

/**
 * The last twelve calendar months (church time zone), oldest first. Each source is read once for the whole
 * range and grouped by month — not once per month: at 100,000 people the per-month counts read the people
 * twelve times (3.7 s on PostgreSQL; route budgets, issue 37). The running total is the people who joined
 * before the range plus the months' new members so far.
 */
async function months(db: Db, timeZone: string, now: Date) {
  const r = rows<{
    month: string;
    new_members: number;
    total_members: number;
    visitors: number;
    giving_cents: string | number;
    attendance: number;
  }>(
    await db.execute(sql`
      with months as (
        select m::date as first_day
        from generate_series(date_trunc('month', ${ts(now)} at time zone ${timeZone}) - interval '11 months',
                             date_trunc('month', ${ts(now)} at time zone ${timeZone}), interval '1 month') m
      ), b as (
        select min(first_day) as first_day, (max(first_day) + interval '1 month')::date as end_day,
               (min(first_day)::timestamp at time zone ${timeZone}) as s, ((max(first_day) + interval '1 month') at time zone ${timeZone}) as e
        from months
      ), people as (
        select u.join_date from users u where u.role <> 'developer' and u.erased_at is null
      ), joined as (
        select date_trunc('month', p.join_date)::date as m, count(*) as n from people p, b
        where p.join_date >= b.first_day and p.join_date < b.end_day group by 1
      ), earlier as (
        select count(*) as n from people p, b where p.join_date < b.first_day
      ), came as (
        select date_trunc('month', v.created_at at time zone ${timeZone})::date as m, count(*) as n from visitors v, b
        where v.created_at >= b.s and v.created_at < b.e group by 1
      ), gave as (
        select date_trunc('month', d.given_at at time zone ${timeZone})::date as m, sum(d.amount_cents) as cents from donations d, b
        where d.status = 'completed' and d.given_at >= b.s and d.given_at < b.e group by 1
      ), attended as (
        select date_trunc('month', a.checked_in_at at time zone ${timeZone})::date as m, count(*) as n from event_attendance a, b
        where a.checked_in_at >= b.s and a.checked_in_at < b.e group by 1
      )
      select to_char(months.first_day, 'YYYY-MM') as month,
        coalesce(joined.n, 0)::int as new_members,
        ((select n from earlier) + sum(coalesce(joined.n, 0)) over (order by months.first_day))::int as total_members,
        coalesce(came.n, 0)::int as visitors,
        coalesce(gave.cents, 0)::bigint as giving_cents,
        coalesce(attended.n, 0)::int as attendance
      from months
      left join joined on joined.m = months.first_day
      left join came on came.m = months.first_day
      left join gave on gave.m = months.first_day
      left join attended on attended.m = months.first_day
      order by months.first_day`),
  );
  return r.map((x) => ({
    month: x.month,
    newMembers: x.new_members,
    totalMembers: x.total_members,
    visitors: x.visitors,
    giving: Number(x.giving_cents) / 100,
    attendance: x.attendance,
  }));
}

export async function growth(db: Db, period: AnalyticsPeriod, timeZone: string, now = new Date()): Promise<Growth> {
  const { current, previous } = periodBounds(period, timeZone, now);
  const [cur, prev, twelve] = [await periodFigures(db, current), await periodFigures(db, previous), await months(db, timeZone, now)];
  return {
    period,
    memberGrowth: growthPct(cur.members, prev.members),
    visitorGrowth: growthPct(cur.visitors, prev.visitors),
    givingGrowth: growthPct(cur.giving, prev.giving),
    engagementGrowth: growthPct(cur.engaged, prev.engaged),
    currentPeriod: cur,
    previousPeriod: prev,
    months: twelve,
  };
}

export async function overview(db: Db, period: AnalyticsPeriod, timeZone: string, now = new Date()): Promise<Overview> {
  const { current: p } = periodBounds(period, timeZone, now);
  const [r] = rows<Record<string, number | string>>(
    // One pass per table (issue 13 numbers): the yearly period reads ~90,000 of 200,000 donations, and
    // scanning them twice (once for the sum, once for the distinct givers) dominated the call. The
    // givers are grouped by a hash on user_id; count(user_id) leaves out the group of gifts without an
    // account, as count(distinct user_id) did, while their amounts stay in the sum.
    await db.execute(sql`select u.total_members, u.new_members, d.giving_cents, d.donors, p.prayers, p.pending, p.answered,
      (select count(*) from events where starts_at >= ${ts(p.start)} and starts_at < ${ts(p.end)} and starts_at < ${ts(now)})::int as events_held,
      (select count(*) from event_attendance a join events e on e.id = a.event_id
         where e.starts_at >= ${ts(p.start)} and e.starts_at < ${ts(p.end)} and e.starts_at < ${ts(now)})::int as check_ins
      from (select count(*)::int as total_members,
              (count(*) filter (where join_date >= ${p.startDay}::date and join_date < ${p.endDay}::date))::int as new_members
            from users where role <> 'developer' and erased_at is null) u,
        (select coalesce(sum(given), 0)::bigint as giving_cents, count(user_id)::int as donors
            from (select user_id, sum(amount_cents) as given from donations
                  where status = 'completed' and given_at >= ${ts(p.start)} and given_at < ${ts(p.end)} group by user_id) g) d,
        (select count(*)::int as prayers,
              (count(*) filter (where status in ('pending', 'active', '')))::int as pending,
              (count(*) filter (where status = 'answered'))::int as answered
            from prayers where created_at >= ${ts(p.start)} and created_at < ${ts(p.end)}) p`),
  );
  const n = (k: string) => Number(r![k]);
  return {
    period,
    totalMembers: n('total_members'),
    newMembers: n('new_members'),
    totalGiving: n('giving_cents') / 100,
    donors: n('donors'),
    totalPrayers: n('prayers'),
    pendingPrayers: n('pending'),
    answeredPrayers: n('answered'),
    prayerResponseRate: pct1(n('answered'), n('prayers')),
    eventsHeld: n('events_held'),
    checkIns: n('check_ins'),
    averageAttendance: n('events_held') ? Math.round((n('check_ins') / n('events_held')) * 10) / 10 : 0,
  };
}

export async function website(db: Db, period: AnalyticsPeriod, timeZone: string, now = new Date()): Promise<Website> {
  const { current: p } = periodBounds(period, timeZone, now);
  const inPeriod = sql`created_at >= ${ts(p.start)} and created_at < ${ts(p.end)}`;
  const [totals] = rows<{ views: number; visits: number; bounces: number }>(
    await db.execute(sql`select coalesce(sum(n), 0)::int as views, count(*)::int as visits, (count(*) filter (where n = 1))::int as bounces
      from (select day, visitor, count(*) as n from page_views where ${inPeriod} group by day, visitor) v`),
  );
  const pages = rows<{ page: string; views: number }>(
    await db.execute(
      sql`select path as page, count(*)::int as views from page_views where ${inPeriod} group by path order by views desc, path limit 10`,
    ),
  );
  const sources = rows<{ source: string; n: number }>(
    await db.execute(
      sql`select source, count(*)::int as n from page_views where ${inPeriod} and source <> 'internal' group by source order by n desc, source limit 20`,
    ),
  );
  const trend = rows<{ month: string; views: number; visitors: number }>(
    await db.execute(sql`
      with months as (
        select m, (m at time zone ${timeZone}) as s, ((m + interval '1 month') at time zone ${timeZone}) as e
        from generate_series(date_trunc('month', ${ts(now)} at time zone ${timeZone}) - interval '11 months',
                             date_trunc('month', ${ts(now)} at time zone ${timeZone}), interval '1 month') m
      )
      select to_char(m, 'YYYY-MM') as month,
        (select count(*) from page_views v where v.created_at >= s and v.created_at < e)::int as views,
        (select count(distinct (v.day, v.visitor)) from page_views v where v.created_at >= s and v.created_at < e)::int as visitors
      from months order by m`),
  );
  return {
    period,
    totalVisitors: totals!.visits,
    pageViews: totals!.views,
    bounceRate: pct1(totals!.bounces, totals!.visits),
    popularPages: pages,
    trafficSources: Object.fromEntries(sources.map((s) => [s.source, s.n])),
    monthlyTrend: trend,
  };
}
