import { z } from 'zod';
import { entityIds } from './http';
import { DONATION_MAX } from './giving';

/** GET /giving/reports (spec 002 §7.7) with the Giving stats fields of spec 001 §3, over whole calendar months. */
export const givingReportsQuery = z.object({
  months: z.coerce.number().int().min(1, 'Months must be 1 to 36').max(36, 'Months must be 1 to 36').default(12),
  fund: z.string().trim().max(80).optional().describe('A fund name; omitted means every fund'),
});
const line = z.object({ total: z.number(), count: z.number().int() });
export const givingReportSchema = z.object({
  from: z.string().describe('First instant of the window (the first day of the first month, church time)'),
  months: z.number().int(),
  totalGiven: z.number().describe('Completed gifts in the window; equals the sum of monthlyData'),
  monthlyTotal: z.number().describe('Completed gifts this calendar month (the last month of the window)'),
  totalAmount: z.number().describe('The same figure as monthlyTotal: the name older screens read (spec 001 §3)'),
  monthlyAverage: z.number().describe('totalGiven ÷ months'),
  activeGivers: z.number().int().describe('Distinct donors with a completed gift in the window'),
  largestGift: z.number(),
  giftCount: z.number().int(),
  monthlyLabels: z.array(z.string()).describe("'Jan 2026' … one per month, oldest first"),
  monthlyData: z.array(z.number()).describe('Rand per month, in the order of monthlyLabels'),
  monthly: z.array(line.extend({ month: z.string().describe('YYYY-MM'), label: z.string(), donors: z.number().int() })),
  byFund: z.array(line.extend({ fund: z.string(), share: z.number() })),
  byMethod: z.array(line.extend({ method: z.string() })),
});
export type GivingReport = z.infer<typeof givingReportSchema>;
export const givingReportsResponse = z.object({ status: z.literal('success'), data: givingReportSchema });

const isoDate = (what: string) => z.iso.date({ error: `${what} must look like 2026-03-01` });
const target = z
  .number({ error: 'Target must be a number' })
  .min(1, 'Target must be at least R 1.00')
  .max(DONATION_MAX * 1000, 'Target is too large')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Target can have at most two decimals');
const goalName = z.string().trim().min(2, 'Goal name must be at least 2 characters').max(120, 'Goal name must be at most 120 characters');
const datesInOrder = (v: { startsOn?: string; endsOn?: string }) => !v.startsOn || !v.endsOn || v.endsOn >= v.startsOn;
const DATES_ORDER = { message: 'The end date must be on or after the start date', path: ['endsOn'] };

export const createGoalRequest = z
  .object({
    name: goalName,
    fund: z.string().trim().min(1).max(80).nullish().describe('A fund; omitted or null means gifts to every fund count'),
    target,
    startsOn: isoDate('Start date'),
    endsOn: isoDate('End date'),
  })
  .refine(datesInOrder, DATES_ORDER);
export const updateGoalRequest = z
  .object({
    name: goalName.optional(),
    fund: z.string().trim().min(1).max(80).nullish(),
    target: target.optional(),
    startsOn: isoDate('Start date').optional(),
    endsOn: isoDate('End date').optional(),
    archived: z.boolean().optional(),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional().describe('Why (kept in the history)'),
  })
  .refine(datesInOrder, DATES_ORDER);
export const goalsQuery = z.object({
  archived: z
    .enum(['true', 'false'], { error: 'archived must be true or false' })
    .default('false')
    .transform((v) => v === 'true')
    .describe('true lists archived goals too'),
});

export const GOAL_STATES = ['upcoming', 'active', 'ended'] as const;
export const goalSchema = z.object({
  ...entityIds,
  name: z.string(),
  fund: z.string().nullable(),
  target: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  archived: z.boolean(),
  raised: z.number().describe('Completed gifts in the goal’s dates (and fund): an SQL sum, never stored'),
  giftCount: z.number().int(),
  percent: z.number().describe('raised ÷ target, one decimal; may pass 100'),
  remaining: z.number().describe('target − raised, never below 0'),
  state: z.enum(GOAL_STATES),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalEventSchema = z.object({
  kind: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type GoalEvent = z.infer<typeof goalEventSchema>;
export const goalsResponse = z.object({ status: z.literal('success'), data: z.object({ goals: z.array(goalSchema) }) });
export const goalResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ goal: goalSchema, history: z.array(goalEventSchema) }),
});
