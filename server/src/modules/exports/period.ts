import type { DateRange } from '@church/contract/exports';
import { dayIn, zonedToUtc } from '../../lib/zoned-time';

export interface Period {
  /** First instant inside the period. */
  from: Date;
  /** First instant after it. */
  to: Date;
  /** Calendar days, both inclusive (YYYY-MM-DD). */
  startDay: string;
  endDay: string;
  /** '1 Nov 2026 – 30 Nov 2026', as printed on the report. */
  label: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const printed = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-ZA', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Spec 001 §9 date ranges as calendar periods in the church's time zone
 * (weeks start on Monday, as the donations page's week does). A "this …"
 * range runs to the end of the period, so this month's coming events are in it.
 */
export function resolvePeriod(
  range: DateRange,
  timeZone: string,
  now = new Date(),
  custom?: { startDate?: string; endDate?: string },
): Period {
  const [y, m, d] = dayIn(timeZone, now).split('-').map(Number) as [number, number, number];
  let start: Date;
  let endExclusive: Date;
  switch (range) {
    case 'this_week': {
      const today = utcDay(y, m, d);
      const back = (today.getUTCDay() + 6) % 7;
      start = utcDay(y, m, d - back);
      endExclusive = utcDay(y, m, d - back + 7);
      break;
    }
    case 'this_month':
      start = utcDay(y, m, 1);
      endExclusive = utcDay(y, m + 1, 1);
      break;
    case 'last_month':
      start = utcDay(y, m - 1, 1);
      endExclusive = utcDay(y, m, 1);
      break;
    case 'this_quarter': {
      const q = Math.floor((m - 1) / 3) * 3 + 1;
      start = utcDay(y, q, 1);
      endExclusive = utcDay(y, q + 3, 1);
      break;
    }
    case 'this_year':
      start = utcDay(y, 1, 1);
      endExclusive = utcDay(y + 1, 1, 1);
      break;
    case 'last_year':
      start = utcDay(y - 1, 1, 1);
      endExclusive = utcDay(y, 1, 1);
      break;
    case 'custom': {
      const [sy, sm, sd] = custom!.startDate!.split('-').map(Number) as [number, number, number];
      const [ey, em, ed] = custom!.endDate!.split('-').map(Number) as [number, number, number];
      start = utcDay(sy, sm, sd);
      endExclusive = utcDay(ey, em, ed + 1);
      break;
    }
  }
  const startDay = iso(start);
  const endDay = iso(new Date(endExclusive.getTime() - 86_400_000));
  return {
    from: zonedToUtc(startDay, '00:00', timeZone),
    to: zonedToUtc(iso(endExclusive), '00:00', timeZone),
    startDay,
    endDay,
    label: `${printed(startDay)} – ${printed(endDay)}`,
  };
}
