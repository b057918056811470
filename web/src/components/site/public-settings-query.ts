import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { publicSettingsResponse } from '@church/contract/settings';
import { apiAs } from '../../lib/api-client';

/** GET /settings/public: the church's public details, map tile URL and home figures. Shared by every public page. */
export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'] as const,
  queryFn: () => apiAs<z.output<typeof publicSettingsResponse>>('/settings/public').then((r) => r.data),
  staleTime: 5 * 60_000,
});
