import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelRegistrationResponse, registerForEventResponse } from '@church/contract/event-registrations';
import { eventResponse, eventsResponse, type ChurchEvent } from '@church/contract/events';
import { api } from '../../../lib/api-client';

export const eventKeys = { all: ['events'] as const };

/** Upcoming events, soonest first, each with attendeesCount and whether I am registered. */
export const upcomingEventsQuery = () =>
  queryOptions({
    queryKey: [...eventKeys.all, 'upcoming'] as const,
    queryFn: () => api('/events', { query: { when: 'upcoming', limit: 100 }, schema: eventsResponse }).then((r) => r.data.events),
  });

/** One event (public: GET /events/{id}); signed in, it says whether I am registered. */
export const eventDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...eventKeys.all, 'detail', id] as const,
    queryFn: () => api(`/events/${id}`, { schema: eventResponse }).then((r) => r.data.event),
  });

type MyPlace = Pick<ChurchEvent, 'id' | 'attendeesCount' | 'waitlistCount'> & { registered: boolean; waitlisted: boolean };

/** After registering or cancelling: the list and the event's own page show the new state at once. */
function applyToCaches(qc: ReturnType<typeof useQueryClient>, event: MyPlace) {
  const patch = (e: ChurchEvent) =>
    e.id === event.id
      ? {
          ...e,
          registered: event.registered,
          waitlisted: event.waitlisted,
          attendeesCount: event.attendeesCount,
          waitlistCount: event.waitlistCount,
        }
      : e;
  qc.setQueryData(upcomingEventsQuery().queryKey, (old) => old?.map(patch));
  qc.setQueryData(eventDetailQuery(event.id).queryKey, (old) => (old ? patch(old) : old));
  void qc.invalidateQueries({ queryKey: ['dashboard'] });
}

/** Registers me (with guests); a full event puts me on its waiting list. The message says which. */
export function useRegisterForEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guests = 0 }: { id: string; guests?: number }) =>
      api(`/events/${id}/register`, { method: 'POST', body: { guests }, schema: registerForEventResponse }).then((r) => ({
        ...r.data.event,
        message: r.message,
      })),
    onSuccess: (event) => applyToCaches(qc, event),
    // Full or past: re-read the list so the card shows why (Full / gone).
    onError: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** Cancels my own registration or place on the waiting list; a freed place goes to the first waiting. */
export function useCancelRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/events/${id}/register`, { method: 'DELETE', schema: cancelRegistrationResponse }).then((r) => ({
        ...r.data.event,
        message: r.message,
      })),
    onSuccess: (event) => applyToCaches(qc, event),
    onError: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
