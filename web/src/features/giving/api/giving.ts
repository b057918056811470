import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  donationResponse,
  givingHistoryResponse,
  GIVING_HISTORY_LIMIT,
  userGivingStatsResponse,
  type CreateDonationRequest,
} from '@church/contract/giving';
import { api } from '../../../lib/api-client';

export const givingKeys = { all: ['giving'] as const };

export const givingStatsQuery = () =>
  queryOptions({
    queryKey: [...givingKeys.all, 'user-stats'] as const,
    queryFn: () => api('/giving/user-stats', { schema: userGivingStatsResponse }).then((r) => r.data),
  });

export const givingHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [...givingKeys.all, 'history', page] as const,
    queryFn: () =>
      api('/giving/user-history', { query: { page, limit: GIVING_HISTORY_LIMIT }, schema: givingHistoryResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

/** The key travels as a header: a retried or double-clicked submit is recorded once. */
export function useDonate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateDonationRequest; key: string }) =>
      api('/giving', { method: 'POST', body, headers: { 'idempotency-key': key }, schema: donationResponse }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: givingKeys.all });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      void qc.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
