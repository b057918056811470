import type { DonationPeriod } from '@church/contract/giving-admin';

/** The calendar date (year, month 1-12, day, weekday 0=Sunday) of an instant in a time zone. */
function partsIn(date: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday ?? 'Sun');
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), weekday, h: Number(p.hour), mi: Number(p.minute), s: Number(p.second) };
}

/** The instant local midnight of y-m-d happens in a time zone. */
export function zonedMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  const p = partsIn(new Date(guess), timeZone);
  const offset = Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - guess;
  return new Date(guess - offset);
}

/**
 * Spec 001 §8 periods as calendar periods in the church's time zone: this
 * week (from Monday), this month, this quarter, this year; 'all' has no start.
 */
export function periodStart(period: DonationPeriod, now: Date, timeZone: string): Date | null {
  const p = partsIn(now, timeZone);
  switch (period) {
    case 'week': {
      const back = (p.weekday + 6) % 7;
      const local = new Date(Date.UTC(p.y, p.m - 1, p.d - back));
      return zonedMidnight(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), timeZone);
    }
    case 'month':
      return zonedMidnight(p.y, p.m, 1, timeZone);
    case 'quarter':
      return zonedMidnight(p.y, Math.floor((p.m - 1) / 3) * 3 + 1, 1, timeZone);
    case 'year':
      return zonedMidnight(p.y, 1, 1, timeZone);
    case 'all':
      return null;
  }
}

/** Calendar months from `from` to `now` inclusive (at least 1): the Monthly Average's divisor. */
export function monthsCovered(from: Date, now: Date, timeZone: string): number {
  const a = partsIn(from, timeZone);
  const b = partsIn(now, timeZone);
  return Math.max(1, (b.y - a.y) * 12 + (b.m - a.m) + 1);
}
