import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  checkinResponse,
  familiesResponse,
  familyResponse,
  kioskCreatedResponse,
  kiosksResponse,
  kioskSessionResponse,
  printerResponse,
  printersResponse,
  printJobsResponse,
  printResponse,
  releaseResponse,
  roomResponse,
  roomsResponse,
  tagLookupResponse,
  type CheckinRequest,
  type FamilyRequest,
} from '@church/contract/checkin';
import { messageResponse } from '@church/contract/http';
import { api } from '../../lib/api-client';

export const checkinKeys = { all: ['checkin'] as const };

export const todayQuery = () =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'today'] as const,
    queryFn: () => api('/checkin/today', { schema: kioskSessionResponse }).then((r) => r.data),
  });
export const familiesSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'families', q] as const,
    queryFn: () => api('/checkin/families', { query: { q }, schema: familiesResponse }).then((r) => r.data.families),
    enabled: q.length >= 2,
  });
export const familyQuery = (id: string, serviceId: string | undefined) =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'family', id, serviceId] as const,
    queryFn: () => api(`/checkin/families/${id}`, { query: { serviceId }, schema: familyResponse }).then((r) => r.data.family),
  });
export const roomsQuery = () =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'rooms'] as const,
    queryFn: () => api('/checkin/rooms', { schema: roomsResponse }).then((r) => r.data.rooms),
  });
export const printersQuery = () =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'printers'] as const,
    queryFn: () => api('/checkin/printers', { schema: printersResponse }).then((r) => r.data.printers),
  });
export const kiosksQuery = () =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'kiosks'] as const,
    queryFn: () => api('/checkin/kiosks', { schema: kiosksResponse }).then((r) => r.data.kiosks),
  });
export const printJobsQuery = () =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'jobs'] as const,
    queryFn: () => api('/checkin/print-jobs', { query: { failed: 'true' }, schema: printJobsResponse }).then((r) => r.data.jobs),
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: checkinKeys.all }) });
}

export const useStationCheckin = () =>
  useWrite((body: CheckinRequest & { printerId: string | null }) =>
    api('/checkin/checkins', { method: 'POST', body, schema: checkinResponse }).then((r) => r.data),
  );
export const useSaveFamily = (serviceId?: string) =>
  useWrite(({ id, body }: { id?: string; body: FamilyRequest }) =>
    api(id ? `/checkin/families/${id}` : '/checkin/families', {
      method: id ? 'PUT' : 'POST',
      query: { serviceId },
      body,
      schema: familyResponse,
    }).then((r) => r.data.family),
  );
export const tagQuery = (code: string, serviceId: string) =>
  queryOptions({
    queryKey: [...checkinKeys.all, 'tag', code, serviceId] as const,
    queryFn: () =>
      api(`/checkin/tags/${encodeURIComponent(code)}`, { query: { serviceId }, schema: tagLookupResponse }).then((r) => r.data),
    retry: false,
  });
export const useRelease = () =>
  useWrite((body: { serviceId: string; code?: string; collectorId?: string; familyId?: string; childIds?: string[] }) =>
    api('/checkin/release', { method: 'POST', body, schema: releaseResponse }),
  );
export const useReprintJob = () =>
  useWrite(({ id, printerId }: { id: string; printerId?: string }) =>
    api(`/checkin/print-jobs/${id}/reprint`, { method: 'POST', body: { printerId }, schema: printResponse }),
  );
export const useSaveRoom = () =>
  useWrite(({ id, body }: { id?: string; body: Record<string, unknown> }) =>
    api(id ? `/checkin/rooms/${id}` : '/checkin/rooms', { method: id ? 'PUT' : 'POST', body, schema: roomResponse }),
  );
export const useDeleteRoom = () => useWrite((id: string) => api(`/checkin/rooms/${id}`, { method: 'DELETE', schema: messageResponse }));
export const useSavePrinter = () =>
  useWrite(({ id, body }: { id?: string; body: { name: string; host: string; port: number } }) =>
    api(id ? `/checkin/printers/${id}` : '/checkin/printers', { method: id ? 'PUT' : 'POST', body, schema: printerResponse }),
  );
export const useDeletePrinter = () =>
  useWrite((id: string) => api(`/checkin/printers/${id}`, { method: 'DELETE', schema: messageResponse }));
export const useTestPrint = () => useWrite((id: string) => api(`/checkin/printers/${id}/test`, { method: 'POST', schema: printResponse }));
export const useCreateKiosk = () =>
  useWrite((body: { name: string; printerId: string | null }) =>
    api('/checkin/kiosks', { method: 'POST', body, schema: kioskCreatedResponse }).then((r) => r.data),
  );
export const useRevokeKiosk = () => useWrite((id: string) => api(`/checkin/kiosks/${id}`, { method: 'DELETE', schema: messageResponse }));
