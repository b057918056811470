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
import { sessionStore } from '../../../lib/storage';

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

/** Downloads a file from an authenticated endpoint (the export streams from the server). */
export async function download(path: string, query: Record<string, string>, fallbackName: string) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const token = sessionStore.token();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return name;
}
export { filterQuery };
