import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { contactMessageResponse, contactMessagesResponse } from '@church/contract/contact';
import {
  visitorResponse,
  visitorStatsResponse,
  visitorsListResponse,
  type VisitorStatus,
  type VisitorUpdateRequest,
} from '@church/contract/visitors';
import { api } from '../../lib/api-client';

export const visitorKeys = { all: ['visitors'] as const, inbox: ['contact-messages'] as const };

export const visitorsListQuery = (params: { status?: VisitorStatus; q?: string; page: number }) =>
  queryOptions({
    queryKey: [...visitorKeys.all, 'list', params] as const,
    queryFn: () => api('/visitors', { query: { ...params, limit: 20 }, schema: visitorsListResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const visitorStatsQuery = () =>
  queryOptions({
    queryKey: [...visitorKeys.all, 'stats'] as const,
    queryFn: () => api('/visitors/stats', { schema: visitorStatsResponse }).then((r) => r.data),
  });

export function useUpdateVisitor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VisitorUpdateRequest }) =>
      api(`/visitors/${id}`, { method: 'PATCH', body, schema: visitorResponse }).then((r) => r.data.visitor),
    onSuccess: () => qc.invalidateQueries({ queryKey: visitorKeys.all }),
  });
}

export function useConvertVisitor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/visitors/${id}/convert`, { method: 'POST', schema: visitorResponse }).then((r) => r.data.visitor),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: visitorKeys.all });
      void qc.invalidateQueries({ queryKey: ['members'] });
    },
  });
}

export const inboxQuery = (box: 'inbox' | 'archived', page: number) =>
  queryOptions({
    queryKey: [...visitorKeys.inbox, box, page] as const,
    queryFn: () => api('/contact-messages', { query: { box, page, limit: 20 }, schema: contactMessagesResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export function useUpdateMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { read?: boolean; archived?: boolean } }) =>
      api(`/contact-messages/${id}`, { method: 'PATCH', body, schema: contactMessageResponse }).then((r) => r.data.contactMessage),
    onSuccess: () => qc.invalidateQueries({ queryKey: visitorKeys.inbox }),
  });
}

export function useReplyMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subject, message }: { id: string; subject: string; message: string }) =>
      api(`/contact-messages/${id}/reply`, { method: 'POST', body: { subject, message }, schema: contactMessageResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: visitorKeys.inbox }),
  });
}
