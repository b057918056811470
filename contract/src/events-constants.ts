/** Event constants and rules (spec 000 §2/§4, spec 001 §2/§3). No zod here, so the public site can import these without downloading schemas. */

/** Spec 001 §3 Event type values. */
export const EVENT_TYPES = ['service', 'study', 'social', 'outreach', 'meeting', 'training'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Spec 001 §2: event types have a fixed colour map (Mantine colour names). */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  service: 'blue',
  study: 'violet',
  social: 'pink',
  outreach: 'green',
  meeting: 'orange',
  training: 'teal',
};
/** Spec 000 §2 Event details: an empty time reads 'All Day'. */
export const ALL_DAY = 'All Day';
export const NO_EVENTS_TITLE = 'No upcoming events scheduled';
export const NO_EVENTS_HINT = 'Check back later for new events';

/** Spec 000 §4: upcoming means dated now or later; an event still running counts too. */
export function isUpcoming(event: { date: string; endDate?: string | null }, now = new Date()): boolean {
  const end = event.endDate ?? event.date;
  return new Date(end).getTime() >= now.getTime();
}

/** Issue 31: a cancelled event stays listed with this badge everywhere (member list, public site, dashboards). */
export const EVENT_CANCELLED_LABEL = 'Cancelled';
export const REGISTRATIONS_CLOSED_LABEL = 'Registrations closed';
export const WAITLISTED_LABEL = 'On the waiting list';
/** Spec 002 §8: the events answer arrived but is not the list of events the contract promises. */
export const INVALID_EVENTS_DATA = 'Invalid events data structure';
