import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { duplicatesResponse, mergeResponse, mergesResponse, type MergeRequest } from '@church/contract/members-merge';
import { api } from '../../../lib/api-client';
import { memberKeys } from './members';

/** Under the members key: a merge or undo changes the directory, the duplicates and the merges alike. */
const mergeKeys = { duplicates: [...memberKeys.all, 'duplicates'] as const, merges: [...memberKeys.all, 'merges'] as const };

export const duplicatesQuery = () =>
  queryOptions({
    queryKey: mergeKeys.duplicates,
    queryFn: () => api('/members/duplicates', { query: { limit: 100 }, schema: duplicatesResponse }).then((r) => r.data),
  });

export const mergesQuery = (memberId?: string) =>
  queryOptions({
    queryKey: [...mergeKeys.merges, memberId ?? 'all'] as const,
    queryFn: () => api('/members/merges', { query: { memberId, limit: 20 }, schema: mergesResponse }).then((r) => r.data.merges),
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: memberKeys.all });
    void qc.invalidateQueries({ queryKey: ['volunteers'] });
    void qc.invalidateQueries({ queryKey: ['leadership'] });
    void qc.invalidateQueries({ queryKey: ['households'] });
  };
}

export function useMerge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MergeRequest) => api('/members/merges', { method: 'POST', body, schema: mergeResponse }),
    onSuccess: invalidate,
  });
}

export function useUndoMerge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(`/members/merges/${id}/undo`, { method: 'POST', schema: mergeResponse }),
    onSuccess: invalidate,
  });
}
