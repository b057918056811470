import { queryOptions } from '@tanstack/react-query';
import { membersListResponse } from '@church/contract/members';
import { api } from '../../../lib/api-client';

/** The church office picks a group's leader from the member directory (members:read). */
export const personLookupQuery = (q: string) =>
  queryOptions({
    queryKey: ['members', 'search', q] as const,
    queryFn: () => api('/members', { query: { q, limit: 10 }, schema: membersListResponse }).then((r) => r.data.members),
    staleTime: 30_000,
  });
