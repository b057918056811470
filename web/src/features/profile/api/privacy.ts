import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { dataExportQueuedResponse, myDataRequestsResponse, type DeleteAccountRequest } from '@church/contract/privacy';
import { api } from '../../../lib/api-client';
import { download } from '../../../lib/download';

export const dataRequestsQuery = () =>
  queryOptions({
    queryKey: ['members', 'data-requests'] as const,
    queryFn: () => api('/members/profile/data-requests', { schema: myDataRequestsResponse }).then((r) => r.data.requests),
    // While an export is being prepared, look again every two seconds.
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'queued') ? 2000 : false),
  });

export function useRequestDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('/members/profile/data-export', { method: 'POST', body: {}, schema: dataExportQueuedResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dataRequestsQuery().queryKey }),
  });
}

export const downloadDataExport = (id: string) => download(`/members/profile/data-export/${id}`, {}, 'my-data.zip');

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      api('/members/profile', { method: 'DELETE', body, schema: z.object({ status: z.literal('success'), message: z.string() }) }),
  });
}
