import { sql } from 'drizzle-orm';
import type { GroupFigures, NetworkReport } from '@church/contract/groups-networks';
import type { Db } from '../../../db/client';

interface FiguresRow {
  id: string;
  name: string;
  network: string;
  leaders: string[] | null;
  members: number;
  joined: number;
  left: number;
  held: number;
  cancelled: number;
  present: number;
  expected: number;
  visitors: number;
  last_at: string | Date | null;
}
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The figures of every group below a zone over the last `weeks` weeks. Attendance comes from
 * the meetings' own counters (kept with each register in one transaction), so a district of
 * hundreds of groups reads a few thousand meeting rows, never the attendance table; who is in
 * a group is counted, not listed.
 */
export async function networkReport(db: Db, network: { id: string; name: string; path: string }, weeks: number): Promise<NetworkReport> {
  const since = new Date(Date.now() - weeks * 7 * 86_400_000);
  const res = await db.execute(sql`
    with tree as (select id, name from group_networks where starts_with(path, ${network.path})),
    g as (select g.id, g.name, t.name as network from groups g join tree t on t.id = g.network_id where g.archived_at is null),
    m as (select gm.group_id,
                 count(*) filter (where gm.status = 'active')::int as members,
                 count(*) filter (where gm.status in ('active', 'left') and gm.joined_at >= ${since})::int as joined,
                 count(*) filter (where gm.status = 'left' and gm.left_at >= ${since})::int as left
            from group_members gm where gm.group_id in (select id from g) group by gm.group_id),
    mt as (select mt.group_id,
                  count(*) filter (where mt.status = 'held')::int as held,
                  count(*) filter (where mt.status = 'cancelled')::int as cancelled,
                  coalesce(sum(mt.present_count) filter (where mt.status = 'held'), 0)::int as present,
                  coalesce(sum(mt.expected_count) filter (where mt.status = 'held'), 0)::int as expected,
                  coalesce(sum(mt.visitor_count) filter (where mt.status = 'held'), 0)::int as visitors,
                  max(mt.starts_at) filter (where mt.status = 'held') as last_at
             from group_meetings mt
            where mt.group_id in (select id from g) and mt.starts_at >= ${since} and mt.starts_at <= now()
            group by mt.group_id)
    select g.id, g.name, g.network,
           (select array_agg(u.name order by l.role, u.name) from group_members l join users u on u.id = l.user_id
             where l.group_id = g.id and l.status = 'active' and l.role in ('leader', 'co_leader')) as leaders,
           coalesce(m.members, 0) as members, coalesce(m.joined, 0) as joined, coalesce(m.left, 0) as left,
           coalesce(mt.held, 0) as held, coalesce(mt.cancelled, 0) as cancelled, coalesce(mt.present, 0) as present,
           coalesce(mt.expected, 0) as expected, coalesce(mt.visitors, 0) as visitors, mt.last_at
      from g left join m on m.group_id = g.id left join mt on mt.group_id = g.id
     order by g.network, g.name, g.id`);
  const rows = (res as unknown as { rows: FiguresRow[] }).rows;
  const groups: GroupFigures[] = rows.map((r) => ({
    _id: r.id,
    id: r.id,
    name: r.name,
    network: r.network,
    leaders: r.leaders ?? [],
    members: r.members,
    joined: r.joined,
    left: r.left,
    meetingsHeld: r.held,
    meetingsCancelled: r.cancelled,
    averageAttendance: r.held ? round1(r.present / r.held) : 0,
    attendanceRate: r.expected ? round1((100 * r.present) / r.expected) : null,
    visitors: r.visitors,
    lastMeetingAt: r.last_at ? new Date(r.last_at).toISOString() : null,
  }));
  const sum = (k: 'members' | 'joined' | 'left' | 'held' | 'visitors' | 'present' | 'expected') => rows.reduce((n, r) => n + r[k], 0);
  const expected = sum('expected');
  return {
    network: { _id: network.id, id: network.id, name: network.name },
    weeks,
    since: since.toISOString(),
    groups,
    totals: {
      groups: rows.length,
      members: sum('members'),
      joined: sum('joined'),
      left: sum('left'),
      meetingsHeld: sum('held'),
      visitors: sum('visitors'),
      attendanceRate: expected ? round1((100 * sum('present')) / expected) : null,
    },
  };
}
