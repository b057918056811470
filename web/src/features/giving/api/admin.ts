import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  batchDetailResponse,
  batchesResponse,
  batchResponse,
  donationDetailResponse,
  donationsResponse,
  fundResponse,
  fundsResponse,
  type DonationPeriod,
} from '@church/contract/giving-admin';
import { api } from '../../../lib/api-client';

export const adminKeys = { all: ['giving-admin'] as const };
const invalidate = (qc: ReturnType<typeof useQueryClient>) => () => void qc.invalidateQueries({ queryKey: adminKeys.all });

export interface DonationsFilter {
  period: DonationPeriod;
  fund: string | null;
  page: number;
}
const filterQuery = (f: Omit<DonationsFilter, 'page'>) => ({ period: f.period, ...(f.fund ? { fund: f.fund } : {}) });

export const donationsQuery = (f: DonationsFilter) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'donations', f] as const,
    queryFn: () =>
      api('/donations', { query: { ...filterQuery(f), page: f.page, limit: 20 }, schema: donationsResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const donationDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'donation', id] as const,
    queryFn: () => api(`/donations/${id}`, { schema: donationDetailResponse }).then((r) => r.data),
  });

export const fundsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'funds'] as const,
    queryFn: () => api('/giving/funds', { schema: fundsResponse }).then((r) => r.data.funds),
  });
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

/** One hook for every finance action: POST/PATCH, then refresh everything giving-admin shows. */
export function useFinanceAction<B>(path: (arg: B) => string, method: 'POST' | 'PATCH' = 'POST') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ arg, body }: { arg: B; body?: unknown }) => api(path(arg), { method, body: body ?? {} }),
    onSuccess: invalidate(qc),
  });
}
export const schemas = { batchResponse, fundResponse, donationDetailResponse };

/** The one download helper (lib/download.ts), re-exported where the giving pages already import it. */
export { download } from '../../../lib/download';
export { filterQuery };
