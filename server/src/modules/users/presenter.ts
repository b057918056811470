import type { User } from '@church/contract/users';
import type { UserRow } from '../../db/schema/index';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The only way a user row leaves the server: no hash, no token version, no developer internals. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    role: row.role as User['role'],
    permissions: row.permissions,
    status: row.status as User['status'],
    isActive: row.isActive,
    isVolunteer: row.isVolunteer,
    joinDate: row.joinDate,
    birthday: row.birthday,
    dateOfBirth: row.birthday,
    baptismDate: row.baptismDate,
    spiritualGifts: row.spiritualGifts,
    ministryInterests: row.ministryInterests,
    gender: row.gender as User['gender'],
    maritalStatus: row.maritalStatus as User['maritalStatus'],
    occupation: row.occupation,
    emergencyContact: row.emergencyContact,
    notes: row.notes,
    lastContacted: iso(row.lastContacted),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
