/**
 * Wall-clock time in a named time zone → the UTC instant, without a date library.
 * The zone's offset is read from Intl at the guessed instant and applied; a second
 * pass settles the hour either side of a daylight-saving change.
 */
function offsetMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** '2026-03-01' + '10:00' in Africa/Johannesburg → 2026-03-01T08:00:00Z. */
export function zonedToUtc(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - offsetMs(timeZone, new Date(wall));
  guess = wall - offsetMs(timeZone, new Date(guess));
  return new Date(guess);
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** An instant as people read it in the church's zone, en-ZA ("31 Dec 2026, 18:00"): audit summaries, notices. */
export function formatLocal(at: Date, timeZone: string): string {
  return at.toLocaleString('en-ZA', { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
}
