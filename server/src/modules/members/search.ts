import { like, or, type SQL } from 'drizzle-orm';
import { looksLikePhone, phoneSearchDigits } from '@church/contract/rules/phone';
import { users } from '../../db/schema/index';

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search over name, e-mail and phone digits, served by two trigram indexes:
 * users_search_trgm_idx on search_text (lower(name || ' ' || email)) and
 * users_phone_digits_trgm_idx. One LIKE on a lowercased column is cheaper per
 * row than ILIKE on two (bench/reports/people.md). A query that looks like a
 * phone number searches only the phone digits; any form of a number finds it
 * ('082 555 1234', '+27 82 555 1234', '0825551234': contract rules/phone.ts).
 */
export function memberSearch(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const phones = phoneSearchDigits(text).map((d) => like(users.phoneDigits, `%${d}%`));
  if (looksLikePhone(text)) return or(...phones);
  return or(like(users.searchText, `%${escapeLike(text.toLowerCase())}%`), ...phones);
}
