import type { z } from 'zod';
import { CARE_RESPONSE_DAYS, FOLLOW_UP_NEW_DAYS, type careVisitRequest, type CareItem } from '@church/contract/care';
import { can } from '@church/contract/roles';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { dayIn } from '../../lib/zoned-time';
import type { AuditFn } from './audit-port';
import type { CareRepository } from './repository';

type VisitInput = z.output<typeof careVisitRequest>;

const LINKS: Record<CareItem['kind'], (id: string) => string> = {
  follow_up: () => '/pastoral-care?tab=visits',
  prayer: (id) => `/prayers/${id}`,
  visitor: () => '/visitors',
};
const TITLES: Record<string, string> = {
  visit: 'Follow up after home visit',
  call: 'Follow up after phone call',
  hospital: 'Follow up after hospital visit',
  counselling: 'Follow up after counselling',
};

export function createCareService({
  db,
  repo,
  timeZone,
  audit,
}: {
  db: Db;
  repo: CareRepository;
  timeZone: () => Promise<string>;
  audit: AuditFn;
}) {
  const today = async () => dayIn(await timeZone(), new Date());

  return {
    listVisits: async (opts: { memberId?: string; followUp: 'due' | 'all'; page: number; limit: number }) =>
      repo.listVisits({
        memberId: opts.memberId,
        dueBy: opts.followUp === 'due' ? await today() : undefined,
        page: opts.page,
        limit: opts.limit,
      }),

    async recordVisit(actor: UserRow, input: VisitInput) {
      if (input.visitedOn > (await today())) throw badRequest('The visit date cannot be in the future');
      return db.transaction(async (tx) => {
        const person = await repo.personExists(tx, input.memberId);
        if (!person) throw notFound('Member not found');
        if (input.assigneeId) {
          const leader = await repo.personExists(tx, input.assigneeId);
          if (!leader) throw notFound('Leader not found');
          if (!can({ role: leader.role }, 'care:notes')) throw badRequest('Follow-ups can only be assigned to a pastor or administrator');
        }
        const row = await repo.insertVisit(tx, {
          memberId: input.memberId,
          kind: input.kind,
          visitedOn: input.visitedOn,
          notes: input.notes,
          followUpOn: input.followUpOn,
          assigneeId: input.followUpOn ? (input.assigneeId ?? actor.id) : input.assigneeId,
          recordedBy: actor.id,
        });
        await repo.touchLastContacted(tx, input.memberId, new Date(`${input.visitedOn}T12:00:00Z`));
        // The note itself stays out of the audit entry: the audit log has a wider readership than care notes.
        await audit(tx, {
          actor,
          action: 'care.visit_recorded',
          entityType: 'member',
          entityId: input.memberId,
          before: null,
          after: { visitId: row.id, kind: row.kind, visitedOn: row.visitedOn, followUpOn: row.followUpOn, hasNotes: row.notes.length > 0 },
        });
        return (await repo.findVisit(row.id, tx))!;
      });
    },

    async setFollowUpDone(actor: UserRow, id: string, done: boolean) {
      return db.transaction(async (tx) => {
        const current = await repo.findVisit(id, tx);
        if (!current) throw notFound('Visit not found');
        if (!current.visit.followUpOn) throw badRequest('This visit has no follow-up');
        await repo.setFollowUpDone(tx, id, done);
        await audit(tx, {
          actor,
          action: done ? 'care.follow_up_done' : 'care.follow_up_reopened',
          entityType: 'member',
          entityId: current.visit.memberId,
          before: { visitId: id, followUpDoneAt: current.visit.followUpDoneAt },
          after: { visitId: id, done },
        });
        return (await repo.findVisit(id, tx))!;
      });
    },

    async inbox(actor: UserRow, mineOnly: boolean) {
      const rows = await repo.inbox(await today(), CARE_RESPONSE_DAYS);
      const items: CareItem[] = rows.map((r) => ({
        kind: r.kind as CareItem['kind'],
        id: r.id,
        title: r.kind === 'follow_up' ? (TITLES[r.title] ?? 'Follow up') : r.kind === 'prayer' ? `Prayer: ${r.title}` : r.title,
        person: r.person,
        assignee: r.assignee_id ? { _id: r.assignee_id, id: r.assignee_id, name: r.assignee_name ?? '' } : null,
        dueOn: r.due_on,
        status: r.overdue ? 'overdue' : 'open',
        link: LINKS[r.kind as CareItem['kind']](r.id),
      }));
      const mine = items.filter((i) => i.assignee?.id === actor.id);
      return {
        items: mineOnly ? mine : items,
        counts: {
          open: items.length,
          mine: mine.length,
          overdue: items.filter((i) => i.status === 'overdue').length,
          mineOverdue: mine.filter((i) => i.status === 'overdue').length,
        },
      };
    },

    async followUp(limit: number) {
      const since = dayIn(await timeZone(), new Date(Date.now() - FOLLOW_UP_NEW_DAYS * 86_400_000));
      const { rows, total } = await repo.followUpMembers(since, limit);
      return {
        members: rows.map((r) => ({
          _id: r.id,
          id: r.id,
          name: r.name,
          email: r.email,
          phone: r.phone,
          status: r.status,
          joinDate: r.joinDate,
          reason: (r.status === 'inactive' || !r.isActive ? 'inactive' : 'new') as 'inactive' | 'new',
          lastVisitOn: r.lastVisitOn,
        })),
        total,
      };
    },
  };
}
export type CareService = ReturnType<typeof createCareService>;
