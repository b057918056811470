import type { Visitor } from '@church/contract/visitors';
import type { VisitorRow } from '../../db/schema/index';

export function presentVisitor(row: VisitorRow): Visitor {
  return {
    _id: row.id,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
    firstVisitDate: row.firstVisitDate,
    howHeard: row.howHeard as Visitor['howHeard'],
    interests: row.interests,
    status: row.status as Visitor['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
