import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { errorResponses } from '@church/contract/http';
import { PASTOR_LIST_SIZE, PASTOR_PREVIEW_CHARS, pastorDashboardResponse, type PastorDashboard } from '@church/contract/pastor-dashboard';
import type { Db } from '../../db/client';
import type { Permission } from '@church/contract/roles';
import { auth, callerPermissions } from '../../plugins/auth';

const N = PASTOR_LIST_SIZE;

/**
 * One statement, every figure: counts and sums run in the database over
 * indexed columns and the giving rollups (schema/giving-rollups.ts), lists are LIMIT 5; nothing is computed from whole tables
 * in the browser (issue 10). json_build_object keeps it one round trip on
 * PGlite and PostgreSQL alike.
 */
export const DASHBOARD_SQL = sql`
with m as (
  select count(*) as total,
    count(*) filter (where join_date > (current_date - interval '1 month') and join_date <= current_date) as new_members,
    count(*) filter (where join_date > (current_date - interval '2 month') and join_date <= (current_date - interval '1 month')) as prev_members,
    count(*) filter (where is_volunteer or role in ('volunteer','deacon','elder')) as volunteers,
    count(*) filter (where baptism_date > current_date - interval '12 months') as baptism
  -- The congregation (members/repository.ts): no developer accounts, no deleted (POPIA-erased) ones.
  from users where role <> 'developer' and erased_at is null
), f as (
  -- The running totals per fund and month (giving_fund_months, kept by a trigger on donations):
  -- a few hundred rows, where summing 200,000 gifts per call took most of this call on PGlite.
  select fund, sum(cents) as cents, sum(gifts) as gifts,
    coalesce(sum(cents) filter (where month >= date_trunc('month', now())::date), 0) as month_cents
  from giving_fund_months group by fund having sum(gifts) > 0
), g as (
  select coalesce(sum(cents), 0) as total_cents, coalesce(sum(month_cents), 0) as month_cents from f
), p as (
  select count(*) as total, count(*) filter (where status = 'pending') as pending from prayers
), e as (
  select count(*) filter (where starts_at >= now()) as upcoming,
    (select coalesce(avg(attendance), 0) from (select attendance from events where starts_at < now() and attendance is not null order by starts_at desc limit 5) x) as attendance
  from events
)
select json_build_object(
  'stats', json_build_object(
    'totalMembers', m.total, 'newMembers', m.new_members, 'prevMembers', m.prev_members, 'volunteers', m.volunteers, 'baptism', m.baptism,
    'totalCents', g.total_cents, 'monthCents', g.month_cents, 'prayerRequests', p.total, 'pendingPrayers', p.pending,
    'upcomingEvents', e.upcoming, 'attendance', e.attendance),
  'pendingPrayers', (select coalesce(json_agg(x), '[]') from (
      select id, title, left(description, ${PASTOR_PREVIEW_CHARS}) as preview,
        char_length(description) > ${PASTOR_PREVIEW_CHARS} as truncated,
        submitted_by as "submittedBy", priority, created_at as "createdAt"
      from prayers where status = 'pending' order by created_at desc limit ${N}) x),
  'recentMembers', (select coalesce(json_agg(x), '[]') from (
      -- Newest by the day they joined the church (issue 31), not by when their record was typed in: a CSV
      -- import of long-standing members made them all "recent". Someone who joins next week has not joined yet.
      select id, name, email, role, status, join_date as "joinDate" from users
      where role <> 'developer' and erased_at is null and join_date <= current_date
      order by join_date desc, created_at desc, id desc limit ${N}) x),
  'recentPrayers', (select coalesce(json_agg(x), '[]') from (
      select id, title, submitted_by as "submittedBy", status, created_at as "createdAt" from prayers order by created_at desc limit ${N}) x),
  'upcomingEvents', (select coalesce(json_agg(x), '[]') from (
      select id, title, starts_at as "startsAt", time, location, type, cancelled_at is not null as cancelled from events where starts_at >= now() order by starts_at limit ${N}) x),
  'topFunds', (select coalesce(json_agg(x), '[]') from (
      select fund, cents, gifts from f order by cents desc limit ${N}) x),
  -- Per giver and year (giving_giver_years, kept by the same trigger; one row per giver and year), read from
  -- its (year, cents) index and cut to five before any name is looked up. Grouping every giver of the year
  -- first took 0.56 s at 75,000 givers on PostgreSQL (route budgets, issue 37).
  'topGivers', (select coalesce(json_agg(x), '[]') from (
      select coalesce(u.name, t.donor_name, 'Anonymous') as name, t.cents
      from (select user_id, donor_name, cents from giving_giver_years
            where year = date_trunc('year', now())::date and cents > 0 order by cents desc limit ${N}) t
      left join users u on u.id = t.user_id
      order by t.cents desc) x)
) as data
from m, g, p, e`;

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const rand = (cents: unknown) => Math.round(num(cents)) / 100;
const iso = (v: unknown) => new Date(String(v)).toISOString();
const withIds = <T extends Raw>(r: T) => ({ ...r, _id: String(r.id), id: String(r.id) });

/** Spec 001 §9: percent against last month, 100 when last month had none and new members exist. */
export function monthlyGrowth(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Leaves out (never zeroes) each part the caller may not see: PASTOR_DASHBOARD_FIELDS in the contract. */
export function presentPastorDashboard(d: PastorDashboard, may: (p: Permission) => boolean): PastorDashboard {
  const { totalGiving, monthlyGiving, ...stats } = d.stats;
  const { topFunds, topGivers, ...rest } = d;
  return {
    ...rest,
    stats: may('finance:read') ? { ...stats, totalGiving, monthlyGiving } : stats,
    ...(may('finance:read') ? { topFunds } : {}),
    ...(may('giving:named') ? { topGivers } : {}),
  };
}

export async function loadPastorDashboard(db: Db): Promise<PastorDashboard> {
  const result = await db.execute(DASHBOARD_SQL);
  const raw = (result as unknown as { rows: { data: Raw }[] }).rows[0]!.data;
  const data = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    stats: Raw;
    pendingPrayers: Raw[];
    recentMembers: Raw[];
    recentPrayers: Raw[];
    upcomingEvents: Raw[];
    topFunds: Raw[];
    topGivers: Raw[];
  };
  const s = data.stats;
  return {
    stats: {
      totalMembers: num(s.totalMembers),
      newMembers: num(s.newMembers),
      monthlyGrowth: monthlyGrowth(num(s.newMembers), num(s.prevMembers)),
      totalGiving: rand(s.totalCents),
      monthlyGiving: rand(s.monthCents),
      prayerRequests: num(s.prayerRequests),
      pendingPrayers: num(s.pendingPrayers),
      upcomingEvents: num(s.upcomingEvents),
      attendance: Math.round(num(s.attendance) * 10) / 10,
      baptism: num(s.baptism),
      volunteers: num(s.volunteers),
    },
    pendingPrayers: data.pendingPrayers.map((r) => ({
      ...withIds(r),
      title: String(r.title),
      preview: String(r.preview),
      truncated: r.truncated === true,
      submittedBy: String(r.submittedBy ?? ''),
      priority: String(r.priority),
      createdAt: iso(r.createdAt),
    })),
    recentMembers: data.recentMembers.map((r) => ({
      ...withIds(r),
      name: String(r.name),
      email: String(r.email),
      role: String(r.role),
      status: String(r.status),
      joinDate: String(r.joinDate),
    })),
    recentPrayers: data.recentPrayers.map((r) => ({
      ...withIds(r),
      title: String(r.title),
      submittedBy: String(r.submittedBy ?? ''),
      status: String(r.status),
      createdAt: iso(r.createdAt),
    })),
    upcomingEvents: data.upcomingEvents.map((r) => ({
      ...withIds(r),
      title: String(r.title),
      startsAt: iso(r.startsAt),
      time: (r.time as string | null) ?? null,
      location: (r.location as string | null) ?? null,
      type: String(r.type),
      cancelled: r.cancelled === true,
    })),
    topFunds: data.topFunds.map((r) => ({ fund: String(r.fund), total: rand(r.cents), gifts: num(r.gifts) })),
    topGivers: data.topGivers.map((r) => ({ name: String(r.name), total: rand(r.cents) })),
  };
}

export async function pastorDashboardRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dashboard/pastor',
    {
      preHandler: auth.permission('pastor:dashboard'),
      schema: {
        tags: ['Dashboard'],
        summary: 'Pastor dashboard: figures and top-5 lists in one call',
        security: [{ bearerAuth: [] }],
        response: { 200: pastorDashboardResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const [data, may] = await Promise.all([loadPastorDashboard(db), callerPermissions(request, ['finance:read', 'giving:named'])]);
      return { status: 'success' as const, data: presentPastorDashboard(data, may) };
    },
  );
}
