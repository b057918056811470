import { z } from 'zod';
import { entityIds } from './http';
import { memberSummarySchema } from './members';

export const REGISTRATION_STATUSES = ['registered', 'waitlisted'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const MAX_GUESTS = 20;

export const registrationSchema = z.object({
  ...entityIds,
  eventId: z.string(),
  userId: z.string(),
  status: z.enum(REGISTRATION_STATUSES).describe("'registered' holds a place; 'waitlisted' waits in order for one"),
  guests: z.number().int().describe('People coming with the member (the party is 1 + guests)'),
  createdAt: z.string(),
});

/** POST /events/{id}/register: the body is optional; guests count against the event's maximum. */
export const registerForEventRequest = z
  .object({
    guests: z
      .number({ error: 'Guests must be a number' })
      .int('Guests must be a whole number')
      .min(0, 'Guests cannot be negative')
      .max(MAX_GUESTS, `You can bring at most ${MAX_GUESTS} guests`)
      .default(0),
  })
  .nullish()
  .transform((v) => v ?? { guests: 0 });

/** POST /events/{id}/register: 201 the first time, 200 when already registered or waiting (idempotent). */
export const registerForEventResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    registration: registrationSchema.extend({
      waitlistPosition: z.number().int().nullable().describe('1 = next to move up; null when registered'),
    }),
    event: z.object({
      ...entityIds,
      attendeesCount: z.number().int(),
      waitlistCount: z.number().int(),
      registered: z.boolean(),
      waitlisted: z.boolean(),
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
      waitlistCount: z.number().int(),
      registered: z.literal(false),
      waitlisted: z.literal(false),
      maxAttendees: z.number().int().nullable(),
    }),
  }),
});

const registrationWithUser = registrationSchema.extend({ user: memberSummarySchema.extend({ phone: z.string().nullable() }) });
export const eventRegistrationsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    registrations: z.array(registrationWithUser),
    waitlist: z.array(registrationWithUser).describe('Waiting for a place, first in line first'),
    total: z.number().int().describe('Registrations holding a place (waiting ones not counted)'),
    maxAttendees: z.number().int().nullable(),
  }),
});

export const EVENT_FULL_MESSAGE = 'This event is full. No more places are available.';
export const EVENT_PAST_MESSAGE = 'This event has already taken place.';
export const REGISTRATION_CANCELLED_MESSAGE = 'Your registration has been cancelled';
export const NOT_REGISTERED_MESSAGE = 'You are not registered for this event';
export const CANCEL_PAST_MESSAGE = 'This event has already taken place; its registrations can no longer be cancelled.';
export const REGISTERED_MESSAGE = 'Successfully registered for event!';
export const WAITLISTED_MESSAGE = (position: number) =>
  `This event is full: you are on the waiting list (number ${position}). We will tell you when a place opens.`;
export const EVENT_CANCELLED_MESSAGE = 'This event has been cancelled.';
export const REGISTRATIONS_CLOSED_MESSAGE = 'Registrations for this event are closed.';
export const PARTY_TOO_LARGE_MESSAGE = (places: number) =>
  `Your party is larger than the event's ${places} ${places === 1 ? 'place' : 'places'}; bring fewer guests.`;
export const LEFT_WAITLIST_MESSAGE = 'You have left the waiting list';
