import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { registerForEventResponse } from '@church/contract/event-registrations';
import { eventsResponse } from '@church/contract/events';
import { api } from '../../../lib/api-client';

export const eventKeys = { all: ['events'] as const };

/** Upcoming events, soonest first, each with attendeesCount and whether I am registered. */
export const upcomingEventsQuery = () =>
  queryOptions({
    queryKey: [...eventKeys.all, 'upcoming'] as const,
    queryFn: () => api('/events', { query: { when: 'upcoming', limit: 100 }, schema: eventsResponse }).then((r) => r.data.events),
  });

export function useRegisterForEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/events/${id}/register`, { method: 'POST', schema: registerForEventResponse }).then((r) => r.data.event),
    onSuccess: (event) => {
      qc.setQueryData(upcomingEventsQuery().queryKey, (old) =>
        old?.map((e) => (e.id === event.id ? { ...e, registered: true, attendeesCount: event.attendeesCount } : e)),
      );
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
    // Full or past: re-read the list so the card shows why (Full / gone).
    onError: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
