import { z } from 'zod';
import { entityIds, pageInfo } from './http';
import { EVENT_TYPES } from './events-constants';
export * from './events-constants';

export const eventSchema = z
  .object({
    ...entityIds,
    title: z.string(),
    description: z.string(),
    date: z.string().describe('ISO start time'),
    startDate: z.string().describe('Same as date (the spec reads both)'),
    endDate: z.string().nullable(),
    time: z.string().describe("'HH:MM' or empty for All Day"),
    location: z.string(),
    type: z.enum(EVENT_TYPES),
    category: z.string().nullable(),
    speaker: z.string().nullable(),
    maxAttendees: z.number().int().nullable(),
    registrationRequired: z.boolean(),
    attendance: z.number().int().nullable(),
    attendeesCount: z.number().int().describe('People registered to attend, guests included (what counts against maxAttendees)'),
    waitlistCount: z.number().int().describe('People on the waiting list, guests included'),
    registrationsClosed: z.boolean().describe('A leader closed registrations: nobody new may register'),
    cancelled: z.boolean().describe('The event was cancelled (it stays listed, marked cancelled)'),
    cancelledAt: z.string().nullable(),
    cancellationReason: z.string().nullable(),
    registered: z.boolean().optional().describe('Whether the signed-in caller holds a place (absent for anonymous callers)'),
    waitlisted: z.boolean().optional().describe('Whether the signed-in caller is on the waiting list (absent for anonymous callers)'),
    createdAt: z.string(),
  })
  .describe('Event');
export type ChurchEvent = z.infer<typeof eventSchema>;

/** Which events: anonymous callers always get upcoming (spec 002 §7.1). */
export const EVENT_WHEN = ['upcoming', 'past', 'all'] as const;

export const eventsQuery = z.object({
  when: z.enum(EVENT_WHEN, { error: 'when must be upcoming, past or all' }).optional(),
  type: z.enum(EVENT_TYPES, { error: `type must be one of: ${EVENT_TYPES.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be 100 or less').default(50),
});
export const eventsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ events: z.array(eventSchema), ...pageInfo }),
});
export const eventResponse = z.object({ status: z.literal('success'), data: z.object({ event: eventSchema }) });
