import { z } from 'zod';
import { entityIds } from './http';
import { memberSummarySchema } from './members';

export const registrationSchema = z.object({
  ...entityIds,
  eventId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
});

/** POST /events/{id}/register: 201 the first time, 200 when already registered (idempotent). */
export const registerForEventResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    registration: registrationSchema,
    event: z.object({
      ...entityIds,
      attendeesCount: z.number().int(),
      registered: z.literal(true),
      maxAttendees: z.number().int().nullable(),
    }),
  }),
});

/** DELETE /events/{id}/register: the member's own registration is gone and the place is free again. */
export const cancelRegistrationResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    event: z.object({
      ...entityIds,
      attendeesCount: z.number().int(),
      registered: z.literal(false),
      maxAttendees: z.number().int().nullable(),
    }),
  }),
});

export const eventRegistrationsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    registrations: z.array(registrationSchema.extend({ user: memberSummarySchema.extend({ phone: z.string().nullable() }) })),
    total: z.number().int(),
    maxAttendees: z.number().int().nullable(),
  }),
});

export const EVENT_FULL_MESSAGE = 'This event is full. No more places are available.';
export const EVENT_PAST_MESSAGE = 'This event has already taken place.';
export const REGISTRATION_CANCELLED_MESSAGE = 'Your registration has been cancelled';
export const NOT_REGISTERED_MESSAGE = 'You are not registered for this event';
export const CANCEL_PAST_MESSAGE = 'This event has already taken place; its registrations can no longer be cancelled.';
