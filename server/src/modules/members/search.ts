import { like, or, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The digit strings a phone search should match: '082 555 1234', '+27 82 555
 * 1234' and '0825551234' are one number. A leading 0 (South African trunk
 * prefix) and a leading 27 (country code) are tried both ways.
 */
export function phoneVariants(q: string): string[] {
  const digits = q.replace(/\D/g, '');
  if (digits.length < 3) return [];
  const out = new Set([digits]);
  if (digits.startsWith('27') && digits.length > 4) out.add(`0${digits.slice(2)}`);
  if (digits.startsWith('0') && digits.length > 3) out.add(`27${digits.slice(1)}`);
  return [...out];
}

/** Looks like a phone number: digits with only spacing and punctuation a phone is written with. */
export const looksLikePhone = (q: string) => /^[\d\s+().-]+$/.test(q) && q.replace(/\D/g, '').length >= 3;

/**
 * Search over name, e-mail and phone digits, served by two trigram indexes:
 * users_search_trgm_idx on search_text (lower(name || ' ' || email)) and
 * users_phone_digits_trgm_idx. One LIKE on a lowercased column is cheaper per
 * row than ILIKE on two (bench/reports/people.md). A query that looks like a
 * phone number searches only the phone digits.
 */
export function memberSearch(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const phones = phoneVariants(text).map((d) => like(users.phoneDigits, `%${d}%`));
  if (looksLikePhone(text)) return or(...phones);
  return or(like(users.searchText, `%${escapeLike(text.toLowerCase())}%`), ...phones);
}
