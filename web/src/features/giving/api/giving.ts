import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  donationResponse,
  givingHistoryResponse,
  givingOptionsResponse,
  subscriptionResponse,
  subscriptionsResponse,
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

export const givingOptionsQuery = () =>
  queryOptions({
    queryKey: [...givingKeys.all, 'options'] as const,
    queryFn: () => api('/giving/options', { schema: givingOptionsResponse }).then((r) => r.data),
    staleTime: 60_000,
  });

export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: [...givingKeys.all, 'subscriptions'] as const,
    queryFn: () => api('/giving/subscriptions', { schema: subscriptionsResponse }).then((r) => r.data.subscriptions),
  });

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/giving/subscriptions/${id}/cancel`, { method: 'POST', schema: subscriptionResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: givingKeys.all }),
  });
}

/** The giver came back from the checkout without paying. */
export function useCancelPending() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/giving/${id}/cancel`, { method: 'POST', schema: donationResponse }),
    onSettled: () => void qc.invalidateQueries({ queryKey: givingKeys.all }),
  });
}

/** Hosted checkout is a form POST to the provider: build it and submit it (the page leaves). */
export function submitCheckout(action: string, fields: ReadonlyArray<readonly [string, string]>) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
