import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@church/contract/http';
import {
  assignmentResponse,
  blockoutResponse,
  calendarFeedResponse,
  candidatesResponse,
  matrixResponse,
  myScheduleResponse,
  respondLinkResponse,
  serviceResponse,
  servicesResponse,
  teamResponse,
  teamsResponse,
  type CreateServiceRequest,
  type RespondRequest,
  type TeamRequest,
} from '@church/contract/services';
import { api } from '../../lib/api-client';

export const serviceKeys = { all: ['services'] as const, teams: ['teams'] as const, mine: ['my-schedule'] as const };

export const servicesQuery = (range: { from?: string; to?: string } = {}) =>
  queryOptions({
    queryKey: [...serviceKeys.all, 'list', range] as const,
    queryFn: () => api('/services', { query: range, schema: servicesResponse }).then((r) => r.data.services),
  });
export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: [...serviceKeys.all, 'one', id] as const,
    queryFn: () => api(`/services/${id}`, { schema: serviceResponse }).then((r) => r.data.service),
  });
export const matrixQuery = (from: string | undefined, weeks: number) =>
  queryOptions({
    queryKey: [...serviceKeys.all, 'matrix', from, weeks] as const,
    queryFn: () => api('/services/matrix', { query: { from, weeks }, schema: matrixResponse }).then((r) => r.data),
  });
export const teamsQuery = () =>
  queryOptions({ queryKey: serviceKeys.teams, queryFn: () => api('/teams', { schema: teamsResponse }).then((r) => r.data.teams) });
export const myScheduleQuery = () =>
  queryOptions({ queryKey: serviceKeys.mine, queryFn: () => api('/me/schedule', { schema: myScheduleResponse }).then((r) => r.data) });
export const candidatesQuery = (assignmentId: string) =>
  queryOptions({
    queryKey: [...serviceKeys.mine, 'candidates', assignmentId] as const,
    queryFn: () => api(`/assignments/${assignmentId}/candidates`, { schema: candidatesResponse }).then((r) => r.data.candidates),
  });
export const respondLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['serve-link', token] as const,
    queryFn: () => api(`/schedule/respond/${encodeURIComponent(token)}`, { schema: respondLinkResponse }).then((r) => r.data),
    retry: false,
  });

/** Every write here changes what the lists, the matrix and My schedule show: refresh them all. */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: serviceKeys.all });
      void qc.invalidateQueries({ queryKey: serviceKeys.teams });
      void qc.invalidateQueries({ queryKey: serviceKeys.mine });
    },
  });
}

export const useCreateService = () =>
  useWrite((body: CreateServiceRequest) => api('/services', { method: 'POST', body, schema: serviceResponse }).then((r) => r.data.service));
export const useUpdateService = () =>
  useWrite(({ id, body }: { id: string; body: Record<string, unknown> }) =>
    api(`/services/${id}`, { method: 'PUT', body, schema: serviceResponse }),
  );
export const useDeleteService = () => useWrite((id: string) => api(`/services/${id}`, { method: 'DELETE', schema: messageResponse }));
export const useSaveItems = () =>
  useWrite(({ id, items }: { id: string; items: { kind: string; title: string; minutes: number; notes?: string }[] }) =>
    api(`/services/${id}/items`, { method: 'PUT', body: { items }, schema: serviceResponse }),
  );
export const useUploadAttachment = () =>
  useWrite(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api(`/services/${id}/attachments`, { method: 'POST', body: form, schema: serviceResponse });
  });
export const useDeleteAttachment = () =>
  useWrite(({ id, fileId }: { id: string; fileId: string }) =>
    api(`/services/${id}/attachments/${fileId}`, { method: 'DELETE', schema: messageResponse }),
  );
export const useSaveTeam = () =>
  useWrite(({ id, body }: { id?: string; body: TeamRequest }) =>
    api(id ? `/teams/${id}` : '/teams', { method: id ? 'PUT' : 'POST', body, schema: teamResponse }).then((r) => r.data.team),
  );
export const useDeleteTeam = () => useWrite((id: string) => api(`/teams/${id}`, { method: 'DELETE', schema: messageResponse }));
export const useSchedule = () =>
  useWrite(({ serviceId, positionId, userId }: { serviceId: string; positionId: string; userId: string }) =>
    api(`/services/${serviceId}/assignments`, { method: 'POST', body: { positionId, userId }, schema: assignmentResponse }),
  );
export const useRemoveAssignment = () =>
  useWrite((id: string) => api(`/assignments/${id}`, { method: 'DELETE', schema: assignmentResponse }));
export const useRespond = () =>
  useWrite(({ id, body }: { id: string; body: RespondRequest }) =>
    api(`/assignments/${id}/respond`, { method: 'POST', body, schema: assignmentResponse }),
  );
export const useSwap = () =>
  useWrite(({ id, userId }: { id: string; userId: string }) =>
    api(`/assignments/${id}/swap`, { method: 'POST', body: { userId }, schema: assignmentResponse }),
  );
export const useAddBlockout = () =>
  useWrite((body: { startsOn: string; endsOn: string; reason?: string }) =>
    api('/me/blockouts', { method: 'POST', body, schema: blockoutResponse }),
  );
export const useRemoveBlockout = () => useWrite((id: string) => api(`/me/blockouts/${id}`, { method: 'DELETE', schema: messageResponse }));
export const useRotateFeed = () =>
  useWrite(() => api('/me/calendar-feed', { method: 'POST', schema: calendarFeedResponse }).then((r) => r.data.url));
export const useRevokeFeed = () => useWrite(() => api('/me/calendar-feed', { method: 'DELETE', schema: messageResponse }));
export const useRespondByLink = () =>
  useMutation({
    mutationFn: ({ token, body }: { token: string; body: RespondRequest }) =>
      api(`/schedule/respond/${encodeURIComponent(token)}`, { method: 'POST', body, schema: assignmentResponse, skipAuthRedirect: true }),
  });
