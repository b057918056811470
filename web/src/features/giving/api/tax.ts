import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  certificatesResponse,
  deliverabilityResponse,
  donorTaxProfileResponse,
  certificateRunResponse,
  certificateRunsResponse,
  givingSettingsResponse,
  type DonorTaxProfileInput,
  type GivingSettings,
} from '@church/contract/giving-tax';
import { messageResponse } from '@church/contract/http';
import { api } from '../../../lib/api-client';

const key = ['giving-tax'] as const;
export const taxSettingsQuery = () =>
  queryOptions({
    queryKey: [...key, 'settings'],
    queryFn: () => api('/giving/tax-settings', { schema: givingSettingsResponse }).then((r) => r.data.settings),
  });
export const certificatesQuery = (taxYear: number) =>
  queryOptions({
    queryKey: [...key, 'list', taxYear],
    queryFn: () => api('/giving/certificates', { query: { taxYear }, schema: certificatesResponse }).then((r) => r.data.certificates),
  });
export const myCertificatesQuery = () =>
  queryOptions({
    queryKey: [...key, 'mine'],
    queryFn: () => api('/giving/certificates/mine', { schema: certificatesResponse }).then((r) => r.data.certificates),
  });
export const deliverabilityQuery = (taxYear: number) =>
  queryOptions({
    queryKey: [...key, 'deliverability', taxYear],
    queryFn: () => api('/giving/certificates/deliverability', { query: { taxYear }, schema: deliverabilityResponse }).then((r) => r.data),
  });

export function useSaveTaxSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: GivingSettings) => api('/giving/tax-settings', { method: 'PUT', body: s, schema: givingSettingsResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}
/** The tax year's certificate runs, newest first; asked again every second while the newest is unfinished. */
export const certificateRunsQuery = (taxYear: number) =>
  queryOptions({
    queryKey: [...key, 'runs', taxYear],
    queryFn: () => api('/giving/certificates/runs', { query: { taxYear }, schema: certificateRunsResponse }).then((r) => r.data.runs),
    refetchInterval: (q) => (['queued', 'running'].includes(q.state.data?.[0]?.status ?? '') ? 1000 : false),
  });
/** Issues the tax year's certificates on the job queue: answers at once with the run to follow. */
export function useRequestCertificates() {
  const qc = useQueryClient();
  return useMutation({
    /** `confirmRunningYear`: the treasurer confirmed issuing for a tax year that has not ended (else 409). */
    mutationFn: ({ taxYear, confirmRunningYear = false }: { taxYear: number; confirmRunningYear?: boolean }) =>
      api('/giving/certificates/runs', { method: 'POST', body: { taxYear, confirmRunningYear }, schema: certificateRunResponse }),
    onSuccess: (_r, { taxYear }) => void qc.invalidateQueries({ queryKey: [...key, 'runs', taxYear] }),
  });
}
/** A finished run changed the list and the deliverability of its tax year. */
export function useRunFinished() {
  const qc = useQueryClient();
  return useCallback(
    (taxYear: number) => {
      void qc.invalidateQueries({ queryKey: [...key, 'list', taxYear] });
      void qc.invalidateQueries({ queryKey: [...key, 'deliverability', taxYear] });
      void qc.invalidateQueries({ queryKey: [...key, 'mine'] });
    },
    [qc],
  );
}
export function useEmailCertificates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taxYear: number) => api('/giving/certificates/email', { method: 'POST', body: { taxYear }, schema: messageResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}

/** The signed-in person's tax details, or (with userId) a donor's, as the treasurer edits them. */
const detailsPath = (userId?: string) => (userId ? `/giving/donors/${userId}/tax-profile` : '/giving/tax-profile');
export const taxDetailsQuery = (userId?: string) =>
  queryOptions({
    queryKey: [...key, 'details', userId ?? 'me'],
    queryFn: () => api(detailsPath(userId), { schema: donorTaxProfileResponse }).then((r) => r.data),
  });
export function useSaveTaxDetails(userId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DonorTaxProfileInput) => api(detailsPath(userId), { method: 'PUT', body, schema: donorTaxProfileResponse }),
    // Deliverability and the member's own view both change.
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}
