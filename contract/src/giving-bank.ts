import { z } from 'zod';
import { entityIds } from './http';
import { reason } from './giving-admin';

/**
 * Bank statements (issue 32): CSV exports of the big South African banks, OFX, or any CSV by column
 * mapping. Only credits are kept; each is matched to a pending EFT gift by its reference, else suggested
 * by amount, name and the member's past references; the treasurer confirms in bulk; the rest wait in a
 * queue to be assigned to a member or dismissed with a reason. A line is stored once (its fingerprint).
 */
export const STATEMENT_BANKS = ['fnb', 'absa', 'standardbank', 'nedbank', 'capitec', 'ofx', 'mapped'] as const;
export type StatementBank = (typeof STATEMENT_BANKS)[number];
export const STATEMENT_BANK_LABELS: Record<StatementBank, string> = {
  fnb: 'FNB',
  absa: 'ABSA',
  standardbank: 'Standard Bank',
  nedbank: 'Nedbank',
  capitec: 'Capitec',
  ofx: 'OFX',
  mapped: 'CSV (mapped columns)',
};

/** A statement is a few hundred kilobytes; 5 MB holds about 50,000 lines. A larger file is refused (413). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 50_000;
/** Line errors listed in a refusal's message (the count covers all). */
export const STATEMENT_LISTED_ERRORS = 5;

export const LINE_STATUSES = ['matched', 'suggested', 'unmatched', 'confirmed', 'dismissed'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

export const BANK_TEXTS = {
  noFile: 'Choose a bank statement file (CSV or OFX) to import',
  tooLarge: `The statement is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB. Export a shorter period and import it in parts.`,
  tooManyLines: `The statement has more than ${STATEMENT_MAX_LINES.toLocaleString('en-ZA')} lines. Export a shorter period.`,
  empty: 'The file is empty',
  unknownFormat:
    'This file is not a statement export we recognise (FNB, ABSA, Standard Bank, Nedbank, Capitec or OFX). Map its columns: date, amount (or credit and debit) and description.',
  badMapping: 'The column mapping is not valid',
  noHeader: (cols: string) => `No row of the file has the mapped columns (${cols}). Check the mapping against the file's header row.`,
  noLines: 'The statement has no transactions',
  refused: (n: number, listed: string) =>
    `The statement was not imported: ${n} line${n === 1 ? '' : 's'} could not be read. ${listed}${n > STATEMENT_LISTED_ERRORS ? ' …' : ''} Nothing was imported.`,
  imported: (n: number, dup: number) =>
    `${n} new credit${n === 1 ? '' : 's'} imported${dup ? `; ${dup} already imported before (skipped)` : ''}`,
  confirmed: (n: number) => `${n} gift${n === 1 ? '' : 's'} completed`,
  assigned: 'Line assigned and gift completed',
  dismissed: 'Line dismissed',
  noLine: 'No statement line with that id',
  notOpen: 'This line is already confirmed or dismissed',
  noMember: 'No member with that id',
} as const;

/** Any CSV: which header names hold the date, the amount (or credit and debit), the description and reference. */
export const columnMappingSchema = z
  .object({
    date: z.string().trim().min(1).max(80),
    amount: z.string().trim().max(80).optional(),
    credit: z.string().trim().max(80).optional(),
    debit: z.string().trim().max(80).optional(),
    description: z.string().trim().min(1).max(80),
    reference: z.string().trim().max(80).optional(),
    balance: z.string().trim().max(80).optional(),
  })
  .refine((m) => !!m.amount || !!m.credit, 'Map an amount column, or a credit column');
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const statementSchema = z.object({
  ...entityIds,
  bank: z.enum(STATEMENT_BANKS),
  account: z.string().describe('The account number the statement names (or the one given at import)'),
  fileName: z.string(),
  importedAt: z.string(),
  credits: z.number().int().describe('Credits this import stored (new lines only)'),
  duplicates: z.number().int().describe('Credits already stored by an earlier import: skipped'),
  debits: z.number().int().describe('Debits in the file: not kept'),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementLineSchema = z.object({
  ...entityIds,
  statementId: z.string(),
  date: z.string().describe('The day the bank posted it (YYYY-MM-DD)'),
  amount: z.number().describe('Rand (credits only)'),
  description: z.string().describe('As the bank wrote it: text, never a formula'),
  reference: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  matchReason: z.string().nullable().describe('Why it was matched or suggested'),
  donationId: z.string().nullable().describe('The pending gift it matches or is suggested for (or completed, once confirmed)'),
  donationReference: z.string().nullable(),
  donationAmount: z.number().nullable(),
  memberId: z.string().nullable().describe('The member it is suggested for or assigned to'),
  memberName: z.string().nullable(),
  dismissReason: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementCountsSchema = z.object({
  matched: z.number().int(),
  suggested: z.number().int(),
  unmatched: z.number().int(),
  confirmed: z.number().int(),
  dismissed: z.number().int(),
});
export type StatementCounts = z.infer<typeof statementCountsSchema>;

export const importStatementResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ statement: statementSchema, counts: statementCountsSchema }),
});
export const statementsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ statements: z.array(statementSchema) }),
});
export const statementLinesQuery = z.object({
  status: z.enum(LINE_STATUSES).optional().describe('Only lines in this state; all when omitted'),
  statementId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const statementLinesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ lines: z.array(statementLineSchema), counts: statementCountsSchema }),
});
export const confirmLinesRequest = z.object({
  lineIds: z.array(z.uuid()).min(1, 'Choose at least one line to confirm').max(5000),
});
export const confirmLinesResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    confirmed: z.number().int(),
    skipped: z.array(z.object({ lineId: z.string(), reason: z.string() })).describe('Lines not confirmed, with why'),
  }),
});
export const assignLineRequest = z.object({
  userId: z.uuid({ error: 'Choose a member' }),
  fund: z.string().trim().min(1).max(80).optional().describe('For a new gift (no pending gift of this amount): the fund; General when omitted'),
});
export const dismissLineRequest = z.object({ reason });
export const lineResponse = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ line: statementLineSchema }) });
