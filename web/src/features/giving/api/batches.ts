import { queryOptions } from '@tanstack/react-query';
import { batchDetailResponse, batchesResponse, donorsResponse } from '@church/contract/giving-batches';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin';

/** Batches live under the giving-admin keys: every finance action (useFinanceAction) refreshes them. */
export const batchesQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'batches'] as const,
    queryFn: () => api('/giving/batches', { schema: batchesResponse }).then((r) => r.data.batches),
  });
export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'batch', id] as const,
    queryFn: () => api(`/giving/batches/${id}`, { schema: batchDetailResponse }).then((r) => r.data),
  });
/** The member picker's matches for what the counter typed (name, phone in any form, envelope number). */
export const donorsQuery = (q: string) =>
  queryOptions({
    queryKey: ['giving-donors', q] as const,
    queryFn: () => api('/giving/donors', { query: { q }, schema: donorsResponse }).then((r) => r.data.donors),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });
