import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeStatement, detectBank, parseStatement, parseStatementDate, StatementRefused } from './parse';

const fixture = (name: string) => decodeStatement(readFileSync(path.join(__dirname, '../../../../test/fixtures/bank', name)));
const credits = (text: string) => parseStatement(text).entries.filter((e) => e.amountCents > 0);

describe('bank statement parsing (issue 32)', () => {
  it('reads FNB: header lines, the account, 2026/11/30 dates, signed amounts, a formula kept as text', () => {
    const s = parseStatement(fixture('fnb.csv'));
    expect(s.bank).toBe('fnb');
    expect(s.account).toBe('62812345678');
    expect(s.errors).toEqual([]);
    expect(s.entries).toHaveLength(6);
    expect(s.entries[0]).toMatchObject({ date: '2026-11-30', amountCents: 50000, balanceCents: 1431055 });
    expect(s.entries[0]!.description).toContain('GIV-K7M2Q9TX');
    expect(s.entries[2]).toMatchObject({ date: '2026-11-29', amountCents: 120000 });
    expect(s.entries[1]!.amountCents).toBe(-125000);
    expect(s.entries[5]!.description).toBe('=HYPERLINK("http://evil.example"; "Click") CASH DEPOSIT');
  });

  it('reads ABSA: YYYYMMDD dates, "1 500,00" amounts, a file mixing Windows-1252 and UTF-8 lines', () => {
    const s = parseStatement(fixture('absa.csv'));
    expect(s.bank).toBe('absa');
    expect(s.account).toBe('4012345678');
    expect(s.errors).toEqual([]);
    expect(s.entries.map((e) => [e.date, e.amountCents])).toEqual([
      ['2026-11-02', 150000],
      ['2026-11-03', -82000],
      ['2026-11-05', 25000],
      ['2026-11-09', 100000],
    ]);
    expect(s.entries[1]!.description).toContain('CAFÉ'); // a UTF-8 line
    expect(s.entries[2]!.description).toContain('NAÏDOO'); // a Windows-1252 line
  });

  it('reads Standard Bank: ACC-NO and HIST rows, description and reference apart', () => {
    const s = parseStatement(fixture('standardbank.csv'));
    expect(s.bank).toBe('standardbank');
    expect(s.account).toBe('000123456789');
    expect(s.entries).toHaveLength(4);
    expect(s.entries[0]).toMatchObject({ date: '2026-11-03', amountCents: 75000, description: 'IB PAYMENT FROM', reference: 'L NKOSI GIV-D4VW7YKS', balanceCents: 875000 });
  });

  it('reads Nedbank: 02 Nov 2026 dates, separate debit and credit columns', () => {
    const s = parseStatement(fixture('nedbank.csv'));
    expect(s.bank).toBe('nedbank');
    expect(s.account).toBe('1987654321');
    expect(s.entries.map((e) => [e.date, e.amountCents])).toEqual([
      ['2026-11-02', 100000],
      ['2026-11-05', -5500],
      ['2026-11-12', 250000],
      ['2026-11-30', 15000],
    ]);
    expect(s.entries[0]!.reference).toBe('GIV-M8BG5RZC P DLAMINI');
  });

  it('reads Capitec: money in and money out, the account from its column, dates with a time', () => {
    const s = parseStatement(fixture('capitec.csv'));
    expect(s.bank).toBe('capitec');
    expect(s.account).toBe('1234567890');
    expect(credits(fixture('capitec.csv')).map((e) => [e.date, e.amountCents])).toEqual([
      ['2026-11-02', 30000],
      ['2026-11-04', 12000],
    ]);
    expect(s.entries[1]!.amountCents).toBe(-20000);
  });

  it('reads OFX (SGML, closing tags optional or not): FITID, NAME and MEMO, entities decoded', () => {
    const s = parseStatement(fixture('statement.ofx'));
    expect(s.bank).toBe('ofx');
    expect(s.account).toBe('62812345678');
    expect(s.entries.map((e) => [e.date, e.amountCents, e.bankId])).toEqual([
      ['2026-11-02', 50000, '202611020001'],
      ['2026-11-03', -9999, '202611030001'],
      ['2026-11-04', 27525, '202611040001'],
    ]);
    expect(s.entries[0]!.description).toBe('FNB APP PAYMENT FROM T MOKOENA GIV-K7M2Q9TX');
    expect(s.entries[2]!.description).toBe('ACB CREDIT S NDLOVU & FAMILY');
  });

  it('reads any CSV by its column mapping, and says which columns it could not find', () => {
    const text = 'Posted,In,Out,Narrative,Ref\n30/11/2026,"1,234.56",,Gift,GIV-K7M2Q9TX\n01/12/2026,,10.00,Fee,\n';
    const s = parseStatement(text, { date: 'posted', credit: 'In', debit: 'Out', description: 'Narrative', reference: 'Ref' });
    expect(s.bank).toBe('mapped');
    expect(s.entries.map((e) => [e.date, e.amountCents, e.reference])).toEqual([
      ['2026-11-30', 123456, 'GIV-K7M2Q9TX'],
      ['2026-12-01', -1000, null],
    ]);
    expect(() => parseStatement(text, { date: 'Date', amount: 'Amount', description: 'Narrative' })).toThrow(/Date, Amount, Narrative/);
  });

  it('refuses line by line what is not a date or an amount, and a file it does not know', () => {
    const s = parseStatement('ACCOUNT TRANSACTION HISTORY\nDate,Amount,Balance,Description\n2026/11/31,10.00,,x\n2026/11/30,=1+2,,y\n2026/11/29,5.00,,z\n');
    expect(s.errors).toEqual([
      { line: 3, message: "the date '2026/11/31' is not a date" },
      { line: 4, message: "the amount '=1+2' is not an amount" },
    ]);
    expect(s.entries).toHaveLength(1);
    expect(() => parseStatement('name,email\nA,a@example.org\n')).toThrow(StatementRefused);
    expect(() => parseStatement('   \n')).toThrow(/empty/);
    expect(detectBank('ACCOUNT TRANSACTION HISTORY\n')).toBe('fnb');
  });

  it.each([
    ['2026/11/30', '2026-11-30'],
    ['2026-11-30 00:00', '2026-11-30'],
    ['20261130', '2026-11-30'],
    ['30/11/2026', '2026-11-30'],
    ['30 Nov 2026', '2026-11-30'],
    ['30Nov2026', '2026-11-30'],
    ['30-Nov-2026', '2026-11-30'],
    ['1 November 2026', '2026-11-01'],
    ['5 Mei 2026', '2026-05-05'],
    ['2026/02/29', null],
    ['31/04/2026', null],
    ['11/30/2026', null],
    ['yesterday', null],
  ])('date %s → %s', (text, iso) => {
    expect(parseStatementDate(text)).toBe(iso);
  });
});
