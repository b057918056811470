import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { eventsResponse } from '@church/contract/events';
import { type sermonsResponse } from '@church/contract/sermons';
import { HOME_SERMON_COUNT } from '@church/contract/sermons-constants';
import { apiAs } from '../../../lib/api-client';

/** Spec 000 §9: up to three upcoming events on the home page. */
export const HOME_EVENT_COUNT = 3;

export const upcomingEventsQuery = queryOptions({
  queryKey: ['events', 'list', { when: 'upcoming', limit: HOME_EVENT_COUNT }] as const,
  queryFn: () =>
    apiAs<z.output<typeof eventsResponse>>('/events', { query: { when: 'upcoming', limit: HOME_EVENT_COUNT } }).then((r) => r.data),
});

export const recentSermonsQuery = queryOptions({
  queryKey: ['sermons', 'public', { limit: HOME_SERMON_COUNT }] as const,
  queryFn: () =>
    apiAs<z.output<typeof sermonsResponse>>('/sermons/public', { query: { limit: HOME_SERMON_COUNT } }).then((r) => r.data.sermons),
});
