import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface DriftResult {
  groups: number;
  raised: number;
  returned: number;
}

/**
 * The nightly check for people drifting away. For each group, a page of groups at a time
 * (memory stays flat whatever the church's size): a member who was not present at any of the
 * group's last N held meetings since they joined gets one follow-up, assigned to the group's
 * leader (or, without one, the overseer of its zone). Once, not every week: an open follow-up
 * is unique per person and group, and after one is closed only meetings held since count. It
 * closes by itself when the person comes again.
 */
export async function checkDrift(db: Db, opts: { afterMeetings: number; now?: Date; pageSize?: number }): Promise<DriftResult> {
  const n = opts.afterMeetings;
  const result: DriftResult = { groups: 0, raised: 0, returned: 0 };
  if (n <= 0) return result;
  const now = (opts.now ?? new Date()).toISOString();
  const pageSize = opts.pageSize ?? 500;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = rowsOf<{ id: string }>(
      await db.execute(sql`select id from groups where archived_at is null and id > ${after}::uuid order by id limit ${pageSize}`),
    );
    if (page.length === 0) return result;
    const ids = sql`${`{${page.map((g) => g.id).join(',')}}`}::uuid[]`;
    // Came back: present at a held meeting after the follow-up was raised.
    const back = await db.execute(sql`
      update group_care_alerts a set resolution = 'returned', resolved_at = ${now}::timestamptz
       where a.resolved_at is null and a.group_id = any(${ids})
         and exists (select 1 from group_attendance at join group_meetings m on m.id = at.meeting_id
                      where at.user_id = a.user_id and m.group_id = a.group_id and at.present and m.starts_at > a.raised_at)
      returning a.id`);
    const raised = await db.execute(sql`
      with recent as (
        select g.id as group_id, r.id as meeting_id, r.starts_at
          from unnest(${ids}) as g(id)
          cross join lateral (select m.id, m.starts_at from group_meetings m
                               where m.group_id = g.id and m.status = 'held' and m.starts_at <= ${now}::timestamptz
                               order by m.starts_at desc limit ${n}) r
      ), missing as (
        select gm.group_id, gm.user_id
          from group_members gm
          -- Meetings since they joined, and since their last follow-up was closed: one follow-up per N missed.
          join recent r on r.group_id = gm.group_id and r.starts_at >= gm.joined_at
                       and r.starts_at > coalesce((select max(c.resolved_at) from group_care_alerts c
                                                    where c.group_id = gm.group_id and c.user_id = gm.user_id), '-infinity')
          left join group_attendance a on a.meeting_id = r.meeting_id and a.user_id = gm.user_id and a.present
         where gm.group_id = any(${ids}) and gm.status = 'active' and gm.role = 'member'
         group by gm.group_id, gm.user_id
        having count(*) = ${n} and count(a.user_id) = 0
      )
      insert into group_care_alerts (group_id, user_id, missed, last_attended_at, assignee_id, raised_at)
      select x.group_id, x.user_id, ${n},
             (select max(m.starts_at) from group_attendance a join group_meetings m on m.id = a.meeting_id
               where a.user_id = x.user_id and m.group_id = x.group_id and a.present),
             coalesce((select l.user_id from group_members l where l.group_id = x.group_id and l.status = 'active'
                        and l.role in ('leader', 'co_leader') order by l.role, l.joined_at limit 1),
                      (select n.overseer_id from groups g join group_networks n on n.id = g.network_id where g.id = x.group_id)),
             ${now}::timestamptz
        from missing x
      on conflict (group_id, user_id) where resolved_at is null do nothing
      returning id, group_id, user_id, assignee_id`);
    const alerts = rowsOf<{ id: string; group_id: string; user_id: string; assignee_id: string | null }>(raised);
    // The leader hears about it in the app (the care inbox has it for the pastors).
    if (alerts.length)
      await db.execute(sql`
        insert into notifications (user_id, type, title, message, link, dedupe_key)
        select a.assignee_id, 'other', 'Someone has been missing from ' || g.name,
               u.name || ' has missed the last ' || ${n}::int || ' meetings. A call or a visit may help.',
               '/groups/' || g.id, 'group-care:' || a.id
          from group_care_alerts a join groups g on g.id = a.group_id join users u on u.id = a.user_id
         where a.id = any(${`{${alerts.map((a) => a.id).join(',')}}`}::uuid[]) and a.assignee_id is not null
        on conflict do nothing`);
    result.groups += page.length;
    result.raised += alerts.length;
    result.returned += rowsOf(back).length;
    after = page[page.length - 1]!.id;
    if (page.length < pageSize) return result;
  }
}
