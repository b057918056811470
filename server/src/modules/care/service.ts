import type { z } from 'zod';
import type { SessionUser } from '../../plugins/auth';
import {
  CARE_RESPONSE_DAYS,
  CARE_TEXTS,
  FOLLOW_UP_NEW_DAYS,
  type careVisitRequest,
  type CareItem,
  type CareItemKind,
  type CareScope,
} from '@church/contract/care';
import { can } from '@church/contract/roles';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { dayIn } from '../../lib/zoned-time';
import type { AuditFn } from './audit-port';
import { recordRead } from '../audit/audit';
import { createNotifications } from '../notifications/repository';
import type { CareRepository } from './repository';

type VisitInput = z.output<typeof careVisitRequest>;

const LINKS: Record<CareItemKind, (id: string, ref: string | null) => string> = {
  follow_up: () => '/pastoral-care?tab=visits',
  prayer: (id) => `/prayers/${id}`,
  visitor: () => '/visitors',
  group_absence: (_id, groupId) => `/groups/${groupId}`,
};
const KIND_NOUN: Record<CareItemKind, string> = {
  follow_up: 'Follow-up',
  prayer: 'Prayer request',
  visitor: 'Visitor follow-up',
  group_absence: 'Group follow-up',
};
const FOLLOW_UP_TITLES: Record<string, string> = {
  visit: 'Follow up after home visit',
  call: 'Follow up after phone call',
  hospital: 'Follow up after hospital visit',
  counselling: 'Follow up after counselling',
};
/** The inbox row's title from its raw title: a visit's kind, a prayer's title, a visitor's status. */
function itemTitle(kind: CareItemKind, raw: string) {
  if (kind === 'follow_up') return FOLLOW_UP_TITLES[raw] ?? 'Follow up';
  if (kind === 'prayer') return `Prayer: ${raw}`;
  if (kind === 'group_absence') return `Missing from ${raw}`;
  return raw === 'contacted' ? 'Visitor contacted: follow up' : 'New visitor';
}

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
    /** Care notes are the most confidential record a church keeps: each read of them is in the audit log (POPIA). */
    async listVisits(reader: SessionUser, opts: { memberId?: string; followUp: 'due' | 'all'; page: number; limit: number }) {
      const page = await repo.listVisits({
        memberId: opts.memberId,
        dueBy: opts.followUp === 'due' ? await today() : undefined,
        page: opts.page,
        limit: opts.limit,
      });
      const people = [...new Set(page.rows.map((r) => r.member.id))].filter((id) => id !== reader.id);
      if (people.length)
        await recordRead(db, reader, {
          entityType: opts.memberId ? 'member' : 'care_visits',
          entityId: opts.memberId ?? `page ${opts.page}`,
          ownerId: opts.memberId ?? null,
          summary: opts.memberId
            ? `Read the pastoral visits of ${page.rows[0]?.member.name ?? 'a member'}`
            : `Read the pastoral visit list (${people.length} ${people.length === 1 ? 'person' : 'people'})`,
        });
      return page;
    },

    async recordVisit(actor: SessionUser, input: VisitInput) {
      if (input.visitedOn > (await today())) throw badRequest('The visit date cannot be in the future');
      return db.transaction(async (tx) => {
        const person = await repo.personExists(tx, input.memberId);
        if (!person || person.erasedAt) throw notFound('Member not found');
        if (input.assigneeId) {
          const leader = await repo.personExists(tx, input.assigneeId);
          if (!leader || leader.erasedAt || !leader.isActive) throw notFound('Leader not found');
          if (!can({ role: leader.role }, 'care:notes')) throw badRequest(CARE_TEXTS.assigneeNotLeader);
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

    async setFollowUpDone(actor: SessionUser, id: string, done: boolean) {
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

    async inbox(actor: SessionUser, q: { scope: CareScope; kind?: CareItemKind; page: number; limit: number }) {
      const tz = await timeZone();
      const [page, leaders] = await Promise.all([
        repo.inbox({ ...q, me: actor.id, today: dayIn(tz, new Date()), timeZone: tz, responseDays: CARE_RESPONSE_DAYS }),
        repo.careLeaders(),
      ]);
      const items: CareItem[] = page.items.map((r) => ({
        kind: r.kind,
        id: r.id,
        title: itemTitle(r.kind, r.title),
        person: r.person,
        assignee: r.assignee_id ? { _id: r.assignee_id, id: r.assignee_id, name: r.assignee_name ?? '' } : null,
        dueOn: r.due_on,
        status: r.overdue ? 'overdue' : 'open',
        link: LINKS[r.kind](r.id, r.ref),
      }));
      return {
        items,
        page: q.page,
        limit: q.limit,
        total: page.total,
        counts: page.counts,
        assignees: leaders.map((l) => ({ _id: l.id, id: l.id, name: l.name })),
      };
    },

    /** Gives an open inbox item (follow-up, prayer or visitor) to a pastor or administrator, or back to nobody. */
    async assign(actor: SessionUser, kind: CareItemKind, id: string, assigneeId: string | null) {
      return db.transaction(async (tx) => {
        const item = await repo.lockItem(tx, kind, id);
        if (!item) throw notFound(CARE_TEXTS.itemNotFound);
        let leader: { id: string; name: string } | null = null;
        if (assigneeId) {
          const person = await repo.personExists(tx, assigneeId);
          if (!person || person.erasedAt || !person.isActive) throw notFound('Leader not found');
          if (!can({ role: person.role }, 'care:notes')) throw badRequest(CARE_TEXTS.assigneeNotLeader);
          leader = { id: person.id, name: person.name };
        }
        if (item.assignee_id !== assigneeId) {
          await repo.assignItem(tx, kind, id, assigneeId);
          await audit(tx, {
            actor,
            action: 'care.assigned',
            entityType: kind === 'follow_up' ? 'care_visit' : kind,
            entityId: id,
            summary: leader
              ? `${KIND_NOUN[kind]} for ${item.person} assigned to ${leader.name}`
              : `${KIND_NOUN[kind]} for ${item.person} unassigned`,
            before: { assigneeId: item.assignee_id },
            after: { assigneeId },
          });
          // The new assignee hears about it in the app (not when they took it themselves).
          if (leader && leader.id !== actor.id)
            await createNotifications(tx, [
              {
                userId: leader.id,
                type: kind === 'prayer' ? 'prayer' : 'other',
                title: 'Assigned to you',
                message: `${actor.name} asked you to follow up: ${KIND_NOUN[kind].toLowerCase()} for ${item.person}.`,
                link: '/pastoral-care',
              },
            ]);
        }
        return { kind, id, assignee: leader && { _id: leader.id, id: leader.id, name: leader.name } };
      });
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
