import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { leadershipResponse, volunteersResponse } from '@church/contract/volunteers';
import { api } from '../../../lib/api-client';

export const roleKeys = { volunteers: ['volunteers'] as const, leadership: ['leadership'] as const };

export const volunteersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...roleKeys.volunteers, q, page] as const,
    queryFn: () => api('/volunteers', { query: { q, page, limit: 50 }, schema: volunteersResponse }).then((r) => r.data),
  });

export const leadershipQuery = () =>
  queryOptions({
    queryKey: roleKeys.leadership,
    queryFn: () => api('/leadership', { schema: leadershipResponse }).then((r) => r.data),
  });

/** PATCH /members/{id}/role (spec 002 §7.4), owned by the members module; both pages refresh after a change. */
export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) => api(`/members/${id}/role`, { method: 'PATCH', body: { role } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: roleKeys.volunteers });
      void qc.invalidateQueries({ queryKey: roleKeys.leadership });
      void qc.invalidateQueries({ queryKey: ['members'] });
    },
  });
}
