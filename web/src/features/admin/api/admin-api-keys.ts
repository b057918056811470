import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiKeysResponse, type DeveloperAccessRequest } from '@church/contract/developers';
import { messageResponse } from '@church/contract/http';
import { api } from '../../../lib/api-client';

export const adminApiKeysKey = ['admin', 'api-keys'] as const;

/** GET /admin/api-keys: every key of the church with its owner and usage; `all` adds the revoked ones. */
export const adminApiKeysQuery = (include: 'live' | 'all') =>
  queryOptions({
    queryKey: [...adminApiKeysKey, include] as const,
    queryFn: () => api('/admin/api-keys', { query: { include }, schema: adminApiKeysResponse }).then((r) => r.data.apiKeys),
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: adminApiKeysKey });
    void qc.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

/** DELETE /admin/api-keys/{id}: the key stops working at once; its owner is told. */
export function useRevokeApiKey() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(`/admin/api-keys/${id}`, { method: 'DELETE', schema: messageResponse }),
    onSuccess,
  });
}

/** PUT /admin/developers/{id}/access: a disabled developer cannot sign in and none of their keys works. */
export function useSetDeveloperAccess() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: DeveloperAccessRequest & { id: string }) =>
      api(`/admin/developers/${id}/access`, { method: 'PUT', body, schema: messageResponse }),
    onSuccess,
  });
}
