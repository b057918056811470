import { z } from 'zod';
import { entityIds } from './http';
import { EVENT_TYPES } from './events-constants';
import { eventSchema } from './events';

/** Spec 001 §5 Create event: title, date, time and type required; maxAttendees optional, at least 1. */
export const EVENT_TEXTS = {
  created: 'Event created successfully!',
  createFailed: 'Failed to create event',
  updated: 'Event updated successfully',
  updateFailed: 'Failed to update event',
  deleted: 'Event deleted successfully',
  deleteFailed: 'Failed to delete event',
  deleteConfirm: 'Are you sure you want to delete this event? This cannot be undone.',
  titleRequired: 'Title is required',
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  typeRequired: 'Type is required',
  maxAttendeesMin: 'Maximum attendees must be at least 1',
  deleteCounts: (registrations: number, checkIns: number) =>
    `Its ${registrations} ${registrations === 1 ? 'registration' : 'registrations'} and ${checkIns} ${checkIns === 1 ? 'check-in' : 'check-ins'} will be deleted with it. To keep them, cancel the event instead.`,
  cancelled: 'Event cancelled. Everyone registered has been told.',
  cancelFailed: 'Failed to cancel event',
  alreadyCancelled: 'This event is already cancelled',
  cancelConfirm:
    'Cancel this event? It stays listed as cancelled, its registrations and check-ins are kept, and everyone registered is told.',
  checkedIn: 'Checked in',
  checkInFailed: 'Failed to check in',
  /** Spec 002 §8 fallback for the stats call. */
  statsFailed: 'Failed to get event stats',
} as const;

/** Spec 001 §5 defaults: date today, time 10:00, type service. */
export const EVENT_FORM_DEFAULTS = { time: '10:00', type: 'service' as const };

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
const realDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /events and PUT /events/{id} (spec 002 §7.5). Dates are the church's local day and time. */
export const eventWriteRequest = z.object({
  title: z
    .string({ error: EVENT_TEXTS.titleRequired })
    .trim()
    .min(1, EVENT_TEXTS.titleRequired)
    .max(150, 'Title must be at most 150 characters'),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters').default(''),
  date: z
    .string({ error: EVENT_TEXTS.dateRequired })
    .trim()
    .min(1, EVENT_TEXTS.dateRequired)
    .max(10, { error: 'Date must look like 2026-03-01', abort: true })
    .regex(isoDay, 'Date must look like 2026-03-01')
    .refine(realDay, 'Date is not a real date'),
  time: z
    .string({ error: EVENT_TEXTS.timeRequired })
    .trim()
    .min(1, EVENT_TEXTS.timeRequired)
    .max(5, { error: 'Time must look like 10:00', abort: true })
    .regex(hhmm, 'Time must look like 10:00')
    .describe("'HH:MM' in the church's time zone"),
  endTime: z
    .string()
    .trim()
    .max(5, { error: 'End time must look like 12:00', abort: true })
    .regex(hhmm, 'End time must look like 12:00')
    .nullish()
    .transform((v) => v || null),
  location: optionalText(200, 'Location'),
  type: z.enum(EVENT_TYPES, { error: EVENT_TEXTS.typeRequired }),
  maxAttendees: z
    .number({ error: 'Maximum attendees must be a number' })
    .int('Maximum attendees must be a whole number')
    .min(1, EVENT_TEXTS.maxAttendeesMin)
    .max(100_000, 'Maximum attendees must be 100000 or less')
    .nullish()
    .transform((v) => v ?? null),
  category: optionalText(60, 'Category'),
  speaker: optionalText(100, 'Speaker'),
  registrationRequired: z.boolean().default(false),
  registrationsClosed: z.boolean().default(false).describe('Close registrations: nobody new may register or join the waiting list'),
  announce: z
    .boolean()
    .default(false)
    .describe('On create: tell members about the new event with an in-app notification (ignored on edit; the web form asks, ticked)'),
  announceByEmail: z
    .boolean()
    .default(false)
    .describe('On create: also e-mail members who agreed to e-mail from the church (ignored on edit)'),
});
export type EventWriteRequest = z.input<typeof eventWriteRequest>;

/** Spec 002 §7.5: POST /events answers with _id in data (the saved event rides beside it, as clients read it). */
export const eventSavedResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ ...entityIds, event: eventSchema }),
});

/** GET /events/stats (spec 002 §7.5): counts across every event, for the leaders' events page. */
export const eventStatsSchema = z.object({
  total: z.number().int().describe('Events on record'),
  upcoming: z.number().int().describe('Events not yet finished (end, or start without an end, is now or later)'),
  past: z.number().int().describe('Events that have finished'),
  registrations: z.number().int().describe('Registrations across every event'),
  checkIns: z.number().int().describe('People checked in across every event'),
  byType: z.record(z.string(), z.number().int()).describe('Events per type'),
});
export type EventStats = z.infer<typeof eventStatsSchema>;
export const eventStatsResponse = z.object({ status: z.literal('success'), data: eventStatsSchema });

/** One person on an event's check-in sheet: registered, checked in, or both (walk-ins). */
export const attendeeSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  registered: z.boolean(),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

export const attendanceResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    attendees: z.array(attendeeSchema),
    registeredCount: z.number().int(),
    waitlistedCount: z.number().int().describe('People on the waiting list (they are not on the sheet)'),
    checkedInCount: z.number().int(),
    maxAttendees: z.number().int().nullable(),
  }),
});

export const checkInRequest = z.object({
  userId: z.string({ error: 'Choose a person to check in' }).uuid('Choose a person to check in'),
});
export const attendanceParams = z.object({
  id: z.string().uuid('That id is not valid'),
  userId: z.string().uuid('That id is not valid'),
});
export const checkInResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    attendance: z.object({ ...entityIds, eventId: z.string(), userId: z.string(), checkedInAt: z.string() }),
    checkedInCount: z.number().int(),
  }),
});
export const checkOutResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ checkedInCount: z.number().int() }),
});

/** POST /events/{id}/cancel (issue 31): the event stays, marked cancelled; those registered are told. */
export const cancelEventRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .nullish()
    .transform((v) => v || null)
    .describe('Told to those registered'),
});
export type CancelEventRequest = z.input<typeof cancelEventRequest>;

/** DELETE /events/{id} (administrators): what went with the event. */
export const eventDeletedResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ registrations: z.number().int(), checkIns: z.number().int() }),
});
