import { z } from 'zod';
import { entityIds, pageInfo } from './http';
import { DONATION_MAX, RECORDED_METHODS, donationSchema } from './giving';

/** Spec 001 §8: the donations period filter. */
export const DONATION_PERIODS = ['week', 'month', 'quarter', 'year', 'all'] as const;
export type DonationPeriod = (typeof DONATION_PERIODS)[number];
export const DONATIONS_TEXTS = {
  loadFailed: 'Failed to load donations data',
  exported: 'Donations report exported successfully!',
  exportFailed: 'Failed to export donations report',
} as const;

const rand = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0.01, `${what} must be at least R 0.01`)
    .max(DONATION_MAX, `${what} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} can have at most two decimals`);
const reason = z.string().trim().min(3, 'Please give a reason (at least 3 characters)').max(500, 'Reason must be at most 500 characters');

export const donationsQuery = z.object({
  period: z.enum(DONATION_PERIODS, { error: 'Period must be week, month, quarter, year or all' }).default('month'),
  fund: z.string().trim().max(80).optional().describe('A fund name; omitted means every fund'),
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

export const fundSchema = z.object({ ...entityIds, name: z.string(), description: z.string(), active: z.boolean() });
export type Fund = z.infer<typeof fundSchema>;
export const fundsResponse = z.object({ status: z.literal('success'), data: z.object({ funds: z.array(fundSchema) }) });
export const fundResponse = z.object({ status: z.literal('success'), data: z.object({ fund: fundSchema }) });
export const createFundRequest = z.object({
  name: z.string().trim().min(2, 'Fund name must be at least 2 characters').max(80, 'Fund name must be at most 80 characters'),
  description: z.string().trim().max(300).default(''),
});
export const updateFundRequest = z.object({ active: z.boolean(), description: z.string().trim().max(300).optional() });

export const batchSchema = z.object({
  ...entityIds,
  label: z.string(),
  countedTotal: z.number(),
  runningTotal: z
    .number()
    .describe('Sum of the completed gifts recorded in the batch; once closed, also those refunded after it closed (what was deposited)'),
  giftCount: z.number().int(),
  refundedAfterClose: z.number().describe('Of the running total, what was refunded after the batch closed (money that went back later)'),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchesResponse = z.object({ status: z.literal('success'), data: z.object({ batches: z.array(batchSchema) }) });
export const depositLineSchema = z.object({ fund: z.string(), method: z.string(), total: z.number(), count: z.number().int() });
export const batchDetailResponse = z.object({
  status: z.literal('success'),
  data: z.object({ batch: batchSchema, donations: z.array(adminDonationSchema), deposit: z.array(depositLineSchema) }),
});
export const createBatchRequest = z.object({
  label: z.string().trim().min(2, 'Batch label must be at least 2 characters').max(120),
  countedTotal: z.number({ error: 'Counted total must be a number' }).min(0).max(100_000_000),
});
export const recordGiftRequest = z.object({
  userId: z.string().uuid().nullish().describe('The member who gave, when known'),
  donorName: z.string().trim().min(2, 'Donor name must be at least 2 characters').max(120),
  amount: rand('Amount'),
  fund: z.string().trim().min(1).max(80),
  method: z.enum(RECORDED_METHODS, { error: 'Method must be cash, bank, snapscan or zapper' }),
  externalRef: z.string().trim().max(120).nullish(),
  date: z.iso.date({ error: 'Date must look like 2026-03-01' }).optional(),
});
export const batchResponse = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ batch: batchSchema }) });

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
