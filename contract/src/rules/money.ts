/**
 * Money is stored as integer cents of ZAR and spoken by the API in rand with
 * two decimals. Shown as 'R 1,234.56' (zero 'R 0.00') whatever the browser's
 * locale data says, so it is formatted by hand rather than with Intl.
 */
/** '1234567' → '1,234,567'. A loop, not a lookahead pattern: linear by construction. */
export function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

export function formatRand(amount: number | null | undefined): string {
  const value = Number.isFinite(amount) ? (amount as number) : 0;
  const cents = Math.round(Math.abs(value) * 100);
  const whole = groupThousands(Math.floor(cents / 100).toString());
  const fraction = (cents % 100).toString().padStart(2, '0');
  return `${value < 0 && cents > 0 ? '-' : ''}R ${whole}.${fraction}`;
}

export const randToCents = (rand: number) => Math.round(rand * 100);
export const centsToRand = (cents: number) => Math.round(cents) / 100;
