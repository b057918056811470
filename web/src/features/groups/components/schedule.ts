import { WEEKDAYS, type GroupSummary } from '@church/contract/groups';

/** 'Wednesdays at 19:00 · Orlando West', 'Every second Sunday at 15:00', or the place alone. */
export function scheduleLine(g: Pick<GroupSummary, 'meetingDay' | 'meetingTime' | 'frequency' | 'meetingPlace'>) {
  const day = g.meetingDay === null ? null : WEEKDAYS[g.meetingDay];
  const when = day
    ? `${g.frequency === 'weekly' ? `${day}s` : g.frequency === 'fortnightly' ? `Every second ${day}` : `Monthly on a ${day}`}${g.meetingTime ? ` at ${g.meetingTime}` : ''}`
    : g.meetingTime
      ? `At ${g.meetingTime}`
      : null;
  return [when, g.meetingPlace || null].filter(Boolean).join(' · ');
}
