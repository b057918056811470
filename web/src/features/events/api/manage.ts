import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { eventResponse, eventsResponse } from '@church/contract/events';
import {
  attendanceResponse,
  checkInResponse,
  checkOutResponse,
  eventDeletedResponse,
  eventSavedResponse,
  eventStatsResponse,
  type EventWriteRequest,
} from '@church/contract/events-manage';
import { membersListResponse } from '@church/contract/members';
import { api } from '../../../lib/api-client';
import { eventKeys } from './events';

/** Management lists: upcoming soonest first, past most recent first (the server splits on the end time vs now). */
export const manageEventsQuery = (when: 'upcoming' | 'past') =>
  queryOptions({
    queryKey: [...eventKeys.all, 'manage', when] as const,
    queryFn: () => api('/events', { query: { when, limit: 100 }, schema: eventsResponse }).then((r) => r.data),
  });

/** Counts over every event (GET /events/stats): any event write invalidates them with the lists. */
export const eventStatsQuery = () =>
  queryOptions({
    queryKey: [...eventKeys.all, 'stats'] as const,
    queryFn: () => api('/events/stats', { schema: eventStatsResponse }).then((r) => r.data),
  });

export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: [...eventKeys.all, 'one', id] as const,
    queryFn: () => api(`/events/${id}`, { schema: eventResponse }).then((r) => r.data.event),
  });

export const attendanceQuery = (id: string) =>
  queryOptions({
    queryKey: [...eventKeys.all, 'attendance', id] as const,
    queryFn: () => api(`/events/${id}/attendance`, { schema: attendanceResponse }).then((r) => r.data),
  });

/** Member search for walk-in check-ins (leaders' directory, server-side search). */
export const memberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['members', 'search', q] as const,
    queryFn: () => api('/members', { query: { q, limit: 10 }, schema: membersListResponse }).then((r) => r.data.members),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export function useSaveEvent(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EventWriteRequest) =>
      api(id ? `/events/${id}` : '/events', { method: id ? 'PUT' : 'POST', body, schema: eventSavedResponse }).then((r) => r.data.event),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/events/${id}`, { method: 'DELETE', schema: eventDeletedResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** Cancels an event: it stays listed as cancelled; those registered are told. */
export function useCancelEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api(`/events/${id}/cancel`, { method: 'POST', body: { reason }, schema: eventSavedResponse }).then((r) => r.data.event),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useCheckIn(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, undo }: { userId: string; undo?: boolean }) =>
      undo
        ? api(`/events/${eventId}/attendance/${userId}`, { method: 'DELETE', schema: checkOutResponse })
        : api(`/events/${eventId}/attendance`, { method: 'POST', body: { userId }, schema: checkInResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
