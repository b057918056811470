/**
 * Amounts as people and banks write them, read exactly into integer cents (issue 32): '1 234,56',
 * '1,234.56', 'R 1 234.56', '-1234.5', '(150.00)', '1234'. The decimal separator is the last '.' or ','
 * when one or two digits follow it; every other '.', ',', space, apostrophe or thin/no-break space is
 * a thousands separator and must group digits in threes. Anything else (letters, two decimal marks,
 * '1.234' which could be either) is refused with null: a bank line is never guessed.
 * One pass over at most 40 characters, no regular expression: linear by construction.
 */
export const AMOUNT_MAX_LENGTH = 40;
const GROUPING = new Set([' ', '\u00a0', '\u202f', '\u2009', "'", ',', '.']);

export function parseAmountCents(input: string): number | null {
  let s = input.trim();
  if (!s || s.length > AMOUNT_MAX_LENGTH) return null;
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = negative || s[0] === '-';
    s = s.slice(1).trim();
  } else if (s.endsWith('-')) {
    negative = true;
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('ZAR')) s = s.slice(3).trim();
  else if (s.startsWith('R')) s = s.slice(1).trim();
  if (s.startsWith('-') && !negative) {
    negative = true;
    s = s.slice(1).trim();
  }
  if (!s) return null;

  // Where the decimals start: the last separator followed by exactly one or two digits to the end.
  let decimalAt = -1;
  for (let i = s.length - 1; i >= 0 && i >= s.length - 3; i--) {
    const c = s[i]!;
    if (c === '.' || c === ',') {
      if (i < s.length - 1) decimalAt = i;
      break;
    }
    if (c < '0' || c > '9') return null;
  }
  const whole = decimalAt >= 0 ? s.slice(0, decimalAt) : s;
  const fraction = decimalAt >= 0 ? s.slice(decimalAt + 1) : '';

  // The whole part: digits, and separators that each stand before a group of exactly three digits.
  let digits = '';
  let sinceSeparator = -1; // digits since the last separator; -1 before the first one
  let separator = '';
  for (const c of whole) {
    if (c >= '0' && c <= '9') {
      digits += c;
      if (sinceSeparator >= 0) sinceSeparator++;
      continue;
    }
    if (!GROUPING.has(c)) return null;
    if (!digits) return null;
    if (sinceSeparator >= 0 && sinceSeparator !== 3) return null;
    // One kind of grouping per number ('1,234.56' or '1 234,56', never '1.234,567.89').
    if (separator && separator !== c) return null;
    separator = c;
    sinceSeparator = 0;
  }
  if (!digits) return null;
  if (sinceSeparator >= 0 && sinceSeparator !== 3) return null;
  // '1.234' or '1,234' alone: a decimal mark with three decimals, or a thousands separator? Only ',' and a
  // space group thousands without decimals in what South African banks and people write; '1.234' is refused.
  if (decimalAt < 0 && separator === '.') return null;
  if (decimalAt >= 0 && separator === s[decimalAt]) return null;
  if (digits.length > 13) return null;
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}
