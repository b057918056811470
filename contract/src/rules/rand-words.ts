/**
 * A rand amount in English words, as a section 18A certificate prints it beside the figures (issue 32):
 * 123456 cents → 'One thousand two hundred and thirty-four rand and fifty-six cents'. British/South African
 * usage: 'and' before the tens of each group ('one hundred and one', 'one thousand and five'), short scale.
 */
const ONES = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0–99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${t}-${ONES[n % 10]}` : t;
}

/** 1–999: 'one hundred and five'. */
function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (!h) return belowHundred(rest);
  return rest ? `${ONES[h]} hundred and ${belowHundred(rest)}` : `${ONES[h]} hundred`;
}

/** A whole number ≥ 0 in words: 1005 → 'one thousand and five', 2_300_000 → 'two million three hundred thousand'. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('numberInWords takes a whole number from 0');
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / 1000)) groups.push(x % 1000);
  if (groups.length > SCALES.length) throw new RangeError('numberInWords: too large');
  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (!g) continue;
    // The last group below a hundred, after higher groups, takes 'and': 'one thousand and five'.
    const words = i === 0 && g < 100 && parts.length ? `and ${belowHundred(g)}` : belowThousand(g);
    parts.push(SCALES[i] ? `${words} ${SCALES[i]}` : words);
  }
  return parts.join(' ');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Integer cents → 'One thousand two hundred and thirty-four rand and fifty-six cents' ('One rand', 'One cent'). */
export function randInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('randInWords takes whole cents from 0');
  const rand = Math.floor(cents / 100);
  const c = cents % 100;
  const centWords = `${numberInWords(c)} ${c === 1 ? 'cent' : 'cents'}`;
  if (rand === 0) return capitalise(c === 0 ? 'zero rand' : centWords);
  const randWords = `${numberInWords(rand)} rand`;
  return capitalise(c ? `${randWords} and ${centWords}` : randWords);
}
