import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { preferencesResponse, type PreferencesUpdateRequest } from '@church/contract/consents';
import { api } from '../../../lib/api-client';

export const preferencesQuery = () =>
  queryOptions({
    queryKey: ['members', 'preferences'] as const,
    queryFn: () => api('/members/preferences', { schema: preferencesResponse }).then((r) => r.data.preferences),
  });

export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesUpdateRequest) =>
      api('/members/preferences', { method: 'PUT', body, schema: preferencesResponse.extend({ message: z.string() }) }),
    onSuccess: (res) => qc.setQueryData(preferencesQuery().queryKey, res.data.preferences),
  });
}
