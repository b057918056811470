// The pastor dashboard statement as it was before the giving rollups (migration 0022): it summed
// every completed gift on each call. Kept here only as the same-run baseline of bench/src/people.ts.
import { sql } from 'drizzle-orm';
import { PASTOR_LIST_SIZE, PASTOR_PREVIEW_CHARS } from '../../contract/src/pastor-dashboard';

const N = PASTOR_LIST_SIZE;

export const DASHBOARD_SQL_BEFORE_ROLLUPS = sql`
with m as (
  select count(*) as total,
    count(*) filter (where join_date > (current_date - interval '1 month') and join_date <= current_date) as new_members,
    count(*) filter (where join_date > (current_date - interval '2 month') and join_date <= (current_date - interval '1 month')) as prev_members,
    count(*) filter (where is_volunteer or role in ('volunteer','deacon','elder')) as volunteers,
    count(*) filter (where baptism_date > current_date - interval '12 months') as baptism
  from users where role <> 'developer'
), f as (
  -- One pass over the completed gifts serves the totals and the top funds (200,000 gifts: one scan, not two).
  select fund, sum(amount_cents) as cents, count(*) as gifts,
    coalesce(sum(amount_cents) filter (where given_at >= date_trunc('month', now())), 0) as month_cents
  from donations where status = 'completed' group by fund
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
      select id, title, left(description, ${PASTOR_PREVIEW_CHARS}) as preview, submitted_by as "submittedBy", priority, created_at as "createdAt"
      from prayers where status = 'pending' order by created_at desc limit ${N}) x),
  'recentMembers', (select coalesce(json_agg(x), '[]') from (
      select id, name, email, role, status, join_date as "joinDate" from users where role <> 'developer'
      order by created_at desc, id desc limit ${N}) x),
  'recentPrayers', (select coalesce(json_agg(x), '[]') from (
      select id, title, submitted_by as "submittedBy", status, created_at as "createdAt" from prayers order by created_at desc limit ${N}) x),
  'upcomingEvents', (select coalesce(json_agg(x), '[]') from (
      select id, title, starts_at as "startsAt", time, location, type from events where starts_at >= now() order by starts_at limit ${N}) x),
  'topFunds', (select coalesce(json_agg(x), '[]') from (
      select fund, cents, gifts from f order by cents desc limit ${N}) x),
  -- Per giver (a member by id, a guest by the name they gave), summed and cut to five before
  -- any name is looked up: joining every gift of the year to users and grouping by name
  -- took most of this call at 200,000 gifts (bench/reports/people.md).
  'topGivers', (select coalesce(json_agg(x), '[]') from (
      select coalesce(u.name, t.donor_name, 'Anonymous') as name, t.cents
      from (select user_id, case when user_id is null then donor_name end as donor_name, sum(amount_cents) as cents
            from donations where status = 'completed' and given_at >= date_trunc('year', now())
            group by 1, 2 order by cents desc limit ${N}) t
      left join users u on u.id = t.user_id
      order by t.cents desc) x)
) as data
from m, g, p, e`;
