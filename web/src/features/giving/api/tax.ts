import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  certificatesResponse,
  deliverabilityResponse,
  generateResponse,
  givingSettingsResponse,
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
export function useGenerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taxYear: number) => api('/giving/certificates/generate', { method: 'POST', body: { taxYear }, schema: generateResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}
export function useEmailCertificates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taxYear: number) => api('/giving/certificates/email', { method: 'POST', body: { taxYear }, schema: messageResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
}
