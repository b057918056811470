import { queryOptions } from '@tanstack/react-query';
import { settingsResponse } from '@church/contract/settings';
import { api } from '../../../lib/api-client';

/** GET /settings: the whole document the editor changes (admin-type roles). */
export const churchSettingsQuery = queryOptions({
  queryKey: ['settings', 'full'] as const,
  queryFn: ({ signal }) => api('/settings', { signal, schema: settingsResponse }).then((r) => r.data.settings),
});
