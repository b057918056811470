import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { dayIn, zonedToUtc } from '../../../lib/zoned-time';

/** How far ahead meetings are made from each group's schedule (the phone can then take attendance offline). */
export const SCHEDULE_AHEAD_DAYS = 35;
const DAY = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface Schedule {
  meetingDay: number | null;
  meetingTime: string | null;
  frequency: string;
  /** The day the group was made: a fortnightly group meets in its first week and every second week after. */
  anchorDay: string;
}

/**
 * The local days in [fromDay, fromDay + days) a group meets on: weekly on its weekday,
 * fortnightly every second week counted from its first week, monthly on the first such
 * weekday of the month.
 */
export function meetingDays(s: Schedule, fromDay: string, days: number): string[] {
  if (s.meetingDay === null || !s.meetingTime) return [];
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const anchor = Date.parse(`${s.anchorDay}T00:00:00Z`);
  const out: string[] = [];
  for (let t = start; t < start + days * DAY; t += DAY) {
    const d = new Date(t);
    if (d.getUTCDay() !== s.meetingDay) continue;
    if (s.frequency === 'fortnightly' && Math.floor((t - anchor) / (7 * DAY)) % 2 !== 0) continue;
    if (s.frequency === 'monthly' && d.getUTCDate() > 7) continue;
    out.push(toDay(t));
  }
  return out;
}

interface ScheduleRow {
  id: string;
  meeting_day: number;
  meeting_time: string;
  frequency: string;
  created_at: string | Date;
}

/**
 * Makes the coming weeks' meetings for every group with a schedule (or one group), a page of
 * groups at a time so memory stays flat; a meeting already there (made by a phone, or an
 * earlier run) is left as it is. Returns how many meetings were made.
 */
export async function generateMeetings(db: DbOrTx, timeZone: string, opts: { groupId?: string; now?: Date; pageSize?: number } = {}) {
  const today = dayIn(timeZone, opts.now ?? new Date());
  const pageSize = opts.pageSize ?? 500;
  let after = '00000000-0000-0000-0000-000000000000';
  let made = 0;
  for (;;) {
    const res = await db.execute(sql`
      select id, meeting_day, meeting_time, frequency, created_at from groups
       where archived_at is null and meeting_day is not null and meeting_time is not null and id > ${after}::uuid
         ${opts.groupId ? sql`and id = ${opts.groupId}::uuid` : sql``}
       order by id limit ${pageSize}`);
    const groups = (res as unknown as { rows: ScheduleRow[] }).rows;
    if (groups.length === 0) return made;
    const values = groups.flatMap((g) =>
      meetingDays(
        {
          meetingDay: g.meeting_day,
          meetingTime: g.meeting_time,
          frequency: g.frequency,
          anchorDay: dayIn(timeZone, new Date(g.created_at)),
        },
        today,
        SCHEDULE_AHEAD_DAYS,
      ).map((day) => sql`(${g.id}::uuid, ${zonedToUtc(day, g.meeting_time, timeZone).toISOString()}::timestamptz, true)`),
    );
    if (values.length) {
      const inserted = await db.execute(sql`
        insert into group_meetings (group_id, starts_at, generated) values ${sql.join(values, sql`, `)}
        on conflict (group_id, starts_at) do nothing returning 1`);
      made += (inserted as unknown as { rows: unknown[] }).rows.length;
    }
    after = groups[groups.length - 1]!.id;
    if (groups.length < pageSize) return made;
  }
}
