import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { prayerResponse, prayersListResponse, type CreatePrayerRequest } from '@church/contract/prayers';
import { api } from '../../../lib/api-client';

export const prayerKeys = { all: ['prayers'] as const };

/** Own prayers plus approved public ones (leaders: all), newest first. */
export const prayersQuery = () =>
  queryOptions({
    queryKey: [...prayerKeys.all, 'list'] as const,
    queryFn: () => api('/prayers', { query: { limit: 100 }, schema: prayersListResponse }).then((r) => r.data),
  });

export function useSubmitPrayer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePrayerRequest) => api('/prayers', { method: 'POST', body, schema: prayerResponse }).then((r) => r.data.prayer),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: prayerKeys.all });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
