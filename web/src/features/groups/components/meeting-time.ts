import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';

/** The church's time zone (a setting): a meeting's day and time are the church's, not the phone's. */
export const useTimeZone = () => useQuery(publicSettingsQuery).data?.timeZone ?? 'Africa/Johannesburg';

/** A meeting's day and time in the church's time zone (en-ZA), e.g. 'Wed, 10 Dec 2026, 19:00'. */
export function meetingWhen(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-ZA', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
