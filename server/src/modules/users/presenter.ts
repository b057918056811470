import type { MemberRecord, User } from '@church/contract/users';
import { can, type Principal } from '@church/contract/roles';
import type { UserRow } from '../../db/schema/index';
import { toLocale } from '@church/contract/i18n/locales';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * A person's own account as login, register, me and profile answer it: no hash, no token
 * version, and none of what leaders wrote about them (notes, lastContacted).
 */
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
    language: toLocale(row.language),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** May this caller read what leaders wrote about members? Pastoral roles only (care:notes), never elders or members. */
export const readsLeaderNotes = (viewer: Principal) => can(viewer, 'care:notes');

/**
 * A member as the leaders' directory, detail and edit calls present them. The leader-written
 * fields are added only for a viewer who holds 'care:notes'; an elder's directory (members:read)
 * gets the record without them.
 */
export function presentMember(row: UserRow, viewer: Principal): MemberRecord {
  const base = presentUser(row);
  if (!readsLeaderNotes(viewer)) return base;
  return { ...base, notes: row.notes, lastContacted: iso(row.lastContacted) };
}
