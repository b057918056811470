import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GROUP_TEXTS } from '@church/contract/groups';
import { MEETING_TEXTS, type syncRequest, type SyncResult } from '@church/contract/groups-meetings';
import type { Db, Tx } from '../../../db/client';
import { noEvents, type EmitEvent } from '../../../events/domain-events';
import { dayIn } from '../../../lib/zoned-time';
import type { SessionUser } from '../../../plugins/auth';
import type { AuditFn } from '../../care/audit-port';
import { phoneKey } from './phone';

type SyncInput = z.output<typeof syncRequest>;
interface MeetingRow {
  id: string;
  group_id: string;
  starts_at: string | Date;
  status: string;
  note: string;
  headcount: number | null;
  present_count: number;
  expected_count: number;
  visitor_count: number;
  recorded_at: string | Date | null;
}
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const MEETING_COLUMNS = sql`id, group_id, starts_at, status, note, headcount, present_count, expected_count, visitor_count, recorded_at`;

/**
 * One batch from a leader's phone, in one transaction. The server decides: a meeting already
 * known at the same time keeps its id (the phone is told), the newest mark per person by the
 * phone's clock wins (a tie goes to "present"), every mark received is kept, and a resend is
 * recognised by its ids. A meeting changed after the day it was held is written to the audit log.
 */
export function createAttendanceSync({
  db,
  audit,
  timeZone,
  runs,
  emit = noEvents,
}: {
  db: Db;
  audit: AuditFn;
  timeZone: () => Promise<string>;
  /** Whether the caller runs this group (its leaders, the church office). */
  runs: (user: SessionUser, groupId: string, tx: Tx) => Promise<boolean>;
  emit?: EmitEvent;
}) {
  return async function sync(user: SessionUser, input: SyncInput): Promise<SyncResult> {
    const today = dayIn(await timeZone(), new Date());
    const tz = await timeZone();
    return db.transaction(async (tx) => {
      const rejected: SyncResult['rejected'] = [];
      const meetingIds: Record<string, string> = {};
      const allowed = new Map<string, boolean>();
      const mayRun = async (groupId: string) => {
        if (!allowed.has(groupId)) allowed.set(groupId, await runs(user, groupId, tx));
        return allowed.get(groupId)!;
      };
      const meetings = new Map<string, MeetingRow>();
      const before = new Map<string, MeetingRow>();
      const load = async (id: string) => {
        if (!meetings.has(id)) {
          const row = rowsOf<MeetingRow>(
            await tx.execute(sql`select ${MEETING_COLUMNS} from group_meetings where id = ${id}::uuid for update`),
          )[0];
          if (row) {
            meetings.set(id, row);
            before.set(id, { ...row });
          }
        }
        return meetings.get(id);
      };
      const touched = new Set<string>();
      let accepted = 0;

      for (const m of input.meetings) {
        if (!(await mayRun(m.groupId))) {
          rejected.push({ id: m.id, message: GROUP_TEXTS.notLeader });
          continue;
        }
        let row = await load(m.id);
        if (row && row.group_id !== m.groupId) {
          rejected.push({ id: m.id, message: MEETING_TEXTS.notFound });
          continue;
        }
        if (!row) {
          // Made on the phone: the same meeting may already be here (the schedule, another phone).
          const res = await tx.execute(sql`
            insert into group_meetings (id, group_id, starts_at) values (${m.id}::uuid, ${m.groupId}::uuid, ${m.startsAt}::timestamptz)
            on conflict (group_id, starts_at) do nothing returning id`);
          const id =
            rowsOf<{ id: string }>(res)[0]?.id ??
            rowsOf<{ id: string }>(
              await tx.execute(
                sql`select id from group_meetings where group_id = ${m.groupId}::uuid and starts_at = ${m.startsAt}::timestamptz`,
              ),
            )[0]!.id;
          if (id !== m.id) meetingIds[m.id] = id;
          row = (await load(id))!;
        }
        if (m.status !== undefined || m.note !== undefined || m.headcount !== undefined) {
          await tx.execute(sql`
            update group_meetings set status = coalesce(${m.status ?? null}, status), note = coalesce(${m.note ?? null}, note),
                   headcount = case when ${m.headcount !== undefined} then ${m.headcount ?? null}::int else headcount end,
                   updated_at = now()
             where id = ${row.id}::uuid`);
          touched.add(row.id);
        }
        accepted += 1;
      }

      const mapped = (id: string) => meetingIds[id] ?? id;
      for (const mark of input.marks) {
        const meeting = await load(mapped(mark.meetingId));
        if (!meeting || !(await mayRun(meeting.group_id))) {
          rejected.push({ id: mark.id, message: meeting ? GROUP_TEXTS.notLeader : MEETING_TEXTS.notFound });
          continue;
        }
        const inGroup = await tx.execute(sql`
          select 1 from group_members where group_id = ${meeting.group_id}::uuid and user_id = ${mark.userId}::uuid and status in ('active', 'left')`);
        if (rowsOf(inGroup).length === 0) {
          rejected.push({ id: mark.id, message: MEETING_TEXTS.notInGroup });
          continue;
        }
        accepted += 1;
        // A resend: this mark is on record already, and it already had its say.
        const fresh = await tx.execute(sql`
          insert into group_attendance_marks (id, meeting_id, user_id, present, marked_at, marked_by, applied)
          values (${mark.id}::uuid, ${meeting.id}::uuid, ${mark.userId}::uuid, ${mark.present}, ${mark.at}::timestamptz, ${user.id}::uuid, false)
          on conflict (id) do nothing returning id`);
        if (rowsOf(fresh).length === 0) continue;
        const applied = await tx.execute(sql`
          insert into group_attendance (meeting_id, user_id, present, marked_at, marked_by)
          values (${meeting.id}::uuid, ${mark.userId}::uuid, ${mark.present}, ${mark.at}::timestamptz, ${user.id}::uuid)
          on conflict (meeting_id, user_id) do update set present = excluded.present, marked_at = excluded.marked_at, marked_by = excluded.marked_by
           where group_attendance.marked_at < excluded.marked_at
              or (group_attendance.marked_at = excluded.marked_at and excluded.present and not group_attendance.present)
          returning 1`);
        if (rowsOf(applied).length > 0) {
          await tx.execute(sql`update group_attendance_marks set applied = true where id = ${mark.id}::uuid`);
          touched.add(meeting.id);
        }
      }

      for (const v of input.visitors) {
        const meeting = await load(mapped(v.meetingId));
        if (!meeting || !(await mayRun(meeting.group_id))) {
          rejected.push({ id: v.id, message: meeting ? GROUP_TEXTS.notLeader : MEETING_TEXTS.notFound });
          continue;
        }
        accepted += 1;
        const res = await tx.execute(sql`
          insert into group_visitors (id, meeting_id, group_id, name, phone, phone_key, created_by)
          values (${v.id}::uuid, ${meeting.id}::uuid, ${meeting.group_id}::uuid, ${v.name}, ${v.phone || null}, ${phoneKey(v.phone)}, ${user.id}::uuid)
          on conflict (id) do nothing returning id`);
        if (rowsOf(res).length) touched.add(meeting.id);
      }

      for (const id of touched) {
        const was = before.get(id)!;
        const [now] = rowsOf<MeetingRow>(
          await tx.execute(sql`
            update group_meetings m set
                   present_count = (select count(*) from group_attendance a where a.meeting_id = m.id and a.present),
                   expected_count = (select count(*) from group_attendance a where a.meeting_id = m.id),
                   visitor_count = (select count(*) from group_visitors v where v.meeting_id = m.id),
                   status = case when m.status = 'cancelled' then 'cancelled'
                                 when exists (select 1 from group_attendance a where a.meeting_id = m.id) or m.headcount is not null
                                   or exists (select 1 from group_visitors v where v.meeting_id = m.id) then 'held'
                                 else m.status end,
                   recorded_at = coalesce(m.recorded_at, now()), updated_at = now()
             where m.id = ${id}::uuid returning ${MEETING_COLUMNS}`),
        );
        const held = dayIn(tz, new Date(was.starts_at));
        // Changing a register already recorded, after the day of the meeting, is an edit of the past: on record.
        if (was.recorded_at && held < today)
          await audit(tx, {
            actor: user,
            action: 'group.meeting_edited',
            entityType: 'group_meeting',
            entityId: id,
            summary: `Meeting of ${held}`,
            before: pick(was),
            after: pick(now!),
          });
        await emit(tx, 'group.attendance_recorded', {
          groupId: now!.group_id,
          meetingId: id,
          startsAt: new Date(now!.starts_at).toISOString(),
          status: now!.status,
          presentCount: now!.present_count,
          expectedCount: now!.expected_count,
          visitorCount: now!.visitor_count,
          headcount: now!.headcount,
        });
      }
      return { meetingIds, accepted, rejected };
    });
  };
}

const pick = (r: MeetingRow) => ({
  status: r.status,
  note: r.note,
  headcount: r.headcount,
  presentCount: r.present_count,
  expectedCount: r.expected_count,
  visitorCount: r.visitor_count,
});
