import { sql } from 'drizzle-orm';
import { MEETING_TEXTS, type Meeting, type MeetingDetail } from '@church/contract/groups-meetings';
import type { Db } from '../../../db/client';
import { forbidden, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/auth';
import { runsGroup } from '../presenter';
import type { GroupsService } from '../service';

interface MeetingRow {
  id: string;
  group_id: string;
  starts_at: string | Date;
  status: Meeting['status'];
  note: string;
  headcount: number | null;
  present_count: number;
  expected_count: number;
  visitor_count: number;
  recorded_at: string | Date | null;
}
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** A meeting for the caller: the leader's note only for those who run the group. */
export const presentMeeting = (r: MeetingRow, withNote: boolean): Meeting => ({
  _id: r.id,
  id: r.id,
  groupId: r.group_id,
  startsAt: iso(r.starts_at)!,
  status: r.status,
  note: withNote ? r.note : null,
  headcount: r.headcount,
  presentCount: r.present_count,
  expectedCount: r.expected_count,
  visitorCount: r.visitor_count,
  recordedAt: iso(r.recorded_at),
});

/** Reading meetings: the list for anyone inside the group, the register for those who run it. */
export function createMeetingsService({ db, groups }: { db: Db; groups: GroupsService }) {
  return {
    async list(user: SessionUser, groupId: string, range: 'upcoming' | 'past', limit: number) {
      const { view } = await groups.visible(user, groupId);
      if (view === 'outsider' || view === 'requested') throw forbidden('Only the group’s members see its meetings');
      const res = await db.execute(sql`
        select * from group_meetings where group_id = ${groupId}::uuid
           and ${range === 'upcoming' ? sql`starts_at >= now() - interval '12 hours'` : sql`starts_at < now()`}
         order by starts_at ${range === 'upcoming' ? sql`asc` : sql`desc`} limit ${limit}`);
      return rowsOf<MeetingRow>(res).map((r) => presentMeeting(r, runsGroup(view)));
    },
    async detail(user: SessionUser, groupId: string, meetingId: string): Promise<MeetingDetail> {
      const { row: group } = await groups.runBy(user, groupId);
      const meeting = rowsOf<MeetingRow>(
        await db.execute(sql`select * from group_meetings where id = ${meetingId}::uuid and group_id = ${groupId}::uuid`),
      )[0];
      if (!meeting) throw notFound(MEETING_TEXTS.notFound);
      // Everyone in the group now, and anyone marked at this meeting who has left since.
      const register = rowsOf<{ id: string; name: string; role: string; present: boolean | null }>(
        await db.execute(sql`
          select u.id, u.name, coalesce(gm.role, 'member') as role, a.present
            from (select user_id from group_members where group_id = ${groupId}::uuid and status = 'active'
                  union select user_id from group_attendance where meeting_id = ${meetingId}::uuid) p
            join users u on u.id = p.user_id
            left join group_members gm on gm.group_id = ${groupId}::uuid and gm.user_id = p.user_id
            left join group_attendance a on a.meeting_id = ${meetingId}::uuid and a.user_id = p.user_id
           order by case gm.role when 'leader' then 0 when 'co_leader' then 1 else 2 end, u.name, u.id`),
      );
      const visitors = rowsOf<{ id: string; name: string; phone: string | null; returning: boolean }>(
        await db.execute(sql`
          select v.id, v.name, v.phone,
                 exists (select 1 from group_visitors e join group_meetings em on em.id = e.meeting_id
                          where e.group_id = v.group_id and e.phone_key = v.phone_key and em.starts_at < ${meeting.starts_at}) as returning
            from group_visitors v where v.meeting_id = ${meetingId}::uuid order by v.created_at, v.id`),
      );
      return {
        meeting: presentMeeting(meeting, true),
        group: { _id: group.id, id: group.id, name: group.name },
        register: register.map((r) => ({ _id: r.id, id: r.id, name: r.name, role: r.role, present: r.present })),
        visitors: visitors.map((v) => ({ _id: v.id, id: v.id, name: v.name, phone: v.phone ?? '', returning: v.returning })),
      };
    },
  };
}
export type MeetingsService = ReturnType<typeof createMeetingsService>;
