import { z } from 'zod';
import { entityIds, pageInfo } from './http';
import { ALL_PAYMENT_METHODS, DONATION_MAX, DONATION_STATUSES, donationSchema } from './giving';

/** Spec 001 §8: the donations period filter. */
export const DONATION_PERIODS = ['week', 'month', 'quarter', 'year', 'all'] as const;
export type DonationPeriod = (typeof DONATION_PERIODS)[number];
export const DONATIONS_TEXTS = {
  loadFailed: 'Failed to load donations data',
  exported: 'Donations report exported successfully!',
  exportFailed: 'Failed to export donations report',
} as const;

export const rand = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0.01, `${what} must be at least R 0.01`)
    .max(DONATION_MAX, `${what} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} can have at most two decimals`);
export const reason = z
  .string()
  .trim()
  .min(3, 'Please give a reason (at least 3 characters)')
  .max(500, 'Reason must be at most 500 characters');

export const donationsQuery = z.object({
  period: z.enum(DONATION_PERIODS, { error: 'Period must be week, month, quarter, year or all' }).default('month'),
  fund: z.string().trim().max(80).optional().describe('A fund name; omitted means every fund'),
  q: z
    .string()
    .trim()
    .max(100, 'Search at most 100 characters')
    .optional()
    .describe('Donor name, our reference or the bank/slip reference (part of it), or an amount (150, 1 234,56)'),
  method: z.enum(ALL_PAYMENT_METHODS, { error: 'Method must be card, bank, cash, cheque, snapscan or zapper' }).optional(),
  status: z.enum(DONATION_STATUSES, { error: `Status must be one of: ${DONATION_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DonationsQuery = z.input<typeof donationsQuery>;
export const exportQuery = donationsQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).default('csv'),
});

export const adminDonationSchema = donationSchema.extend({
  donorName: z.string().nullable(),
  userId: z.string().nullable(),
  batchId: z.string().nullable(),
  externalRef: z.string().nullable(),
  batchLabel: z.string().nullable().describe('The batch it was counted in'),
});
export type AdminDonation = z.infer<typeof adminDonationSchema>;
export const fundBreakdownSchema = z.object({
  fund: z.string(),
  total: z.number(),
  count: z.number().int(),
  share: z.number().describe('Percentage of the total, one decimal'),
});
export const donationsSummarySchema = z.object({
  totalDonations: z.number().describe('Completed gifts in the filter, rand'),
  monthlyAverage: z.number().describe('Total ÷ calendar months the period covers'),
  activeDonors: z.number().int().describe('Distinct donors with a completed gift in the filter'),
  funds: z.number().int().describe('Funds with a completed gift in the filter'),
  completedCount: z.number().int(),
  from: z.string().nullable(),
});
export const donationsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    summary: donationsSummarySchema,
    fundsBreakdown: z.array(fundBreakdownSchema),
    donations: z.array(adminDonationSchema),
    ...pageInfo,
  }),
});
export type DonationsData = z.infer<typeof donationsResponse>['data'];

export const fundSchema = z.object({
  ...entityIds,
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  section18a: z.boolean().describe('Gifts to this fund may go on a section 18A certificate'),
});
export type Fund = z.infer<typeof fundSchema>;
export const fundsResponse = z.object({ status: z.literal('success'), data: z.object({ funds: z.array(fundSchema) }) });
export const fundResponse = z.object({ status: z.literal('success'), data: z.object({ fund: fundSchema }) });
export const createFundRequest = z.object({
  name: z.string().trim().min(2, 'Fund name must be at least 2 characters').max(80, 'Fund name must be at most 80 characters'),
  description: z.string().trim().max(300).default(''),
  section18a: z
    .boolean()
    .default(false)
    .describe('Gifts to it qualify for section 18A (they fund approved public benefit activities, not worship or buildings)'),
});
export const updateFundRequest = z
  .object({
    active: z.boolean().optional(),
    description: z.string().trim().max(300).optional(),
    section18a: z.boolean().optional(),
  })
  .refine((v) => v.active !== undefined || v.description !== undefined || v.section18a !== undefined, 'Say what to change: active, description or section18a');

export const refundRequest = z.object({ reason });
export const correctRequest = z
  .object({ reason, amount: rand('Amount').optional(), fund: z.string().trim().min(1).max(80).optional() })
  .refine((v) => v.amount !== undefined || v.fund !== undefined, 'Say what to correct: amount or fund');
export const matchRequest = z.object({ reason: reason.optional(), externalRef: z.string().trim().max(120).nullish() });
export const donationEventSchema = z.object({
  kind: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export const donationDetailResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ donation: adminDonationSchema, history: z.array(donationEventSchema) }),
});
