import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPlanRequestsResponse } from '@church/contract/developers';
import { messageResponse } from '@church/contract/http';
import { api } from '../../../lib/api-client';

export const apiPlansKey = ['admin', 'api-plans'] as const;

/** Paid API keys awaiting the church's approval (GET /admin/api-plans). */
export const apiPlansQuery = () =>
  queryOptions({
    queryKey: apiPlansKey,
    queryFn: () => api('/admin/api-plans', { schema: apiPlanRequestsResponse }).then((r) => r.data.requests),
  });

/** POST /admin/api-plans/{id}/approve: the key gets its plan's permissions; the approval is in the audit log. */
export function useApprovePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/admin/api-plans/${id}/approve`, { method: 'POST', schema: messageResponse }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: apiPlansKey });
      void qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
