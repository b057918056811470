import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  alertPreferencesResponse,
  careAssignResponse,
  careInboxResponse,
  type CareItemKind,
  type CareScope,
  type AlertPreferences,
  careVisitResponse,
  careVisitsResponse,
  followUpResponse,
  type CareVisitRequest,
} from '@church/contract/care';
import { membersListResponse } from '@church/contract/members';
import { prayersListResponse } from '@church/contract/prayers';
import { api } from '../../../lib/api-client';

export const careKeys = { all: ['care'] as const };

export const CARE_INBOX_PAGE = 50;

export const careInboxQuery = (q: { scope: CareScope; kind: CareItemKind | null; page: number }) =>
  queryOptions({
    queryKey: [...careKeys.all, 'inbox', q] as const,
    queryFn: () =>
      api('/care/inbox', {
        query: { scope: q.scope, page: q.page, limit: CARE_INBOX_PAGE, ...(q.kind ? { kind: q.kind } : {}) },
        schema: careInboxResponse,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });

/** PATCH /care/items/{kind}/{id}/assignee: the inbox and its counts refresh afterwards. */
export function useAssignCareItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, assigneeId }: { kind: CareItemKind; id: string; assigneeId: string | null }) =>
      api(`/care/items/${kind}/${id}/assignee`, { method: 'PATCH', body: { assigneeId }, schema: careAssignResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: careKeys.all }),
  });
}

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

export const alertPreferencesQuery = () =>
  queryOptions({
    queryKey: [...careKeys.all, 'alert-preferences'] as const,
    queryFn: () => api('/care/alert-preferences', { schema: alertPreferencesResponse }).then((r) => r.data.preferences),
  });

export function useSaveAlertPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertPreferences) =>
      api('/care/alert-preferences', { method: 'PUT', body, schema: alertPreferencesResponse }).then((r) => r.data.preferences),
    onSuccess: (prefs) => qc.setQueryData(alertPreferencesQuery().queryKey, prefs),
  });
}
