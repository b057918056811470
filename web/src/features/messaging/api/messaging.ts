import { queryOptions } from '@tanstack/react-query';
import {
  bulkMessageResponse,
  bulkMessagesResponse,
  messagingStatsResponse,
  previewResponse,
  recipientsResponse,
  templateResponse,
  templatesResponse,
  unsubscribeInfoResponse,
  unsubscribeResponse,
  type BulkMessageRequest,
  type RecipientType,
} from '@church/contract/messaging';
import { api } from '../../../lib/api-client';

export const messagingKeys = { all: ['messaging'] as const };

export const messagesQuery = (page: number) =>
  queryOptions({
    queryKey: [...messagingKeys.all, 'messages', page],
    queryFn: () => api('/messages', { query: { page, limit: 20 }, schema: bulkMessagesResponse }),
    // A send in progress moves on its own: look again while anything is scheduled or sending.
    refetchInterval: (q) => (q.state.data?.data.messages.some((m) => m.status === 'sending' || m.status === 'scheduled') ? 5000 : false),
  });

export const statsQuery = queryOptions({
  queryKey: [...messagingKeys.all, 'stats'],
  queryFn: () => api('/notifications/stats', { schema: messagingStatsResponse }),
});

export const recipientsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: [...messagingKeys.all, 'recipients', id, page],
    queryFn: () => api(`/messages/${id}/recipients`, { query: { page, limit: 50 }, schema: recipientsResponse }),
  });

export const templatesQuery = queryOptions({
  queryKey: [...messagingKeys.all, 'templates'],
  queryFn: () => api('/notifications/templates', { schema: templatesResponse }),
});

export const previewMessage = (body: { subject: string; message: string; recipientType: RecipientType }) =>
  api('/messages/preview', { method: 'POST', body, schema: previewResponse });
export const sendBulkMessage = (body: BulkMessageRequest) =>
  api('/notifications/bulk', { method: 'POST', body, schema: bulkMessageResponse });
export const cancelMessage = (id: string) => api(`/messages/${id}/cancel`, { method: 'POST', schema: bulkMessageResponse });
export const saveTemplate = (body: { name: string; subject: string; message: string }) =>
  api('/notifications/templates', { method: 'POST', body, schema: templateResponse });
export const deleteTemplate = (id: string) => api(`/notifications/templates/${id}`, { method: 'DELETE' });

export const unsubscribeInfo = (token: string) =>
  api(`/messages/unsubscribe/${encodeURIComponent(token)}`, { schema: unsubscribeInfoResponse, skipAuthRedirect: true });
export const unsubscribe = (token: string) =>
  api(`/messages/unsubscribe/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: {},
    schema: unsubscribeResponse,
    skipAuthRedirect: true,
  });
