import { z } from 'zod';
import { entityIds } from './http';

/**
 * Sunday (issue 33): services with their plan (order of service, notes,
 * attachments), teams with positions, and the roster (who serves where).
 */
export const SERVICE_ITEM_KINDS = ['song', 'reading', 'sermon', 'announcements', 'prayer', 'offering', 'other'] as const;
export type ServiceItemKind = (typeof SERVICE_ITEM_KINDS)[number];
export const SERVICE_TIME_DAYS = ['sunday', 'wednesday', 'friday', 'saturday'] as const;

/** pending: asked, no answer yet; declined and swapped stay on the record so leaders see them. */
export const ASSIGNMENT_STATUSES = ['pending', 'accepted', 'declined', 'swapped', 'removed'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
/** An assignment that holds its place (counts as filled or asked). */
export const HOLDING_STATUSES: readonly AssignmentStatus[] = ['pending', 'accepted'];

export const SERVICE_LIMITS = {
  titleMax: 120,
  notesMax: 4000,
  itemsMax: 60,
  itemTitleMax: 200,
  itemMinutesMax: 240,
  reasonMax: 500,
  teamNameMax: 80,
  positionsMax: 40,
  /** Weeks shown by the leaders' matrix at most. */
  matrixWeeksMax: 26,
  attachmentMaxBytes: 20 * 1024 * 1024,
  attachmentsMax: 20,
  /** Days before the service when the unconfirmed are reminded. */
  reminderDays: 3,
  defaultMaxWeeksRunning: 3,
} as const;

export const SERVICE_TEXTS = {
  created: 'Service created',
  updated: 'Service updated',
  deleted: 'Service deleted',
  planSaved: 'Order of service saved',
  scheduled: (name: string) => `${name} has been asked to serve`,
  accepted: 'Thank you — you are serving',
  declined: 'You declined. Your leader has been told',
  swapped: (name: string) => `${name} has been asked to take your place`,
  notQualified: 'This person is not on the team for that position. Add them to the team first.',
  blockedOut: (name: string) => `${name} is away that day (blockout date)`,
  alreadyServing: (name: string) => `${name} is already serving in this service`,
  tooManyWeeks: (name: string, n: number) => `${name} would serve more than ${n} weeks running. Choose someone else.`,
  notPending: 'This request has already been answered',
  notYours: 'This request is not yours to answer',
  notFree: 'That person is not free to serve that day',
  serviceInPast: 'This service is over',
  feedRevoked: 'Calendar link revoked: the old link no longer works',
  loadFailed: 'Failed to load services',
  scheduleLoadFailed: 'Failed to load your schedule',
  noServices: 'No services planned in these weeks',
  gap: 'Unfilled',
} as const;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();
export const localDate = z
  .string({ error: 'Date is required' })
  .max(10, { error: 'Date must look like 2026-03-01', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must look like 2026-03-01')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'That date does not exist',
  );
export const localTime = z
  .string()
  .max(5, { error: 'Time must look like 09:30', abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must look like 09:30');
const uuid = (what: string) => z.string().uuid(`That ${what} id is not valid`);

// ---- services and plans ----

export const serviceItemSchema = z.object({
  ...entityIds,
  kind: z.enum(SERVICE_ITEM_KINDS),
  title: z.string(),
  minutes: z.number().int(),
  notes: z.string().nullable(),
  startsAtOffset: z.number().int().describe('Minutes from the start of the service when this item begins'),
});
export const attachmentSchema = z.object({
  ...entityIds,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});

export const assignmentSchema = z.object({
  ...entityIds,
  serviceId: z.string(),
  positionId: z.string(),
  positionName: z.string(),
  teamName: z.string(),
  person: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(ASSIGNMENT_STATUSES),
  reason: z.string().nullable().describe('Why the person declined'),
  proposedSubstitute: z.object({ id: z.string(), name: z.string() }).nullable(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const serviceSummarySchema = z.object({
  ...entityIds,
  title: z.string(),
  date: z.string().describe('Local date in the church time zone'),
  time: z.string().describe('Local start time, HH:MM'),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  source: z.enum(['service-times', 'one-off']),
  needed: z.number().int().describe('Places to fill across all positions'),
  accepted: z.number().int(),
  pending: z.number().int(),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const serviceDetailSchema = serviceSummarySchema.extend({
  notes: z.string().nullable(),
  items: z.array(serviceItemSchema),
  attachments: z.array(attachmentSchema),
  assignments: z.array(assignmentSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const servicesQuery = z.object({ from: localDate.optional(), to: localDate.optional() });
export const createServiceRequest = z
  .object({
    title: text(SERVICE_LIMITS.titleMax, 'Title').optional(),
    date: localDate,
    time: localTime.optional().describe('Start time; without it, the time of the service-times day given'),
    serviceTimesDay: z.enum(SERVICE_TIME_DAYS).optional().describe("Take the time (and title) from the church's service times"),
    durationMinutes: z.number().int().min(10).max(720).default(90),
    notes: optionalText(SERVICE_LIMITS.notesMax, 'Notes'),
  })
  .refine((b) => b.time || b.serviceTimesDay, { message: 'Give a time or choose one of the service times', path: ['time'] });
export type CreateServiceRequest = z.input<typeof createServiceRequest>;
export const updateServiceRequest = z.object({
  title: text(SERVICE_LIMITS.titleMax, 'Title').optional(),
  date: localDate.optional(),
  time: localTime.optional(),
  durationMinutes: z.number().int().min(10).max(720).optional(),
  notes: z
    .string()
    .trim()
    .max(SERVICE_LIMITS.notesMax, `Notes must be at most ${SERVICE_LIMITS.notesMax} characters`)
    .nullable()
    .optional(),
});
export const planItemsRequest = z.object({
  items: z
    .array(
      z.object({
        kind: z.enum(SERVICE_ITEM_KINDS, { error: `Kind must be one of: ${SERVICE_ITEM_KINDS.join(', ')}` }),
        title: text(SERVICE_LIMITS.itemTitleMax, 'Item title'),
        minutes: z
          .number()
          .int()
          .min(0)
          .max(SERVICE_LIMITS.itemMinutesMax, `An item lasts at most ${SERVICE_LIMITS.itemMinutesMax} minutes`),
        notes: optionalText(1000, 'Item notes'),
      }),
    )
    .max(SERVICE_LIMITS.itemsMax, `A plan holds at most ${SERVICE_LIMITS.itemsMax} items`),
});

export const servicesResponse = z.object({ status: z.literal('success'), data: z.object({ services: z.array(serviceSummarySchema) }) });
export const serviceResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ service: serviceDetailSchema }),
});

// ---- teams ----

export const positionSchema = z.object({
  ...entityIds,
  name: z.string(),
  needed: z.number().int(),
  members: z.array(z.object({ id: z.string(), name: z.string() })).describe('Who is qualified for this position'),
});
export const teamSchema = z.object({
  ...entityIds,
  name: z.string(),
  maxWeeksRunning: z.number().int(),
  positions: z.array(positionSchema),
});
export type Team = z.infer<typeof teamSchema>;
export const teamRequest = z.object({
  name: text(SERVICE_LIMITS.teamNameMax, 'Team name'),
  maxWeeksRunning: z.number().int().min(1).max(52).default(SERVICE_LIMITS.defaultMaxWeeksRunning),
  positions: z
    .array(
      z.object({
        id: uuid('position').optional().describe('Keep an existing position (its roster stays)'),
        name: text(SERVICE_LIMITS.teamNameMax, 'Position name'),
        needed: z.number().int().min(1).max(20).default(1),
        memberIds: z.array(uuid('member')).max(500).default([]),
      }),
    )
    .min(1, 'A team needs at least one position')
    .max(SERVICE_LIMITS.positionsMax),
});
export type TeamRequest = z.input<typeof teamRequest>;
export const teamsResponse = z.object({ status: z.literal('success'), data: z.object({ teams: z.array(teamSchema) }) });
export const teamResponse = z.object({ status: z.literal('success'), data: z.object({ team: teamSchema }) });

// ---- scheduling ----

export const scheduleRequest = z.object({ positionId: uuid('position'), userId: uuid('person') });
export const respondRequest = z.object({
  response: z.enum(['accept', 'decline'], { error: 'Answer accept or decline' }),
  reason: optionalText(SERVICE_LIMITS.reasonMax, 'Reason'),
  substituteId: uuid('substitute').optional().describe('Someone on the team who could serve instead'),
});
export type RespondRequest = z.input<typeof respondRequest>;
export const swapRequest = z.object({ userId: uuid('person') });
export const assignmentResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ assignment: assignmentSchema }),
});
export const candidatesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ candidates: z.array(z.object({ id: z.string(), name: z.string() })) }),
});

// ---- my schedule ----

export const myAssignmentSchema = assignmentSchema.extend({
  service: z.object({ id: z.string(), title: z.string(), date: z.string(), time: z.string(), startsAt: z.string() }),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;
export const blockoutSchema = z.object({ ...entityIds, startsOn: z.string(), endsOn: z.string(), reason: z.string().nullable() });
export type Blockout = z.infer<typeof blockoutSchema>;
export const blockoutRequest = z
  .object({ startsOn: localDate, endsOn: localDate, reason: optionalText(200, 'Reason') })
  .refine((b) => b.endsOn >= b.startsOn, { message: 'The last day must be on or after the first', path: ['endsOn'] });
export const myScheduleResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    assignments: z.array(myAssignmentSchema),
    blockouts: z.array(blockoutSchema),
    calendarFeed: z.boolean().describe('Whether a personal calendar link is active'),
  }),
});
export const blockoutResponse = z.object({ status: z.literal('success'), data: z.object({ blockout: blockoutSchema }) });
export const calendarFeedResponse = z.object({
  status: z.literal('success'),
  data: z.object({ url: z.string().describe('Personal, signed iCal link; anyone holding it sees what you serve') }),
});

/** A one-tap answer from an e-mail: what the signed link is about (no sign-in). */
export const respondLinkResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    personName: z.string(),
    positionName: z.string(),
    teamName: z.string(),
    service: z.object({ title: z.string(), date: z.string(), time: z.string() }),
    status: z.enum(ASSIGNMENT_STATUSES),
  }),
});

// ---- the leaders' matrix ----

export const matrixQuery = z.object({
  from: localDate.optional(),
  weeks: z.coerce.number().int().min(1).max(SERVICE_LIMITS.matrixWeeksMax, `At most ${SERVICE_LIMITS.matrixWeeksMax} weeks`).default(8),
});
export const matrixResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    services: z.array(serviceSummarySchema),
    positions: z.array(z.object({ id: z.string(), name: z.string(), teamId: z.string(), teamName: z.string(), needed: z.number().int() })),
    assignments: z.array(assignmentSchema).describe('Holding assignments (pending and accepted) and declines of these services'),
  }),
});
