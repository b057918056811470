import { z } from 'zod';
import { entityIds } from './http';
import { RECORDED_METHODS, type RecordedMethod } from './giving';
import { adminDonationSchema, donationEventSchema, rand, reason } from './giving-admin';
import { memberWriteRequest } from './members-manage';

/**
 * Batches as counters work (issue 32): a Sunday's count with its date, gifts named by a member picker
 * (name, phone in any form, envelope number) or loose, the counted total changed only with a reason,
 * closed and reopened with history.
 */
export const BATCH_TEXTS = {
  looseCash: 'Loose cash (no donor)',
  anonymous: 'Anonymous',
  recorded: 'Gift recorded',
  opened: 'Batch opened',
  closed: 'Batch closed',
  reopened: 'Batch reopened',
  countChanged: 'Counted total changed',
  donorAdded: 'Person added',
  envelopeTaken: 'That envelope number already belongs to someone else',
  noDonor: 'No person with that id',
  futureDate: (date: string, today: string) =>
    `The gift's date (${date}) is in the future. Record a gift on the day it was received (today is ${today}).`,
  futureBatch: (date: string, today: string) => `The batch's date (${date}) is in the future (today is ${today}).`,
} as const;

/** How a counter names each method (EFT, not "bank"; the church's own card machine). */
export const RECORDED_METHOD_LABELS: Record<RecordedMethod, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  bank: 'EFT',
  card: 'Card machine',
  snapscan: 'SnapScan',
  zapper: 'Zapper',
};

const isoDate = z.iso.date({ error: 'Date must look like 2026-03-01' });
export const envelopeNumber = z
  .string()
  .trim()
  .min(1)
  .max(20, { error: 'An envelope number has at most 20 characters', abort: true })
  .regex(/^[A-Za-z0-9-]+$/, 'An envelope number has only letters, digits and dashes');

export const batchSchema = z.object({
  ...entityIds,
  label: z.string(),
  date: z.string().describe('The church-local day the gifts were received (YYYY-MM-DD); each gift’s date by default'),
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
/** A batch's history: opened, counted total changed, closed, reopened — each with from → to and why. */
export const batchEventSchema = donationEventSchema;
export type BatchEvent = z.infer<typeof batchEventSchema>;
export const batchDetailResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    batch: batchSchema,
    donations: z.array(adminDonationSchema),
    deposit: z.array(depositLineSchema),
    history: z.array(batchEventSchema),
  }),
});
export const createBatchRequest = z.object({
  label: z.string().trim().min(2, 'Batch label must be at least 2 characters').max(120),
  countedTotal: z.number({ error: 'Counted total must be a number' }).min(0).max(100_000_000),
  date: isoDate.optional().describe('The day the gifts were received; today (church time) when omitted'),
});
/** Change the counted total after a recount (or the label/date): always with a reason, kept as from → to. */
export const updateBatchRequest = z
  .object({
    reason,
    countedTotal: z.number({ error: 'Counted total must be a number' }).min(0).max(100_000_000).optional(),
    label: z.string().trim().min(2, 'Batch label must be at least 2 characters').max(120).optional(),
    date: isoDate.optional(),
  })
  .refine((v) => v.countedTotal !== undefined || v.label !== undefined || v.date !== undefined, 'Say what to change');
export const reopenBatchRequest = z.object({ reason });

/**
 * A gift as the counter records it: a member (userId), a named guest (donorName), or neither — loose cash,
 * an unnamed EFT. Its date is the batch's unless given.
 */
export const recordGiftRequest = z.object({
  userId: z.uuid().nullish().describe('The member who gave, from the picker'),
  donorName: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length >= 2, 'Donor name must be at least 2 characters')
    .describe('A giver who is not a member; leave out (and userId) for loose cash'),
  amount: rand('Amount'),
  fund: z.string().trim().min(1).max(80),
  method: z.enum(RECORDED_METHODS, { error: 'Method must be cash, cheque, bank (EFT), card, snapscan or zapper' }),
  externalRef: z.string().trim().max(120).nullish(),
  date: isoDate.optional().describe('When it was received; the batch’s date when omitted'),
});
export type RecordGiftRequest = z.input<typeof recordGiftRequest>;
export const batchResponse = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ batch: batchSchema }) });

/** The member picker: who a counter can credit a gift to. */
export const donorSchema = z.object({
  ...entityIds,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  envelopeNumber: z.string().nullable(),
});
export type Donor = z.infer<typeof donorSchema>;
export const donorsQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type a name, phone number or envelope number')
    .max(100)
    .describe('Name, phone (any form) or envelope number'),
});
export const donorsResponse = z.object({ status: z.literal('success'), data: z.object({ donors: z.array(donorSchema) }) });
export const donorResponse = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ donor: donorSchema }) });
/** "Add a new person" from the picker: a member record a leader keeps (no sign-in until they reset a password). */
export const createDonorRequest = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120),
  email: memberWriteRequest.shape.email,
  phone: memberWriteRequest.shape.phone,
  envelopeNumber: envelopeNumber.nullish(),
});
export const envelopeRequest = z.object({ envelopeNumber: envelopeNumber.nullable() });
