import { z } from 'zod';
import { entityIds } from './http';
import { bankDetailsSchema } from './giving';

const t = (max: number) => z.string().trim().max(max, `must be ${max} characters or less`).default('');

/** The church's PBO (section 18A) and banking details. */
export const givingSettingsSchema = z.object({
  pboName: t(160).describe('Registered name of the public benefit organisation'),
  pboNumber: t(30).describe('SARS PBO reference number'),
  npoNumber: t(30),
  s18aApproved: z.boolean().default(false).describe('SARS approved the church to issue section 18A receipts'),
  address: t(300),
  bank: bankDetailsSchema
    .extend({ bankName: t(80), accountName: t(120), accountNumber: t(30), branchCode: t(20) })
    .default({ bankName: '', accountName: '', accountNumber: '', branchCode: '' }),
});
export type GivingSettings = z.infer<typeof givingSettingsSchema>;
export const givingSettingsResponse = z.object({ status: z.literal('success'), data: z.object({ settings: givingSettingsSchema }) });

export const LEGAL_TYPES = ['individual', 'company', 'trust', 'other'] as const;
export const ID_TYPES = ['rsa_id', 'passport', 'registration'] as const;
/** What a section 18A certificate needs of a donor beyond name, e-mail, phone and address (since 1 March 2023). */
export const donorTaxProfileSchema = z.object({
  legalType: z.enum(LEGAL_TYPES).default('individual'),
  idType: z.enum(ID_TYPES).default('rsa_id'),
  idNumber: t(30).describe('SA ID, passport or registration number'),
  idCountry: t(60).default('South Africa'),
  taxNumber: t(20),
  tradingName: t(120),
});
export type DonorTaxProfile = z.infer<typeof donorTaxProfileSchema>;
export const donorTaxProfileResponse = z.object({ status: z.literal('success'), data: z.object({ profile: donorTaxProfileSchema }) });

export const taxYearQuery = z.object({
  taxYear: z.coerce.number().int().min(2000).max(2100).describe('The year the tax year ends: 2026 is 1 Mar 2025 – 28 Feb 2026'),
});
export const it3dQuery = taxYearQuery.extend({
  period: z.enum(['interim', 'annual'], { error: 'Period must be interim (March–August) or annual' }).default('annual'),
});
export const certificateSchema = z.object({
  ...entityIds,
  receiptNumber: z.string(),
  taxYear: z.number().int(),
  donorName: z.string(),
  total: z.number(),
  giftCount: z.number().int(),
  issuedAt: z.string(),
  emailedAt: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificatesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ certificates: z.array(certificateSchema) }),
});
export const generateResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ issued: z.number().int(), alreadyIssued: z.number().int(), skipped: z.number().int() }),
});
export const deliverabilitySchema = z.object({
  userId: z.string(),
  donorName: z.string(),
  total: z.number(),
  missing: z.array(z.string()).describe('What the certificate or its delivery lacks'),
});
export const deliverabilityResponse = z.object({
  status: z.literal('success'),
  data: z.object({ donors: z.array(deliverabilitySchema), pboMissing: z.array(z.string()) }),
});
/** 'R000042': the gap-free receipt sequence, zero-padded. */
export const formatReceiptNumber = (n: number) => `R${String(n).padStart(6, '0')}`;
/** 1 March of the previous year to the end of February of taxYear. */
export function taxYearRange(taxYear: number) {
  return { from: `${taxYear - 1}-03-01`, to: `${taxYear}-03-01` };
}
export function currentTaxYear(now = new Date()) {
  return now.getUTCMonth() >= 2 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
}
