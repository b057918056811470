import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../components/site/public-settings-query';

const FALLBACK_ZONE = 'Africa/Johannesburg';

/** The church's time zone (a setting): event days and times are the church's, not the browser's. */
export function useChurchTimeZone(): string {
  return useQuery(publicSettingsQuery).data?.timeZone ?? FALLBACK_ZONE;
}

/** YYYY-MM-DD of an instant in the zone. */
export function dayInZone(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

export function formatEventDay(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString('en-ZA', { timeZone, weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
}

/** HH:MM (24-hour) of an instant in the zone. */
export function timeInZone(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** A day as the product writes it in lists (en-ZA: "31 Dec 2026"), in the church's zone. */
export function formatDay(iso: string | Date, timeZone: string): string {
  return new Date(iso).toLocaleDateString('en-ZA', { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
}

/** Today's YYYY-MM-DD in the church's zone (a form's default date; the UTC date is yesterday before 02:00 in South Africa). */
export const todayInZone = (timeZone: string): string => dayInZone(new Date(), timeZone);

/** An instant in the church's zone, en-ZA ("31 Dec 2026, 18:00"): logs and histories read the same on every screen. */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  return new Date(iso).toLocaleString('en-ZA', { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
}
