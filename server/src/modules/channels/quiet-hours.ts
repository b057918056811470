import { dayIn, zonedToUtc } from '../../lib/zoned-time';

/**
 * Quiet hours: an SMS, WhatsApp or app notification that would buzz a phone
 * between `start` and `end` (church time, e.g. 21:00–07:00) waits until `end`.
 * E-mail is not held: it does not wake anyone. Returns null when the message may go now.
 */
export function quietUntil(now: Date, start: string, end: string, timeZone: string): Date | null {
  if (start === end) return null;
  const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  const overnight = start > end;
  const quiet = overnight ? hhmm >= start || hhmm < end : hhmm >= start && hhmm < end;
  if (!quiet) return null;
  const today = dayIn(timeZone, now);
  const endToday = zonedToUtc(today, end, timeZone);
  if (endToday > now) return endToday;
  // After start in the evening: the end is tomorrow morning.
  const tomorrow = dayIn(timeZone, new Date(endToday.getTime() + 36 * 3_600_000));
  return zonedToUtc(tomorrow, end, timeZone);
}
