/**
 * Money is stored as integer cents of ZAR and spoken by the API in rand with
 * two decimals. Shown as 'R 1,234.56' (zero 'R 0.00') whatever the browser's
 * locale data says, so it is formatted by hand rather than with Intl.
 */
export function formatRand(amount: number | null | undefined): string {
  const value = Number.isFinite(amount) ? (amount as number) : 0;
  const cents = Math.round(Math.abs(value) * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (cents % 100).toString().padStart(2, '0');
  return `${value < 0 && cents > 0 ? '-' : ''}R ${whole}.${fraction}`;
}

export const randToCents = (rand: number) => Math.round(rand * 100);
export const centsToRand = (cents: number) => Math.round(cents) / 100;
