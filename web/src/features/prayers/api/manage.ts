import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { prayerResponse, prayersListResponse, type CreatePrayerRequest, type PrayerStatus } from '@church/contract/prayers';
import { api } from '../../../lib/api-client';
import { prayerKeys } from './prayers';

/** Leaders: every prayer of one status, newest first. */
export const prayersByStatusQuery = (status: PrayerStatus) =>
  queryOptions({
    queryKey: [...prayerKeys.all, 'manage', status] as const,
    queryFn: () => api('/prayers/all', { query: { status, limit: 100 }, schema: prayersListResponse }).then((r) => r.data),
  });

export const prayerQuery = (id: string) =>
  queryOptions({
    queryKey: [...prayerKeys.all, 'one', id] as const,
    queryFn: () => api(`/prayers/${id}`, { schema: prayerResponse }).then((r) => r.data.prayer),
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: prayerKeys.all });
    void qc.invalidateQueries({ queryKey: ['care'] });
    void qc.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export function usePrayerStatus() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: PrayerStatus }) =>
      api(`/prayers/${id}/status`, { method: 'PATCH', body: { status }, schema: prayerResponse }).then((r) => r.data.prayer),
    onSuccess: done,
  });
}

export function usePrayerPriority() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, priority }: { id: string; priority: 'low' | 'medium' | 'high' }) =>
      api(`/prayers/${id}/priority`, { method: 'PATCH', body: { priority }, schema: prayerResponse }).then((r) => r.data.prayer),
    onSuccess: done,
  });
}

export function useAddPrayer() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (body: CreatePrayerRequest) => api('/prayers', { method: 'POST', body, schema: prayerResponse }).then((r) => r.data.prayer),
    onSuccess: done,
  });
}
