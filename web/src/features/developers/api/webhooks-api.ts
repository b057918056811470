import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deliveriesResponse,
  webhookResponse,
  webhooksResponse,
  webhookWithSecretResponse,
  type WebhookEventType,
} from '@church/contract/webhooks';
import { messageResponse } from '@church/contract/http';
import { api } from '../../../lib/api-client';

export const webhookKeys = {
  all: ['developers', 'webhooks'] as const,
  deliveries: (id: string) => ['developers', 'webhooks', id, 'deliveries'] as const,
};

export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: () => api('/developers/webhooks', { schema: webhooksResponse }).then((r) => r.data.webhooks),
  });

/** The log refreshes itself while something is still pending, so a test event's answer appears without a reload. */
export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => api(`/developers/webhooks/${id}/deliveries`, { schema: deliveriesResponse }).then((r) => r.data.deliveries),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 1500 : false),
  });

function useWebhookMutation<A, R>(fn: (arg: A) => Promise<R>, alsoDeliveriesOf?: (arg: A) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, arg) => {
      void qc.invalidateQueries({ queryKey: webhookKeys.all, exact: true });
      if (alsoDeliveriesOf) void qc.invalidateQueries({ queryKey: webhookKeys.deliveries(alsoDeliveriesOf(arg)) });
    },
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: { name: string; url: string; events: WebhookEventType[] }) =>
    api('/developers/webhooks', { method: 'POST', body, schema: webhookWithSecretResponse }).then((r) => r.data),
  );

export const useSetWebhookActive = () =>
  useWebhookMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    api(`/developers/webhooks/${id}`, { method: 'PATCH', body: { isActive }, schema: webhookResponse }),
  );

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) =>
    api(`/developers/webhooks/${id}/rotate-secret`, { method: 'POST', schema: webhookWithSecretResponse }).then((r) => r.data),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => api(`/developers/webhooks/${id}`, { method: 'DELETE', schema: messageResponse }));

export const useSendTestEvent = () =>
  useWebhookMutation(
    (id: string) => api(`/developers/webhooks/${id}/test`, { method: 'POST', schema: messageResponse }),
    (id) => id,
  );

export const useReplayDelivery = () =>
  useWebhookMutation(
    ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api(`/developers/webhooks/${id}/deliveries/${deliveryId}/replay`, { method: 'POST', schema: messageResponse }),
    ({ id }) => id,
  );
