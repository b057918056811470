import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

/** Spec 000 §9. */
export const PAYMENT_METHODS = ['card', 'bank', 'cash'] as const;
export const FREQUENCIES = ['one-time', 'weekly', 'monthly'] as const;
export const DONATION_STATUSES = ['completed', 'pending', 'failed', 'cancelled', 'refunded', 'expired'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];
/**
 * How a treasurer receives an offline gift (issue 32): cash and cheques on the plate, EFT ('bank'), the
 * church's own card machine, SnapScan and Zapper. Members choose from PAYMENT_METHODS.
 */
export const RECORDED_METHODS = ['cash', 'cheque', 'bank', 'card', 'snapscan', 'zapper'] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];
export const ALL_PAYMENT_METHODS = ['card', 'bank', 'cash', 'cheque', 'snapscan', 'zapper'] as const;
/** Spec 001 §4: completed green, pending yellow, anything else gray. */
export const DONATION_STATUS_COLORS: Record<DonationStatus, 'green' | 'yellow' | 'gray'> = {
  completed: 'green',
  pending: 'yellow',
  failed: 'gray',
  cancelled: 'gray',
  refunded: 'gray',
  expired: 'gray',
};
/** A card checkout left unpaid this long is marked expired (a notification that the money moved still completes it). */
export const CHECKOUT_EXPIRY_HOURS = 24;
export const DEFAULT_FUND = 'General';
export const CARD_NOT_SET_UP = 'Card payments are not set up yet. Please choose bank transfer or give in person.';
export const DONATION_MIN = 1;
export const DONATION_STEP = 0.01;
/** A generous ceiling so a typo of extra zeros is caught (R 1,000,000.00). */
export const DONATION_MAX = 1_000_000;
/** Spec 002 §9: user giving history default page 1, limit 10. */
export const GIVING_HISTORY_LIMIT = 10;

export const PAYMENT_METHOD_LABELS: Record<(typeof ALL_PAYMENT_METHODS)[number], string> = {
  card: 'Card',
  bank: 'Bank Transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  snapscan: 'SnapScan',
  zapper: 'Zapper',
};
export const FREQUENCY_LABELS: Record<(typeof FREQUENCIES)[number], string> = {
  'one-time': 'One-time',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const donationSchema = z
  .object({
    ...entityIds,
    amount: z.number().describe('Rand with two decimals (150.5 means R 150.50)'),
    paymentMethod: z.enum(ALL_PAYMENT_METHODS),
    frequency: z.enum(FREQUENCIES),
    fund: z.string(),
    note: z.string().nullable(),
    status: z.enum(DONATION_STATUSES),
    reference: z.string().nullable().describe('Quote this on a bank transfer; the card payment reference otherwise'),
    date: z.string().describe('When it was given (ISO timestamp)'),
    createdAt: z.string(),
  })
  .describe('Donation');
export type Donation = z.infer<typeof donationSchema>;

/** A whole number of cents: 10.005 is refused rather than silently rounded. */
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** POST /giving (spec 000 §5): amount ≥ 1 in steps of 0.01; card and one-time by default. */
export const createDonationRequest = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .min(DONATION_MIN, `The minimum donation is R ${DONATION_MIN.toFixed(2)}`)
    .max(DONATION_MAX, 'That amount is too large. Please contact the church office')
    .refine(hasAtMostTwoDecimals, 'Amount can have at most two decimals'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method must be card, bank or cash' }).default('card'),
  frequency: z.enum(FREQUENCIES, { error: 'Frequency must be one-time, weekly or monthly' }).default('one-time'),
  fund: z.string().trim().min(1).max(80, 'Fund must be at most 80 characters').default(DEFAULT_FUND),
  note: z
    .string()
    .trim()
    .max(500, 'Note must be at most 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  idempotencyKey: z
    .string()
    .trim()
    .min(8)
    .max(100)
    .optional()
    .describe('Same key twice records one donation (the Idempotency-Key header works too)'),
});
export type CreateDonationRequest = z.input<typeof createDonationRequest>;

/** A card gift: the browser posts these fields to the provider's hosted checkout. */
export const checkoutSchema = z.object({
  kind: z.literal('checkout'),
  provider: z.string(),
  action: z.string().describe('The provider URL the form posts to'),
  fields: z.array(z.tuple([z.string(), z.string()])).describe('Form fields in the order the provider signs them'),
});
export const bankDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branchCode: z.string(),
});
export const bankInstructionsSchema = bankDetailsSchema.extend({ kind: z.literal('bank'), reference: z.string() });
export const donationResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    donation: donationSchema,
    payment: z.union([checkoutSchema, bankInstructionsSchema]).nullable().describe('What the giver does next to pay'),
  }),
});
export type DonationPayment = z.infer<typeof donationResponse>['data']['payment'];

/** GET /giving/options: what a member can give with, and the funds. */
export const givingOptionsSchema = z.object({
  card: z.object({ available: z.boolean(), provider: z.string().nullable() }),
  bank: z.object({ available: z.boolean(), details: bankDetailsSchema.nullable() }),
  funds: z.array(z.string()),
});
export type GivingOptions = z.infer<typeof givingOptionsSchema>;
export const givingOptionsResponse = z.object({ status: z.literal('success'), data: givingOptionsSchema });

export const subscriptionSchema = z.object({
  ...entityIds,
  amount: z.number(),
  frequency: z.enum(FREQUENCIES),
  fund: z.string(),
  status: z.enum(['pending', 'active', 'cancelled']),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ subscriptions: z.array(subscriptionSchema) }),
});
export const subscriptionResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ subscription: subscriptionSchema }),
});
export const SUBSCRIPTION_CANCELLED = 'Your recurring gift was cancelled. No further payments will be taken.';

export const userGivingStatsSchema = z.object({
  totalGiven: z.number().describe('Rand, completed donations only'),
  donationCount: z.number().int(),
  recentDonations: z.array(donationSchema).describe('The five newest'),
  lastDonationDate: z.string().nullable(),
});
export type UserGivingStats = z.infer<typeof userGivingStatsSchema>;
export const userGivingStatsResponse = z.object({ status: z.literal('success'), data: userGivingStatsSchema });

export const givingHistoryQuery = paginationQuery(GIVING_HISTORY_LIMIT, 100);
export const givingHistoryResponse = z.object({
  status: z.literal('success'),
  data: z.object({ donations: z.array(donationSchema), ...pageInfo, totalPages: z.number().int() }),
});

/** Church-wide giving summary (leaders). */
export const givingSummarySchema = z.object({
  totalGiven: z.number(),
  donationCount: z.number().int(),
  monthlyTotal: z.number().describe("Completed donations this calendar month in the church's time zone (/donations' total for the month)"),
  activeGivers: z
    .number()
    .int()
    .describe(
      "Givers (a member, or a guest by the name they gave) with a completed gift this calendar month in the church's time zone: /donations' Active Donors for the month",
    ),
  largestGift: z.number(),
});
export const givingOverviewResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    summary: givingSummarySchema,
    donations: z
      .array(donationSchema.extend({ donorName: z.string().nullable(), userId: z.string().nullable() }))
      .optional()
      .describe('Named gifts: only for callers who may see named giving (giving:named)'),
    ...pageInfo,
  }),
});
