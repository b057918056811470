import { and, like, sql, type SQL } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema/index';

/**
 * What an API key may see of a person — chosen field by field: name, role,
 * status, volunteer flag, join date and ministry interests. Never contact
 * details, birthday, address, care notes or giving.
 */
export function presentPublicMember(row: UserRow) {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    role: row.role,
    status: row.status,
    isVolunteer: row.isVolunteer,
    joinDate: row.joinDate,
    ministryInterests: row.ministryInterests,
  };
}

/**
 * The sorts a key may ask for: only columns its view shows (issue 29, finding 1) — not the record's
 * creation time, which would order people by a value the key cannot see.
 */
export const PUBLIC_MEMBER_SORTS = ['name', 'joinDate', 'role', 'status'] as const;

/**
 * A key's ?q= matches only what presentPublicMember shows: the name. The directory's search also reads
 * e-mail and phone digits, which would let a key test a hidden address one request at a time. Served by
 * the same trigram index as the directory (search_text starts with the lowercased name, so every name
 * match is a search_text match), with the name itself as the condition that decides.
 */
export function publicMemberSearch(q: string): SQL | undefined {
  const text = q.trim().toLowerCase();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(like(users.searchText, pattern), like(sql`lower(${users.name})`, pattern));
}
