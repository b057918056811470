import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionsEndedResponse, sessionsResponse } from '@church/contract/sessions';
import { api } from '../../../lib/api-client';

/** The person's sign-ins (issue 29): device, last use, this one marked. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: () => api('/auth/sessions', { schema: sessionsResponse }).then((r) => r.data.sessions),
  });

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/auth/sessions/${id}`, { method: 'DELETE', schema: sessionsEndedResponse }),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

/** Every session ends, this one included: the caller then signs out here (session.signedOut). */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => api('/auth/logout-everywhere', { method: 'POST', body: {}, schema: sessionsEndedResponse }),
  });
}
