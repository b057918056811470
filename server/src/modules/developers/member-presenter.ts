import type { UserRow } from '../../db/schema/index';

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
