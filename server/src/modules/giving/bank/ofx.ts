import { parseAmountCents } from '@church/contract/rules/amount';
import type { LineError, ParsedStatement, StatementEntry } from './parse';

/**
 * OFX, tolerantly: version 1 (SGML, closing tags optional) and version 2 (XML) alike. Only what a statement
 * line needs is read — each <STMTTRN>'s DTPOSTED, TRNAMT, FITID, NAME and MEMO, and the account's ACCTID —
 * by tag name, so headers, namespaces and the tags we do not need never matter. (The npm OFX parsers are
 * unmaintained; this is fifty lines we can test.)
 */
const tag = (block: string, name: string) => {
  const m = new RegExp(`<${name}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? decodeEntities(m[1]!.trim()) : '';
};
const decodeEntities = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function parseOfx(text: string): ParsedStatement {
  const entries: StatementEntry[] = [];
  const errors: LineError[] = [];
  const account = tag(text, 'ACCTID') || null;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  // Blocks found with indexOf, not a lazy regular expression (linear on any input: regex-safety.test.ts).
  const upper = text.toUpperCase();
  const ends = ['</STMTTRN>', '<STMTTRN>', '</BANKTRANLIST>'];
  for (let at = upper.indexOf('<STMTTRN>'); at >= 0; at = upper.indexOf('<STMTTRN>', at + 1)) {
    const from = at + '<STMTTRN>'.length;
    const to = Math.min(...ends.map((e) => upper.indexOf(e, from)).filter((i) => i >= 0), text.length);
    const block = text.slice(from, to);
    const line = lineAt(at);
    const posted = /^(\d{4})(\d{2})(\d{2})/.exec(tag(block, 'DTPOSTED'));
    const date = posted ? `${posted[1]}-${posted[2]}-${posted[3]}` : null;
    if (!date || Number.isNaN(Date.parse(date))) {
      errors.push({ line, message: `the date '${tag(block, 'DTPOSTED').slice(0, 40)}' is not a date` });
      continue;
    }
    const rawAmount = tag(block, 'TRNAMT');
    const cents = parseAmountCents(rawAmount);
    if (cents === null) {
      errors.push({ line, message: `the amount '${rawAmount.slice(0, 40)}' is not an amount` });
      continue;
    }
    const name = tag(block, 'NAME');
    const memo = tag(block, 'MEMO');
    entries.push({
      line,
      date,
      amountCents: cents,
      description: [name, memo].filter(Boolean).join(' ').replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 500),
      reference: tag(block, 'REFNUM') || tag(block, 'CHECKNUM') || null,
      balanceCents: null,
      bankId: tag(block, 'FITID') || null,
    });
  }
  return { bank: 'ofx', account, entries, errors };
}
