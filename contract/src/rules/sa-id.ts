/**
 * South African identity numbers (YYMMDD SSSS C A Z): 13 digits whose last is
 * a Luhn check digit. SARS matches the ID on a section 18A receipt and the
 * IT3(d) return against its records, so a mistyped number is caught here.
 */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

export function isValidSaId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const [yy, mm, dd] = [value.slice(0, 2), value.slice(2, 4), value.slice(4, 6)].map(Number) as [number, number, number];
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31 || Number.isNaN(yy)) return false;
  return luhnSum(value) % 10 === 0;
}

/** The 13-digit ID whose first twelve digits are `first12` (for tests and demo data). */
export function withSaIdCheckDigit(first12: string): string {
  for (let c = 0; c <= 9; c++) if (luhnSum(first12 + c) % 10 === 0) return first12 + c;
  throw new Error('unreachable: one check digit always fits');
}
