import type { Visitor } from '@church/contract/visitors';
import type { VisitorRow } from '../../db/schema/index';

export function presentVisitor(row: VisitorRow, assignee?: { id: string; name: string } | null): Visitor {
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
    assignedTo: row.assignedTo ? (assignee ?? { id: row.assignedTo, name: '' }) : null,
    note: row.note,
    followUpOn: row.followUpOn,
    memberId: row.memberId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
