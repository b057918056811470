import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { careInboxResponse, careVisitResponse, careVisitsResponse, followUpResponse, type CareVisitRequest } from '@church/contract/care';
import { membersListResponse } from '@church/contract/members';
import { prayersListResponse } from '@church/contract/prayers';
import { api } from '../../../lib/api-client';

export const careKeys = { all: ['care'] as const };

export const careInboxQuery = (mine: boolean) =>
  queryOptions({
    queryKey: [...careKeys.all, 'inbox', mine] as const,
    queryFn: () => api('/care/inbox', { query: { mine }, schema: careInboxResponse }).then((r) => r.data),
  });

export const followUpQuery = (limit: number) =>
  queryOptions({
    queryKey: [...careKeys.all, 'follow-up', limit] as const,
    queryFn: () => api('/care/follow-up', { query: { limit }, schema: followUpResponse }).then((r) => r.data),
  });

export const visitsQuery = (followUp: 'due' | 'all') =>
  queryOptions({
    queryKey: [...careKeys.all, 'visits', followUp] as const,
    queryFn: () => api('/care/visits', { query: { followUp, limit: 50 }, schema: careVisitsResponse }).then((r) => r.data),
  });

/** Spec 001 §9: high priority and pending, 5 shown. */
export const prayerCareQuery = () =>
  queryOptions({
    queryKey: [...careKeys.all, 'prayer-care'] as const,
    queryFn: () =>
      api('/prayers/all', { query: { status: 'pending', priority: 'high', limit: 5 }, schema: prayersListResponse }).then((r) => r.data),
  });

export const memberLookupQuery = (q: string) =>
  queryOptions({
    queryKey: ['members', 'search', q] as const,
    queryFn: () => api('/members', { query: { q, limit: 10 }, schema: membersListResponse }).then((r) => r.data.members),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export function useRecordVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CareVisitRequest) =>
      api('/care/visits', { method: 'POST', body, schema: careVisitResponse }).then((r) => r.data.visit),
    onSuccess: () => qc.invalidateQueries({ queryKey: careKeys.all }),
  });
}

export function useFollowUpDone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) =>
      api(`/care/visits/${id}/follow-up`, { method: 'PATCH', body: { done }, schema: careVisitResponse }).then((r) => r.data.visit),
    onSuccess: () => qc.invalidateQueries({ queryKey: careKeys.all }),
  });
}
