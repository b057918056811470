/**
 * The church's service times are free text ('10:00 AM - 12:00 PM', '18:00–19:30'): read the start (24-hour
 * 'HH:MM') and, when an end is given, the length in minutes. Null when no time can be read.
 * Linear: one bounded pattern over at most 60 characters.
 */
export function parseServiceTime(value: string): { start: string; minutes: number | null } | null {
  const s = value.slice(0, 60);
  const re = /(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/gi;
  const times: number[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) && times.length < 2) {
    let h = Number(m[1]);
    const min = Number(m[2] ?? 0);
    const ampm = m[3]?.toLowerCase();
    if (!m[2] && !ampm) continue; // a bare number ('Room 3') is not a time
    if (ampm === 'pm' && h < 12) h += 12;
    if (ampm === 'am' && h === 12) h = 0;
    if (h > 23 || min > 59) return null;
    times.push(h * 60 + min);
  }
  if (!times.length) return null;
  const start = times[0]!;
  const hhmm = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
  const end = times[1];
  return { start: hhmm, minutes: end !== undefined && end > start ? end - start : null };
}
