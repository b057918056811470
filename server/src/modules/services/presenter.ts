import type { Assignment, ServiceSummary } from '@church/contract/services';
import type { AssignmentRow, ServiceRow } from '../../db/schema/index';

export interface AssignmentJoined {
  a: AssignmentRow;
  personName: string;
  positionName: string;
  teamName: string;
  substituteName: string | null;
}

export function presentAssignment({ a, personName, positionName, teamName, substituteName }: AssignmentJoined): Assignment {
  return {
    _id: a.id,
    id: a.id,
    serviceId: a.serviceId,
    positionId: a.positionId,
    positionName,
    teamName,
    person: { id: a.userId, name: personName },
    status: a.status as Assignment['status'],
    reason: a.reason,
    proposedSubstitute: a.proposedSubstituteId && substituteName ? { id: a.proposedSubstituteId, name: substituteName } : null,
    respondedAt: a.respondedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}

export function presentServiceSummary(s: ServiceRow, counts: { needed: number; accepted: number; pending: number }): ServiceSummary {
  return {
    _id: s.id,
    id: s.id,
    title: s.title,
    date: s.serviceDay,
    time: s.localTime,
    startsAt: s.startsAt.toISOString(),
    durationMinutes: s.durationMinutes,
    source: s.source === 'service-times' ? 'service-times' : 'one-off',
    ...counts,
  };
}
