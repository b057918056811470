import { z } from 'zod';
import { entityIds } from './http';
import { EMAIL_MAX, EMAIL_PATTERN } from './rules/email';
import { optionalPhoneField } from './rules/phone-schema';
import { HOW_HEARD, VISITOR_INTERESTS, VISITOR_STATUSES, RECENT_VISITORS_DEFAULT } from './visitors-constants';
export * from './visitors-constants';

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be 50 characters or less`);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** 2026-02-31 parses in JavaScript (it rolls over), so check the day survives a round trip. */
function isRealDay(d: string) {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
}

export const createVisitorRequest = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, { error: 'Please enter a valid email address', abort: true })
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  phone: optionalPhoneField(),
  firstVisitDate: z
    .string()
    .max(10, { error: 'First visit date must look like 2026-03-01', abort: true })
    .regex(isoDay, 'First visit date must look like 2026-03-01')
    .refine(isRealDay, 'First visit date is not a real date')
    .optional()
    .describe('YYYY-MM-DD; today when omitted'),
  howHeard: z.enum(HOW_HEARD, { error: `How you heard must be one of: ${HOW_HEARD.join(', ')}` }).optional(),
  interests: z
    .array(z.enum(VISITOR_INTERESTS, { error: 'Please choose interests from the list' }))
    .max(VISITOR_INTERESTS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type CreateVisitorRequest = z.input<typeof createVisitorRequest>;

export const visitorSchema = z.object({
  ...entityIds,
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  firstVisitDate: z.string(),
  howHeard: z.enum(HOW_HEARD).nullable(),
  interests: z.array(z.string()),
  status: z.enum(VISITOR_STATUSES),
  /** Follow-up (issue 10): the leader it is assigned to, a note, a follow-up date, the member made from it. */
  assignedTo: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  note: z.string().nullable().optional(),
  followUpOn: z.string().nullable().optional(),
  memberId: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Visitor = z.infer<typeof visitorSchema>;

/** The public registration answer carries only what the visitor sent back to them. */
export const visitorCreatedResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    visitor: visitorSchema.pick({ _id: true, id: true, firstName: true, lastName: true, firstVisitDate: true, createdAt: true }),
  }),
});

export const visitorStatsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ totalVisitors: z.number().int(), newThisMonth: z.number().int() }),
});

export const recentVisitorsQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be 100 or less').default(RECENT_VISITORS_DEFAULT),
});
export const recentVisitorsResponse = z.object({ status: z.literal('success'), data: z.object({ visitors: z.array(visitorSchema) }) });

export const visitorStatusRequest = z.object({
  status: z.enum(VISITOR_STATUSES, { error: `Status must be one of: ${VISITOR_STATUSES.join(', ')}` }),
});
export const visitorResponse = z.object({ status: z.literal('success'), data: z.object({ visitor: visitorSchema }) });

/** GET /visitors (leaders): the follow-up list, newest first, with the leaders one can assign. */
export const visitorsListQuery = z.object({
  status: z.enum(VISITOR_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be 100 or less').default(20),
});
export const visitorsListResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    visitors: z.array(visitorSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
    leaders: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});

const isoDayOrNull = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (isoDay.test(v) && isRealDay(v)), 'Follow-up date must be a date (YYYY-MM-DD)');

/** PATCH /visitors/{id}: status, assignee, note and follow-up date — any of them. */
export const visitorUpdateRequest = z.object({
  status: z.enum(VISITOR_STATUSES, { error: `Status must be one of: ${VISITOR_STATUSES.join(', ')}` }).optional(),
  assignedTo: z.string().uuid('That leader id is not valid').nullable().optional(),
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').nullish(),
  followUpOn: isoDayOrNull.optional(),
});
export type VisitorUpdateRequest = z.input<typeof visitorUpdateRequest>;

export const VISITOR_TEXTS = {
  updated: 'Visitor updated',
  updateFailed: 'Failed to update visitor',
  converted: (name: string) => `${name} is now a member`,
  convertFailed: 'Failed to convert visitor',
  loadFailed: 'Failed to load visitors',
  leaderNotFound: 'That leader was not found',
} as const;
