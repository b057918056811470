import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { systemSummaryResponse } from '@church/contract/admin';
import { auditListResponse } from '@church/contract/audit';
import { memberSavedResponse, membersManageResponse } from '@church/contract/members-manage';
import { outboxListResponse } from '@church/contract/outbox';
import { messageResponse } from '@church/contract/http';
import { api } from '../../../lib/api-client';

/** The admin panel reads the same endpoints the members pages and the operators use; its keys sit under 'members' where they share data. */
export const adminKeys = { audit: ['admin', 'audit'] as const, mail: ['admin', 'mail'] as const, system: ['admin', 'system'] as const };

export const usersQuery = (q: { q?: string; role?: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: ['members', 'list', 'admin', q] as const,
    queryFn: () => api('/members', { query: { ...q, sort: 'name' }, schema: membersManageResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const auditQuery = (q: { action?: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: [...adminKeys.audit, q] as const,
    queryFn: () => api('/admin/audit', { query: q, schema: auditListResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const mailQuery = (q: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...adminKeys.mail, q] as const,
    queryFn: () => api('/outbox', { query: q, schema: outboxListResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const systemQuery = () =>
  queryOptions({
    queryKey: adminKeys.system,
    queryFn: () => api('/admin/system', { schema: systemSummaryResponse }).then((r) => r.data),
    refetchInterval: 30_000,
  });

/** PATCH /members/{id}/role: the server applies the grant rules (only an admin grants admin …). */
export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) =>
      api(`/members/${id}/role`, { method: 'PATCH', body: { role }, schema: memberSavedResponse }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['members'] });
      void qc.invalidateQueries({ queryKey: adminKeys.audit });
      void qc.invalidateQueries({ queryKey: ['volunteers'] });
      void qc.invalidateQueries({ queryKey: ['leadership'] });
    },
  });
}

/** An administrator resets someone's two-factor sign-in (issue 29): audited, the person e-mailed, their sessions ended. */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (userId: string) => api(`/users/${userId}/two-factor`, { method: 'DELETE', schema: messageResponse }),
  });
}
