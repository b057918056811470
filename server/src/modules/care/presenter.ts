import type { CareVisit } from '@church/contract/care';
import type { CareRepository } from './repository';

type VisitRow = NonNullable<Awaited<ReturnType<CareRepository['findVisit']>>>;
const ref = (p: { id: string | null; name: string | null } | null) => (p?.id ? { _id: p.id, id: p.id, name: p.name ?? '' } : null);

/** Includes the confidential notes: only routes behind 'care:notes' may call this. */
export function presentVisit(r: VisitRow): CareVisit {
  return {
    _id: r.visit.id,
    id: r.visit.id,
    member: { _id: r.member.id, id: r.member.id, name: r.member.name },
    kind: r.visit.kind as CareVisit['kind'],
    visitedOn: r.visit.visitedOn,
    notes: r.visit.notes,
    followUpOn: r.visit.followUpOn,
    followUpDoneAt: r.visit.followUpDoneAt ? r.visit.followUpDoneAt.toISOString() : null,
    assignee: ref(r.assignee),
    recordedBy: ref(r.recorder),
    createdAt: r.visit.createdAt.toISOString(),
  };
}
