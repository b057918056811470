import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { directoryResponse } from '@church/contract/directory';
import { preferencesResponse } from '@church/contract/consents';
import { api } from '../../../lib/api-client';

export const directoryQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['directory', q, page] as const,
    queryFn: () => api('/members/directory', { query: { q, page, limit: 24 }, schema: directoryResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Agreeing to appear (consent 'directory_listing'), from the directory page itself. */
export function useJoinDirectory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/members/preferences', {
        method: 'PUT',
        body: { preferences: [{ kind: 'directory_listing', granted: true }] },
        schema: preferencesResponse,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['directory'] });
      void qc.invalidateQueries({ queryKey: ['members', 'preferences'] });
    },
  });
}
