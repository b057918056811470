import { parse as parseCsv } from 'csv-parse/sync';
import { BANK_TEXTS, STATEMENT_MAX_LINES, type ColumnMapping, type StatementBank } from '@church/contract/giving-bank';
import { parseAmountCents } from '@church/contract/rules/amount';
import { parseOfx } from './ofx';

/** One transaction as the statement gives it: a signed amount in cents (credits positive). */
export interface StatementEntry {
  /** The line of the file it came from (1-based), for messages. */
  line: number;
  date: string;
  amountCents: number;
  description: string;
  reference: string | null;
  balanceCents: number | null;
  /** The bank's own id of the transaction (OFX FITID), when it gives one. */
  bankId: string | null;
}
export interface LineError {
  line: number;
  message: string;
}
export interface ParsedStatement {
  bank: StatementBank;
  account: string | null;
  entries: StatementEntry[];
  errors: LineError[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

/**
 * The file's text, line by line: each line read as UTF-8 when it is valid UTF-8, else as Windows-1252 (what
 * banking sites and Excel on Windows write). Line by line, because a file a treasurer edited may hold both.
 */
export function decodeStatement(bytes: Uint8Array): string {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    const line = bytes.subarray(start, i);
    let text: string;
    try {
      text = utf8.decode(line);
    } catch {
      text = cp1252.decode(line);
    }
    out.push(text.replace(/\r$/, ''));
    start = i + 1;
  }
  if (out[0]?.startsWith('\ufeff')) out[0] = out[0].slice(1);
  return out.join('\n');
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  // Afrikaans statements: Mei, Okt, Des.
  mei: 5, okt: 10, des: 12,
};

function isoDay(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A statement's date as the banks write it: 2026/11/30, 2026-11-30 (a time after it is ignored), 20261130,
 * 30/11/2026 (day first, as in South Africa), 30 Nov 2026, 30Nov2026, 30-Nov-2026, 30 November 2026.
 */
export function parseStatementDate(input: string): string | null {
  const s = input.trim();
  let m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (m) return isoDay(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return isoDay(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return isoDay(+m[3]!, +m[2]!, +m[1]!);
  m = /^(\d{1,2})[\s-]?([A-Za-z]{3,9})[\s-]?(\d{4})$/.exec(s);
  if (m) {
    const name = m[2]!.toLowerCase();
    const month = MONTHS[name] ?? MONTHS[name.slice(0, 3)];
    return month ? isoDay(+m[3]!, month, +m[1]!) : null;
  }
  return null;
}

/** Text as the bank wrote it, without control characters; kept as text (never evaluated, CSV out through lib/csv.ts). */
const clean = (s: string | undefined) => (s ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 500);

interface Profile {
  bank: StatementBank;
  /** Looks at the first lines of the file (lowercased). */
  detect: (head: string) => boolean;
  mapping: ColumnMapping;
  /** The account number from the file's header lines. */
  account?: (records: string[][]) => string | null;
}

/** The label row's second cell: 'Account:,62812345678 [Gold Business]' → 62812345678. */
const labelled = (label: RegExp) => (records: string[][]) => {
  for (const r of records.slice(0, 15)) {
    if (r[0] && label.test(r[0].trim())) return /\d[\d -]{4,}\d/.exec(r[1] ?? '')?.[0].replace(/[ -]/g, '') ?? null;
  }
  return null;
};

const PROFILES: Profile[] = [
  {
    bank: 'fnb',
    detect: (h) => h.includes('account transaction history') || (h.includes('\ndate,amount,balance,description') && h.includes('fnb')),
    mapping: { date: 'Date', amount: 'Amount', balance: 'Balance', description: 'Description' },
    account: labelled(/^account:?$/i),
  },
  {
    bank: 'absa',
    detect: (h) => h.includes('absa') || h.includes('transaction description,amount,balance'),
    mapping: { date: 'Date', amount: 'Amount', balance: 'Balance', description: 'Transaction Description' },
    account: labelled(/^account number:?$/i),
  },
  {
    bank: 'nedbank',
    detect: (h) => h.includes('nedbank'),
    mapping: { date: 'Transaction date', description: 'Description', reference: 'Reference', debit: 'Debit', credit: 'Credit', balance: 'Balance' },
    account: labelled(/^account number:?$/i),
  },
  {
    bank: 'capitec',
    detect: (h) => h.includes('posting date') && h.includes('money in'),
    mapping: { date: 'Transaction Date', description: 'Description', credit: 'Money In', debit: 'Money Out', balance: 'Balance' },
    account: (records) => {
      const header = records.findIndex((r) => r.some((c) => c.trim().toLowerCase() === 'account'));
      if (header < 0) return null;
      const col = records[header]!.findIndex((c) => c.trim().toLowerCase() === 'account');
      return records[header + 1]?.[col]?.trim() || null;
    },
  },
];

/** Which export this is, from its first lines; null: not one we know (the treasurer maps its columns). */
export function detectBank(text: string): StatementBank | null {
  const head = text.slice(0, 2000).toLowerCase();
  if (/<ofx>|ofxheader/.test(head)) return 'ofx';
  if (/^acc-no,|\nhist,/.test(head)) return 'standardbank';
  return PROFILES.find((p) => p.detect(head))?.bank ?? null;
}

function records(text: string): { record: string[]; line: number }[] {
  const rows = parseCsv(text, {
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 64 * 1024,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return rows.map((r) => ({ record: r.record, line: r.info.lines }));
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Amount of one row: the amount column, or credit minus debit (a debit written with or without its minus). */
function rowAmount(get: (col?: string) => string, m: ColumnMapping): { cents: number } | { error: string } {
  if (m.amount) {
    const raw = get(m.amount);
    const cents = parseAmountCents(raw);
    return cents === null ? { error: `the amount '${clean(raw).slice(0, 40)}' is not an amount` } : { cents };
  }
  const credit = get(m.credit).trim();
  const debit = m.debit ? get(m.debit).trim() : '';
  const c = credit ? parseAmountCents(credit) : 0;
  if (c === null) return { error: `the credit '${clean(credit).slice(0, 40)}' is not an amount` };
  const d = debit ? parseAmountCents(debit) : 0;
  if (d === null) return { error: `the debit '${clean(debit).slice(0, 40)}' is not an amount` };
  return { cents: Math.abs(c) - Math.abs(d) };
}

/** Rows under the header row that holds every mapped column; rows without a date (totals, blank rows) are not transactions. */
export function parseMapped(text: string, mapping: ColumnMapping, bank: StatementBank = 'mapped'): ParsedStatement {
  const all = records(text);
  const wanted = [mapping.date, mapping.amount, mapping.credit, mapping.debit, mapping.description, mapping.reference, mapping.balance].filter(
    (c): c is string => !!c,
  );
  const headerAt = all.findIndex(({ record }) => {
    const cells = record.map(norm);
    return wanted.every((w) => cells.includes(norm(w)));
  });
  if (headerAt < 0) throw new StatementRefused(BANK_TEXTS.noHeader(wanted.join(', ')));
  const header = all[headerAt]!.record.map(norm);
  const index = new Map(header.map((h, i) => [h, i] as const));
  const profile = PROFILES.find((p) => p.bank === bank);
  const account = profile?.account?.(all.map((r) => r.record)) ?? null;
  const entries: StatementEntry[] = [];
  const errors: LineError[] = [];
  for (const { record, line } of all.slice(headerAt + 1)) {
    const get = (col?: string) => (col ? (record[index.get(norm(col)) ?? -1] ?? '') : '');
    const rawDate = get(mapping.date).trim();
    if (!rawDate) continue;
    const date = parseStatementDate(rawDate);
    if (!date) {
      errors.push({ line, message: `the date '${clean(rawDate).slice(0, 40)}' is not a date` });
      continue;
    }
    const amount = rowAmount(get, mapping);
    if ('error' in amount) {
      errors.push({ line, message: amount.error });
      continue;
    }
    const rawBalance = mapping.balance ? get(mapping.balance).trim() : '';
    entries.push({
      line,
      date,
      amountCents: amount.cents,
      description: clean(get(mapping.description)),
      reference: clean(get(mapping.reference)) || null,
      balanceCents: rawBalance ? parseAmountCents(rawBalance) : null,
      bankId: null,
    });
    if (entries.length + errors.length > STATEMENT_MAX_LINES) throw new StatementRefused(BANK_TEXTS.tooManyLines);
  }
  return { bank, account, entries, errors };
}

/** Standard Bank's export: ACC-NO, OPEN and CLOSE rows around HIST rows (type, date, -, amount, description, reference, balance). */
function parseStandardBank(text: string): ParsedStatement {
  const entries: StatementEntry[] = [];
  const errors: LineError[] = [];
  let account: string | null = null;
  for (const { record, line } of records(text)) {
    const kind = record[0]?.trim().toUpperCase();
    if (kind === 'ACC-NO') account = record[1]?.trim().replace(/[ -]/g, '') || null;
    if (kind !== 'HIST') continue;
    const date = parseStatementDate(record[1] ?? '');
    if (!date) {
      errors.push({ line, message: `the date '${clean(record[1]).slice(0, 40)}' is not a date` });
      continue;
    }
    const cents = parseAmountCents(record[3] ?? '');
    if (cents === null) {
      errors.push({ line, message: `the amount '${clean(record[3]).slice(0, 40)}' is not an amount` });
      continue;
    }
    const balance = record[6]?.trim();
    entries.push({
      line,
      date,
      amountCents: cents,
      description: clean(record[4]),
      reference: clean(record[5]) || null,
      balanceCents: balance ? parseAmountCents(balance) : null,
      bankId: null,
    });
    if (entries.length + errors.length > STATEMENT_MAX_LINES) throw new StatementRefused(BANK_TEXTS.tooManyLines);
  }
  return { bank: 'standardbank', account, entries, errors };
}

/** A file refused whole (no header, not a statement, too many lines): its message is the treasurer's to act on. */
export class StatementRefused extends Error {}

/** A statement's transactions: the export recognised from its first lines, or read by the treasurer's column mapping. */
export function parseStatement(text: string, mapping?: ColumnMapping): ParsedStatement {
  if (!text.trim()) throw new StatementRefused(BANK_TEXTS.empty);
  if (mapping) return parseMapped(text, mapping);
  const bank = detectBank(text);
  if (bank === 'ofx') return parseOfx(text);
  if (bank === 'standardbank') return parseStandardBank(text);
  const profile = PROFILES.find((p) => p.bank === bank);
  if (!profile) throw new StatementRefused(BANK_TEXTS.unknownFormat);
  try {
    return parseMapped(text, profile.mapping, profile.bank);
  } catch (err) {
    // Recognised by its first lines but without the expected columns: the export changed, or it is another file.
    if (err instanceof StatementRefused) throw new StatementRefused(`${err.message} ${BANK_TEXTS.unknownFormat}`);
    throw err;
  }
}
