import { groupThousands } from '@church/contract/rules/money';
const DEFAULT_TZ = 'Africa/Johannesburg';

/** 'Sat, 28 Nov 2026' in the church's time zone. */
export function formatEventDate(iso: string, timeZone = DEFAULT_TZ) {
  return new Intl.DateTimeFormat('en-ZA', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

/** '28 November 2026'. */
export function formatLongDate(iso: string, timeZone = DEFAULT_TZ) {
  return new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
}

/** Day and short month for the calendar tile: { day: '28', month: 'NOV' }. */
export function dayAndMonth(iso: string, timeZone = DEFAULT_TZ) {
  const parts = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone }).formatToParts(new Date(iso));
  return {
    day: parts.find((p) => p.type === 'day')?.value ?? '',
    month: (parts.find((p) => p.type === 'month')?.value ?? '').toUpperCase(),
  };
}

/** '18:00' → '6:00 PM'; empty stays empty (the caller shows All Day). */
export function formatEventTime(hhmm: string) {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 1234 → '1,234'. */
export const formatCount = (n: number) => (n < 0 ? '-' : '') + groupThousands(Math.abs(Math.trunc(n)).toString());
