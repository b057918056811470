import type { Service } from '@church/contract/site-content';
import { WEEKDAYS, WEEKDAY_LABELS } from '@church/contract/site-content-constants';

/** '08:00 – 09:15' (en-ZA writes times on the 24-hour clock). */
export const serviceHours = (s: Pick<Service, 'time' | 'endTime'>) => (s.endTime ? `${s.time} – ${s.endTime}` : s.time);

/** The week's services from Sunday, each day's in time order. */
export function servicesByDay(services: readonly Service[]) {
  return WEEKDAYS.map((day) => ({
    day,
    label: WEEKDAY_LABELS[day],
    services: services.filter((s) => s.day === day).sort((a, b) => a.time.localeCompare(b.time)),
  })).filter((d) => d.services.length > 0);
}
