import { z } from 'zod';
import { entityIds } from './http';
import { bankDetailsSchema } from './giving';
import { isValidSaId } from './rules/sa-id';

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
  legalType: z.enum(LEGAL_TYPES, { error: 'Legal type must be individual, company, trust or other' }).default('individual'),
  idType: z.enum(ID_TYPES, { error: 'ID type must be rsa_id, passport or registration' }).default('rsa_id'),
  idNumber: t(30).describe('SA ID, passport or registration number'),
  idCountry: t(60).default('South Africa'),
  taxNumber: t(20),
  tradingName: t(120),
  combineWithHousehold: z
    .boolean()
    .default(false)
    .describe("Put this person's gifts on their household's one certificate (issued to the household head) instead of their own"),
});
export type DonorTaxProfile = z.infer<typeof donorTaxProfileSchema>;

export const TAX_DETAILS_SAVED = 'Tax certificate details saved';
export const ID_NUMBER_INVALID = 'That is not a valid South African ID number (13 digits; please check it)';
export const TAX_NUMBER_INVALID = 'An income tax number has 10 digits';

/** Saving tax details: the profile, and the postal address a certificate prints (kept on the person's record). */
export const donorTaxProfileRequest = donorTaxProfileSchema
  .extend({ address: z.string().trim().max(300, 'Address must be 300 characters or less').optional() })
  .superRefine((v, ctx) => {
    if (v.idType === 'rsa_id' && v.idNumber && !isValidSaId(v.idNumber.replace(/\s/g, ''))) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: ID_NUMBER_INVALID });
    }
    if (v.taxNumber && !/^\d{10}$/.test(v.taxNumber.replace(/\s/g, ''))) {
      ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: TAX_NUMBER_INVALID });
    }
  })
  .transform((v) => ({
    ...v,
    idNumber: v.idType === 'rsa_id' ? v.idNumber.replace(/\s/g, '') : v.idNumber,
    taxNumber: v.taxNumber.replace(/\s/g, ''),
  }));
export type DonorTaxProfileInput = z.input<typeof donorTaxProfileRequest>;
export const donorTaxDetailsSchema = z.object({
  profile: donorTaxProfileSchema,
  name: z.string(),
  address: z.string(),
  household: z.object({ name: z.string(), head: z.string().nullable().describe('Who a combined certificate is issued to') }).nullable(),
  missing: z.array(z.string()).describe('What a certificate still needs'),
});
export type DonorTaxDetails = z.infer<typeof donorTaxDetailsSchema>;
export const donorTaxProfileResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: donorTaxDetailsSchema,
});

export const taxYearQuery = z.object({
  taxYear: z.coerce.number().int().min(2000).max(2100).describe('The year the tax year ends: 2026 is 1 Mar 2025 – 28 Feb 2026'),
});
/** Issuing a tax year's certificates: a year still running must be confirmed (issue 31). */
export const certificateRunRequest = z.object({
  taxYear: taxYearQuery.shape.taxYear,
  confirmRunningYear: z
    .boolean()
    .default(false)
    .describe('True to issue for a tax year that has not ended: the certificates then cover the gifts up to now'),
});
export const it3dQuery = taxYearQuery.extend({
  period: z.enum(['interim', 'annual'], { error: 'Period must be interim (March–August) or annual' }).default('annual'),
});
/** issued: valid. cancelled: no longer valid (a gift on it was refunded or corrected, or the treasurer reissued it); kept, its number never reused. */
export const CERTIFICATE_STATUSES = ['issued', 'cancelled'] as const;
export const certificateSchema = z.object({
  ...entityIds,
  receiptNumber: z.string(),
  taxYear: z.number().int(),
  donorName: z.string(),
  total: z.number(),
  giftCount: z.number().int(),
  giftsFrom: z.string().nullable().describe('Date of the first gift it covers'),
  giftsTo: z.string().nullable().describe('Date of the last gift it covers'),
  household: z.boolean().describe('A combined household certificate'),
  issuedAt: z.string(),
  giftsUpTo: z
    .string()
    .nullable()
    .describe('Issued before its tax year ended: the moment up to which it covers gifts (later ones go on a further certificate); null: the whole year'),
  emailedAt: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  replaces: z.string().nullable().describe('Receipt number of the cancelled certificate this one replaces'),
  replacedBy: z.string().nullable().describe('Receipt number of the certificate that replaced this one'),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificatesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ certificates: z.array(certificateSchema) }),
});
/**
 * Issuing a tax year's certificates is a job on the queue (a "run"): the
 * treasurer asks, the run is queued, then running, then done with its counts
 * or failed with the reason. A request while a run of the tax year waits to
 * start joins it; a request while one is under way queues the next.
 */
export const CERTIFICATE_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CertificateRunStatus = (typeof CERTIFICATE_RUN_STATUSES)[number];
export const certificateRunSchema = z.object({
  ...entityIds,
  taxYear: z.number().int(),
  status: z.enum(CERTIFICATE_RUN_STATUSES),
  attempts: z.number().int().describe('Attempts started; a failed attempt is retried by the job queue before the run fails'),
  issued: z.number().int().nullable().describe('Certificates this run issued (once done)'),
  alreadyIssued: z.number().int().nullable().describe('Certificates of the tax year issued before this run'),
  skipped: z.number().int().nullable().describe('Donors left out because their details are incomplete (see deliverability)'),
  firstReceipt: z.string().nullable(),
  lastReceipt: z.string().nullable(),
  error: z.string().nullable().describe('Why the run failed, or why the last attempt did while a retry waits'),
  requestedBy: z.string().describe('Who asked for the run'),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CertificateRun = z.infer<typeof certificateRunSchema>;
export const certificateRunResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ run: certificateRunSchema }),
});
export const certificateRunsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ runs: z.array(certificateRunSchema).describe('Newest first') }),
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
export const CERTIFICATE_RUN_TEXTS = {
  queued: 'Certificates queued: they are issued in the background',
  alreadyQueued: 'Certificates for this tax year were already queued: they are issued in the background',
  unexpected:
    'Something went wrong while issuing the certificates. Nothing was issued by this run; generate again, and tell your administrator if it happens again.',
  stopped: 'The job stopped before it finished (the server may have restarted). Nothing was issued by this run; generate again.',
  notFound: 'No such certificate run',
} as const;

/** The word for where a run is (the title of its status panel). */
export const CERTIFICATE_RUN_TITLES: Record<CertificateRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** One line for the treasurer under that word: what the run is doing, did, or why it failed. */
export function certificateRunSummary(r: CertificateRun): string {
  switch (r.status) {
    case 'queued':
      return r.error
        ? `Waiting to try again (attempt ${r.attempts + 1}). The last attempt failed: ${r.error}`
        : 'Waiting for the job queue.';
    case 'running':
      return 'Issuing certificates…';
    case 'failed':
      return r.error ?? CERTIFICATE_RUN_TEXTS.unexpected;
    case 'done': {
      const issued = r.issued ?? 0;
      const range = r.firstReceipt === r.lastReceipt ? r.firstReceipt : `${r.firstReceipt}–${r.lastReceipt}`;
      const parts = [issued === 0 ? 'No new certificates to issue' : `${plural(issued, 'certificate', 'certificates')} issued (${range})`];
      if (r.skipped) parts.push(`${plural(r.skipped, 'donor needs', 'donors need')} details first`);
      if (r.alreadyIssued) parts.push(`${r.alreadyIssued} issued before`);
      return parts.join('; ');
    }
  }
}

export const deliverabilitySchema = z.object({
  userId: z.string(),
  donorName: z.string(),
  household: z.string().nullable().describe('A combined household certificate: the household'),
  total: z.number(),
  missing: z.array(z.string()).describe('What the certificate or its delivery lacks'),
});
export const outOfDateCertificateSchema = z.object({
  ...entityIds,
  receiptNumber: z.string(),
  donorName: z.string(),
  problem: z.string().describe('How it disagrees with the books'),
});
export const taxYearStateSchema = z.object({
  startsOn: z.string().describe('1 March, YYYY-MM-DD'),
  endsOn: z.string().describe('The last day of February, YYYY-MM-DD'),
  ended: z.boolean().describe('False while the year is running: a run certifies the gifts up to that moment, a later run the ones after'),
});
export type TaxYearState = z.infer<typeof taxYearStateSchema>;
export const deliverabilityResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    donors: z.array(deliverabilitySchema),
    pboMissing: z.array(z.string()),
    ready: z
      .object({ certificates: z.number().int(), total: z.number() })
      .describe('What a run would issue now: gifts no valid certificate covers, of donors whose details are complete'),
    outOfDate: z.array(outOfDateCertificateSchema).describe('Valid certificates that disagree with the books: reissue them'),
    eligibleFunds: z.array(z.string()).describe('Funds marked section 18A-eligible: only gifts to these go on a certificate'),
    year: taxYearStateSchema,
  }),
});
export type Deliverability = z.infer<typeof deliverabilityResponse>['data'];

export const reissueRequest = z.object({
  reason: z.string().trim().min(3, 'Please give a reason (at least 3 characters)').max(300, 'Reason must be at most 300 characters'),
});
export const reissueResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ cancelled: certificateSchema, replacement: certificateSchema.nullable() }),
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '2026-02-28' → '28 February 2026' (the same words whatever the browser's locale). */
export const longDate = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
export const taxYearName = (taxYear: number) => `${taxYear - 1}/${String(taxYear).slice(2)}`;

export const CERTIFICATE_TEXTS = {
  /** Said beside the Generate button while the chosen year has not ended. */
  yearRunning: (taxYear: number, y: TaxYearState) =>
    `The ${taxYearName(taxYear)} tax year is still running (until ${longDate(y.endsOn)}). Certificates issued now cover the gifts received so far; gifts after that go on a further certificate the next time you generate.`,
  /** The 409 when a running year's certificates are asked for without confirmation. */
  confirmRunningYear: (taxYear: number, y: TaxYearState) =>
    `The ${taxYearName(taxYear)} tax year has not ended (it runs until ${longDate(y.endsOn)}): certificates issued now cover only the gifts received so far. Confirm to issue them anyway.`,
  outOfDate: 'These certificates no longer agree with the books. Reissue each one: it is cancelled and replaced under a new number.',
  reissued: (cancelled: string, replacement: string | null, why: string | null) =>
    replacement
      ? `Certificate ${cancelled} cancelled and replaced by ${replacement}`
      : `Certificate ${cancelled} cancelled; no replacement: ${why ?? 'no gifts left on it'}`,
} as const;
/** 'R000042': the gap-free receipt sequence, zero-padded. */
export const formatReceiptNumber = (n: number) => `R${String(n).padStart(6, '0')}`;
/** 1 March of the previous year to the end of February of taxYear. */
export function taxYearRange(taxYear: number) {
  return { from: `${taxYear - 1}-03-01`, to: `${taxYear}-03-01` };
}
export function currentTaxYear(now = new Date()) {
  return now.getUTCMonth() >= 2 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
}
