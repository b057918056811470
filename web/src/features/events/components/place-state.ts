import type { ChurchEvent } from '@church/contract/events';
import { EVENT_CANCELLED_LABEL, REGISTRATIONS_CLOSED_LABEL, WAITLISTED_LABEL } from '@church/contract/events-constants';

/** Where I stand with an event (issue 31): what its register button says and whether it acts. */
export type PlaceState = 'cancelled' | 'registered' | 'waitlisted' | 'closed' | 'full' | 'open';

export function placeState(event: ChurchEvent): PlaceState {
  if (event.registered) return 'registered';
  if (event.waitlisted) return 'waitlisted';
  if (event.cancelled) return 'cancelled';
  if (event.registrationsClosed) return 'closed';
  // Full, or people already wait: a newcomer joins the waiting list (the server keeps its order).
  if (event.maxAttendees != null && (event.attendeesCount >= event.maxAttendees || event.waitlistCount > 0)) return 'full';
  return 'open';
}

export const PLACE_LABELS: Record<Exclude<PlaceState, 'open'>, string> = {
  cancelled: EVENT_CANCELLED_LABEL,
  registered: 'Registered',
  waitlisted: WAITLISTED_LABEL,
  closed: REGISTRATIONS_CLOSED_LABEL,
  full: 'Join waiting list',
};
