import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@church/contract/http';
import {
  householdsResponse,
  memberDetailResponse,
  memberSavedResponse,
  membersManageResponse,
  type MembersManageQuery,
  type MemberWriteRequest,
} from '@church/contract/members-manage';
import type { MemberPermissionsRequest } from '@church/contract/member-permissions';
import { api } from '../../../lib/api-client';

export const memberKeys = { all: ['members'] as const };

/** GET /members: search, filters, sort and paging all happen on the server. */
export type MembersListParams = Omit<MembersManageQuery, 'page' | 'limit'> & { page: number; limit: number };
export const membersQuery = (query: MembersListParams) =>
  queryOptions({
    queryKey: [...memberKeys.all, 'list', query] as const,
    queryFn: () => api('/members', { query: { ...query }, schema: membersManageResponse }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: [...memberKeys.all, 'one', id] as const,
    queryFn: () => api(`/members/${id}`, { schema: memberDetailResponse }).then((r) => r.data),
  });

export const householdsQuery = (q: string) =>
  queryOptions({
    queryKey: ['households', q] as const,
    queryFn: () => api('/households', { query: { q }, schema: householdsResponse }).then((r) => r.data.households),
    staleTime: 10_000,
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

export function useSaveMember(id?: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MemberWriteRequest) =>
      api(id ? `/members/${id}` : '/members', { method: id ? 'PUT' : 'POST', body, schema: memberSavedResponse }),
    onSuccess: invalidate,
  });
}

export function useDeleteMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(`/members/${id}`, { method: 'DELETE', schema: messageResponse }),
    onSuccess: invalidate,
  });
}

export function useSetMemberRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) =>
      api(`/members/${id}/role`, { method: 'PATCH', body: { role }, schema: memberSavedResponse }),
    onSuccess: invalidate,
  });
}

/** PUT /members/{id}/permissions: the finance permissions granted beside the role (administrators only, never one's own). */
export function useSetMemberPermissions() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, permissions }: { id: string; permissions: MemberPermissionsRequest['permissions'] }) =>
      api(`/members/${id}/permissions`, { method: 'PUT', body: { permissions }, schema: memberSavedResponse }),
    onSuccess: invalidate,
  });
}

export function useSetHousehold(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { householdId?: string | null; newHouseholdName?: string; householdRole?: string | null }) =>
      api(`/members/${id}/household`, { method: 'PUT', body, schema: memberSavedResponse }),
    onSuccess: invalidate,
  });
}
