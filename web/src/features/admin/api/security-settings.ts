import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { securitySettingsResponse, type SecuritySettings } from '@church/contract/security-settings';
import { api } from '../../../lib/api-client';

const key = ['admin', 'security-settings'] as const;

export const securitySettingsQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: () => api('/admin/security-settings', { schema: securitySettingsResponse }).then((r) => r.data.settings),
  });

/** PUT /admin/security-settings: only the fields sent change; the server audits each change. */
export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<SecuritySettings>) =>
      api('/admin/security-settings', { method: 'PUT', body: change, schema: securitySettingsResponse }).then((r) => r.data.settings),
    onSuccess: (settings) => client.setQueryData(key, settings),
  });
}
