import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { donationDetailResponse, donationsResponse, fundResponse, fundsResponse, type DonationPeriod } from '@church/contract/giving-admin';
import { api } from '../../../lib/api-client';

export const adminKeys = { all: ['giving-admin'] as const };
const invalidate = (qc: ReturnType<typeof useQueryClient>) => () => void qc.invalidateQueries({ queryKey: adminKeys.all });

export interface DonationsFilter {
  period: DonationPeriod;
  fund: string | null;
  page: number;
  /** The table's own filters (the cards stay the period's and fund's). */
  q?: string;
  method?: string | null;
  status?: string | null;
}
const filterQuery = (f: Omit<DonationsFilter, 'page'>) => ({
  period: f.period,
  ...(f.fund ? { fund: f.fund } : {}),
  ...(f.q?.trim() ? { q: f.q.trim() } : {}),
  ...(f.method ? { method: f.method } : {}),
  ...(f.status ? { status: f.status } : {}),
});

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
/** One hook for every finance action: POST/PATCH, then refresh everything giving-admin shows. */
export function useFinanceAction<B>(path: (arg: B) => string, method: 'POST' | 'PATCH' = 'POST') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ arg, body }: { arg: B; body?: unknown }) => api(path(arg), { method, body: body ?? {} }),
    onSuccess: invalidate(qc),
  });
}
export const schemas = { fundResponse, donationDetailResponse };

/** The one download helper (lib/download.ts), re-exported where the giving pages already import it. */
export { download } from '../../../lib/download';
export { filterQuery };
