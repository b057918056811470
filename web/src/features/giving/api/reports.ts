import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { givingReportsResponse, goalResponse, goalsResponse } from '@church/contract/giving-reports';
import { api } from '../../../lib/api-client';

const key = ['giving-reports'] as const;
export const givingReportQuery = (months = 12) =>
  queryOptions({
    queryKey: [...key, 'report', months],
    queryFn: () => api('/giving/reports', { query: { months }, schema: givingReportsResponse }).then((r) => r.data),
  });
export const goalsQuery = () =>
  queryOptions({
    queryKey: [...key, 'goals'],
    queryFn: () => api('/giving/goals', { schema: goalsResponse }).then((r) => r.data.goals),
  });
export const goalQuery = (id: string) =>
  queryOptions({
    queryKey: [...key, 'goal', id],
    queryFn: () => api(`/giving/goals/${id}`, { schema: goalResponse }).then((r) => r.data),
  });

/** Create (no id) or change a goal; either way the list and the goal refresh. */
export function useSaveGoal(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api(id ? `/giving/goals/${id}` : '/giving/goals', { method: id ? 'PATCH' : 'POST', body, schema: goalResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}
