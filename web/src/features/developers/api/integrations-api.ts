import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationResponse, integrationsResponse } from '@church/contract/integrations';
import { api } from '../../../lib/api-client';

const key = ['developers', 'integrations'] as const;

export const integrationsQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: () => api('/developers/integrations', { schema: integrationsResponse }).then((r) => r.data.integrations),
  });

/** Connect or disconnect; the answer carries the server's message (e.g. 'Signed webhooks connected'). */
export function useSetIntegrationConnected() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, connect }: { id: string; connect: boolean }) =>
      api(`/developers/integrations/${id}/${connect ? 'connect' : 'disconnect'}`, { method: 'POST', schema: integrationResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
