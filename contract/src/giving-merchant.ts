import { z } from 'zod';

/**
 * The church's PayFast merchant account, entered in settings when the server's
 * environment does not set one (PAYFAST_MERCHANT_ID / _KEY / _PASSPHRASE win
 * when present: the operator chose them). The merchant id and key travel in
 * every checkout form PayFast's hosted page receives, so they are shown back;
 * the passphrase signs every request and notification, so it is stored sealed
 * and never leaves the server: the form only says whether one is set.
 */
export const PAYMENT_SOURCES = ['environment', 'settings', 'none'] as const;

export const merchantSettingsRequest = z.object({
  merchantId: z
    .string()
    .max(40, { error: 'Merchant ID must be the number PayFast shows under Settings → Integration', abort: true })
    .trim()
    .regex(/^\d{1,20}$/, 'Merchant ID must be the number PayFast shows under Settings → Integration'),
  merchantKey: z
    .string()
    .max(80, { error: 'Merchant key must be the letters and digits PayFast shows under Settings → Integration', abort: true })
    .trim()
    .regex(/^[A-Za-z0-9]{1,40}$/, 'Merchant key must be the letters and digits PayFast shows under Settings → Integration'),
  passphrase: z
    .string()
    .max(100, 'Passphrase must be 100 characters or less')
    .optional()
    .describe('Leave out (or empty) to keep the stored passphrase; it is never sent back'),
  clearPassphrase: z.boolean().default(false).describe('Remove the stored passphrase (PayFast account without one)'),
  sandbox: z.boolean().default(false).describe("Use PayFast's sandbox (test payments) instead of live payments"),
});
export type MerchantSettingsInput = z.input<typeof merchantSettingsRequest>;

export const merchantSettingsSchema = z.object({
  source: z.enum(PAYMENT_SOURCES).describe('Where the card payment account in use comes from'),
  provider: z.literal('payfast'),
  merchantId: z.string().nullable(),
  merchantKey: z.string().nullable(),
  passphraseSet: z.boolean(),
  sandbox: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;
export const merchantSettingsResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ merchant: merchantSettingsSchema }),
});

export const MERCHANT_TEXTS = {
  saved: 'Card payment account saved. Members can give by card.',
  removed: 'Card payment account removed. Card giving is off until an account is entered.',
  fromEnvironment:
    "The card payment account is set by the server's environment (PAYFAST_MERCHANT_ID). Change it there, or remove it there to manage it here.",
} as const;
