import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiKeysResponse,
  createdApiKeyResponse,
  plansResponse,
  verifyApiKeyResponse,
  type CreateApiKeyRequest,
} from '@church/contract/developers';
import { developerAnalyticsResponse } from '@church/contract/developer-analytics';
import { messageResponse } from '@church/contract/http';
import { api } from '../../../lib/api-client';

export const devKeys = { keys: ['developers', 'api-keys'] as const, analytics: ['developers', 'analytics'] as const };

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: devKeys.keys,
    queryFn: () => api('/developers/api-keys', { schema: apiKeysResponse }).then((r) => r.data.apiKeys),
  });

export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: () => api('/pricing/plans', { schema: plansResponse }).then((r) => r.data),
    staleTime: 3_600_000,
  });

/** Spec 002 §7.11: GET /api/plans as a connection test, timed; never cached (each test asks the server again). */
export async function testApiConnection(): Promise<{ ms: number; plans: number }> {
  const started = performance.now();
  const res = await api('/plans', { schema: plansResponse });
  return { ms: Math.round(performance.now() - started), plans: res.data.plans.length };
}

export const developerAnalyticsQuery = (range: '7d' | '30d' | '90d') =>
  queryOptions({
    queryKey: [...devKeys.analytics, range],
    queryFn: () => api('/developers/analytics', { query: { range }, schema: developerAnalyticsResponse }).then((r) => r.data),
  });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      api('/developers/api-keys', { method: 'POST', body, schema: createdApiKeyResponse }).then((r) => r.data.apiKey),
    onSuccess: () => qc.invalidateQueries({ queryKey: devKeys.keys }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/developers/api-keys/${id}`, { method: 'DELETE', schema: messageResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: devKeys.keys }),
  });
}

export const verifyApiKey = (apiKey: string) =>
  api('/developers/verify-key', { method: 'POST', body: { apiKey }, schema: verifyApiKeyResponse, skipAuthRedirect: true });

/** API Key Login keeps the key in this browser only, for the docs' try-it panel. */
const STORED_KEY = 'developerApiKey';
export const storedApiKey = {
  get: () => (typeof window === 'undefined' ? '' : (window.sessionStorage.getItem(STORED_KEY) ?? '')),
  set: (key: string) => window.sessionStorage.setItem(STORED_KEY, key),
  clear: () => window.sessionStorage.removeItem(STORED_KEY),
};
