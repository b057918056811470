import { queryOptions } from '@tanstack/react-query';
import { announcementsResponse } from '@church/contract/announcements';
import { preparationResponse, preparationsResponse } from '@church/contract/sermon-preparations';
import { sermonsResponse } from '@church/contract/sermons';
import { api } from '../../../lib/api-client';

export const manageSermonsQuery = queryOptions({
  queryKey: ['sermons', 'manage'] as const,
  queryFn: ({ signal }) => api('/sermons/all', { signal, query: { limit: 100 }, schema: sermonsResponse }).then((r) => r.data),
});

export const preparationsQuery = queryOptions({
  queryKey: ['sermon-preparations'] as const,
  queryFn: ({ signal }) => api('/sermons/preparations', { signal, schema: preparationsResponse }).then((r) => r.data.preparations),
});

export const preparationQuery = (id: string) =>
  queryOptions({
    queryKey: ['sermon-preparations', id] as const,
    queryFn: ({ signal }) => api(`/sermons/preparations/${id}`, { signal, schema: preparationResponse }).then((r) => r.data.preparation),
  });

export const announcementsQuery = queryOptions({
  queryKey: ['announcements', 'all'] as const,
  queryFn: ({ signal }) => api('/announcements', { signal, schema: announcementsResponse }).then((r) => r.data.announcements),
});
