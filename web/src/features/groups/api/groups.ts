import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@church/contract/http';
import {
  careAlertsResponse,
  groupSettingsResponse,
  groupResponse,
  groupsListResponse,
  joinRequestsResponse,
  type GroupCreateRequest,
  type GroupRole,
  type GroupType,
  type GroupUpdateRequest,
} from '@church/contract/groups';
import { meetingDetailResponse, meetingsResponse } from '@church/contract/groups-meetings';
import { api } from '../../../lib/api-client';

export const groupKeys = { all: ['groups'] as const };

export const myGroupsQuery = () =>
  queryOptions({
    queryKey: [...groupKeys.all, 'mine'] as const,
    queryFn: () => api('/groups/mine', { schema: groupsListResponse }).then((r) => r.data.groups),
  });

export const directoryQuery = (q: { q: string; type: GroupType | null; page: number }) =>
  queryOptions({
    queryKey: [...groupKeys.all, 'directory', q] as const,
    queryFn: () =>
      api('/groups/directory', { query: { q: q.q, type: q.type, page: q.page, limit: 24 }, schema: groupsListResponse }).then(
        (r) => r.data,
      ),
    placeholderData: (previous) => previous,
  });

/** Every group, for the church office. */
export const allGroupsQuery = (q: { q: string; page: number }) =>
  queryOptions({
    queryKey: [...groupKeys.all, 'all', q] as const,
    queryFn: () => api('/groups', { query: { q: q.q, page: q.page, limit: 50 }, schema: groupsListResponse }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: [...groupKeys.all, 'one', id] as const,
    queryFn: () => api(`/groups/${id}`, { schema: groupResponse }).then((r) => r.data.group),
  });

export const joinRequestsQuery = (id: string) =>
  queryOptions({
    queryKey: [...groupKeys.all, 'requests', id] as const,
    queryFn: () => api(`/groups/${id}/requests`, { schema: joinRequestsResponse }).then((r) => r.data.requests),
  });

/** Every group mutation refreshes what the group pages show. */
function useGroupMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: groupKeys.all }) });
}

export const useCreateGroup = () =>
  useGroupMutation((body: GroupCreateRequest) => api('/groups', { method: 'POST', body, schema: groupResponse }));
export const useUpdateGroup = (id: string) =>
  useGroupMutation((body: GroupUpdateRequest) => api(`/groups/${id}`, { method: 'PUT', body, schema: groupResponse }));
export const useJoinGroup = () =>
  useGroupMutation(({ id, message }: { id: string; message: string }) =>
    api(`/groups/${id}/join`, { method: 'POST', body: { message }, schema: groupResponse }),
  );
export const useLeaveGroup = () =>
  useGroupMutation((id: string) => api(`/groups/${id}/leave`, { method: 'POST', schema: messageResponse }));
export const useDecideRequest = (id: string) =>
  useGroupMutation(({ userId, accept }: { userId: string; accept: boolean }) =>
    api(`/groups/${id}/requests/${userId}`, { method: 'POST', body: { accept }, schema: messageResponse }),
  );
export const useSetMemberRole = (id: string) =>
  useGroupMutation(({ userId, role }: { userId: string; role: GroupRole }) =>
    api(`/groups/${id}/members/${userId}`, { method: 'PATCH', body: { role }, schema: messageResponse }),
  );
export const useRemoveMember = (id: string) =>
  useGroupMutation((userId: string) => api(`/groups/${id}/members/${userId}`, { method: 'DELETE', schema: messageResponse }));
export const useUploadPicture = (id: string) =>
  useGroupMutation((file: File) => {
    const form = new FormData();
    form.append('picture', file);
    return api(`/groups/${id}/picture`, { method: 'POST', body: form, schema: groupResponse });
  });

export const meetingsListQuery = (groupId: string, range: 'upcoming' | 'past') =>
  queryOptions({
    queryKey: [...groupKeys.all, 'meetings', groupId, range] as const,
    queryFn: () =>
      api(`/groups/${groupId}/meetings`, { query: { range, limit: 6 }, schema: meetingsResponse }).then((r) => r.data.meetings),
  });

export const meetingDetailQuery = (groupId: string, meetingId: string) =>
  queryOptions({
    queryKey: [...groupKeys.all, 'meeting', groupId, meetingId] as const,
    queryFn: () => api(`/groups/${groupId}/meetings/${meetingId}`, { schema: meetingDetailResponse }).then((r) => r.data),
    // The phone's own copy is the truth while it has marks waiting: no refetch under the leader's thumb.
    refetchOnWindowFocus: false,
    retry: false,
  });

export const careAlertsQuery = (groupId: string) =>
  queryOptions({
    queryKey: [...groupKeys.all, 'care-alerts', groupId] as const,
    queryFn: () => api(`/groups/${groupId}/care-alerts`, { schema: careAlertsResponse }).then((r) => r.data.alerts),
  });
export const useCareDone = () =>
  useGroupMutation((alertId: string) => api(`/groups/care-alerts/${alertId}/done`, { method: 'POST', schema: messageResponse }));

export const groupSettingsQuery = () =>
  queryOptions({
    queryKey: [...groupKeys.all, 'settings'] as const,
    queryFn: () => api('/groups/settings', { schema: groupSettingsResponse }).then((r) => r.data.settings),
  });
export const useSaveGroupSettings = () =>
  useGroupMutation((driftAfterMeetings: number) =>
    api('/groups/settings', { method: 'PUT', body: { driftAfterMeetings }, schema: groupSettingsResponse }),
  );
