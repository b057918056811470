import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

/** Spec 001 §4: pending (also when empty), approved, rejected, answered. */
export const PRAYER_STATUSES = ['pending', 'approved', 'rejected', 'answered'] as const;
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];
export const PRAYER_PRIORITIES = ['low', 'medium', 'high'] as const;

export const prayerSchema = z
  .object({
    ...entityIds,
    title: z.string(),
    description: z.string(),
    isPublic: z.boolean(),
    status: z.enum(PRAYER_STATUSES),
    priority: z.enum(PRAYER_PRIORITIES),
    userId: z.string().nullable().describe('Who asked; null when the account was removed'),
    submittedBy: z.string().describe('The name of who asked, as it was when they asked'),
    user: z.object({ name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    answeredAt: z.string().nullable(),
  })
  .describe('Prayer');
export type Prayer = z.infer<typeof prayerSchema>;

/** POST /prayers (spec 000 §5): title and description required; isPublic defaults to true. */
export const createPrayerRequest = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(150, 'Title must be at most 150 characters'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(4000, 'Description must be at most 4000 characters'),
  isPublic: z.boolean().default(true).describe("'Share publicly with church'"),
  onBehalfOf: z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .optional()
    .describe('Leaders only: the name of the person who asked (a request taken by phone or at the door)'),
  priority: z.enum(PRAYER_PRIORITIES, { error: 'Priority must be low, medium or high' }).optional().describe('Leaders only'),
});
export type CreatePrayerRequest = z.input<typeof createPrayerRequest>;

export const prayersListQuery = paginationQuery(50, 200).extend({
  status: z.enum(PRAYER_STATUSES).optional(),
  priority: z.enum(PRAYER_PRIORITIES, { error: 'Priority must be low, medium or high' }).optional(),
});

/** Spec 001 §8 texts of the prayer management pages. */
/**
 * The verb of each move, for spec 001 §8's failure template 'Failed to {status} prayer request': the success
 * text takes the status word ('Prayer request approved successfully'), the failure the verb
 * ('Failed to approve prayer request'); 'Failed to approved …' is not English.
 */
export const PRAYER_STATUS_VERBS: Record<PrayerStatus, string> = {
  approved: 'approve',
  rejected: 'reject',
  answered: 'answer',
  pending: 'reopen',
};

/** Spec 001 §8 (leaders) and spec 000 §8 (members) prayer texts, kept once for the web and the tests. */
export const PRAYER_TEXTS = {
  statusDone: (status: PrayerStatus) => `Prayer request ${status === 'pending' ? 'reopened' : status} successfully`,
  statusFailed: (status: PrayerStatus) => `Failed to ${PRAYER_STATUS_VERBS[status]} prayer request`,
  /** The pastor dashboard's own texts (spec 001 §8 "Pastor dashboard"). */
  dashboardDone: (status: 'approved' | 'rejected') => `Prayer request ${status}`,
  dashboardFailed: 'Failed to update prayer request',
  priorityUpdated: 'Prayer priority updated',
  priorityFailed: 'Failed to update priority',
  leadersOnly: 'Only leaders can submit a prayer request on behalf of someone or set its priority',
  /** Leaders' lists and detail (spec 001 §8 fallback for failed loads of prayer requests). */
  loadFailed: 'Failed to load prayer requests',
  /** The member's own list (spec 000 §8). */
  memberLoadFailed: 'Failed to load prayers',
  submitFailed: 'Failed to submit prayer request',
  added: 'Prayer request added',
} as const;
export const prayersListResponse = z.object({
  status: z.literal('success'),
  data: z.object({ prayers: z.array(prayerSchema), ...pageInfo }),
});
export const prayerResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ prayer: prayerSchema }),
});

export const updatePrayerStatusRequest = z.object({
  status: z.enum(PRAYER_STATUSES, { error: 'Status must be pending, approved, rejected or answered' }),
});
export const updatePrayerPriorityRequest = z.object({
  priority: z.enum(PRAYER_PRIORITIES, { error: 'Priority must be low, medium or high' }),
});

export const prayerStatsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    answered: z.number().int(),
    thisMonth: z.number().int(),
  }),
});
