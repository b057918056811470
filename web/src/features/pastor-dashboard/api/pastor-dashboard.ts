import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { pastorDashboardResponse } from '@church/contract/pastor-dashboard';
import { PRAYER_TEXTS } from '@church/contract/prayers';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export const pastorDashboardQuery = () =>
  queryOptions({
    queryKey: ['pastor-dashboard'],
    queryFn: async () => (await api('/dashboard/pastor', { schema: pastorDashboardResponse })).data,
  });

/** Approve / reject through the prayers service; spec 001 §8 texts. */
export function usePrayerDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'rejected' }) =>
      api(`/prayers/${id}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: (_d, v) => {
      notify.success(PRAYER_TEXTS.dashboardDone(v.status));
      void qc.invalidateQueries({ queryKey: ['pastor-dashboard'] });
      void qc.invalidateQueries({ queryKey: ['prayers'] });
    },
    onError: () => notify.error(PRAYER_TEXTS.dashboardFailed),
  });
}
