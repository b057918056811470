import { queryOptions } from '@tanstack/react-query';
import { sermonResponse, sermonSeriesResponse, sermonsResponse } from '@church/contract/sermons';
import { type SermonMediaFilter } from '@church/contract/sermons-constants';
import { api } from '../../../lib/api-client';

export const SERMON_PAGE_SIZE = 12;

export interface SermonFilters {
  search: string;
  type: SermonMediaFilter;
  series: string | null;
  page: number;
}

export const sermonsQuery = (f: SermonFilters) =>
  queryOptions({
    queryKey: ['sermons', 'public', 'library', f] as const,
    queryFn: ({ signal }) =>
      api('/sermons/public', {
        signal,
        query: { search: f.search || undefined, type: f.type, series: f.series ?? undefined, page: f.page, limit: SERMON_PAGE_SIZE },
        schema: sermonsResponse,
      }).then((r) => r.data),
  });

export const seriesQuery = queryOptions({
  queryKey: ['sermons', 'series'] as const,
  queryFn: () => api('/sermons/series', { schema: sermonSeriesResponse }).then((r) => r.data.series),
  staleTime: 10 * 60_000,
});

/** Opening a sermon in the player counts a view and returns the fresh record. */
export const viewSermon = (id: string) => api(`/sermons/public/${id}`, { schema: sermonResponse }).then((r) => r.data.sermon);

/** One sermon for its own page; reading it counts the view once (not again on every re-render or refocus). */
export const sermonDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['sermons', 'public', 'detail', id] as const,
    queryFn: () => viewSermon(id),
    staleTime: Infinity,
  });
