import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  networkReportResponse,
  networkResponse,
  networksResponse,
  type NetworkRequest,
  type NetworkUpdateRequest,
} from '@church/contract/groups-networks';
import { api } from '../../../lib/api-client';
import { groupKeys } from './groups';

export const networksQuery = () =>
  queryOptions({
    queryKey: [...groupKeys.all, 'networks'] as const,
    queryFn: () => api('/group-networks', { schema: networksResponse }).then((r) => r.data.networks),
  });

export const networkReportQuery = (id: string, weeks: number) =>
  queryOptions({
    queryKey: [...groupKeys.all, 'network-report', id, weeks] as const,
    queryFn: () => api(`/group-networks/${id}/report`, { query: { weeks }, schema: networkReportResponse }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });

export function useSaveNetwork() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NetworkRequest | NetworkUpdateRequest }) =>
      api(id ? `/group-networks/${id}` : '/group-networks', { method: id ? 'PUT' : 'POST', body, schema: networkResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
