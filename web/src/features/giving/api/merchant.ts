import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantSettingsResponse, type MerchantSettingsInput } from '@church/contract/giving-merchant';
import { api } from '../../../lib/api-client';
import { givingKeys } from './giving';

const key = ['giving-merchant'] as const;
export const merchantQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: () => api('/giving/payment-account', { schema: merchantSettingsResponse }).then((r) => r.data.merchant),
  });

/** Saving or removing the account changes whether card giving is offered: the giving options are read again. */
function useMerchantMutation<T>(call: (input: T) => Promise<{ message?: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: givingKeys.all });
    },
  });
}
export const useSaveMerchant = () =>
  useMerchantMutation((body: MerchantSettingsInput) =>
    api('/giving/payment-account', { method: 'PUT', body, schema: merchantSettingsResponse }),
  );
export const useRemoveMerchant = () =>
  useMerchantMutation(() => api('/giving/payment-account', { method: 'DELETE', schema: merchantSettingsResponse }));
