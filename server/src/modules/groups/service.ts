import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GROUP_TEXTS,
  isGroupLeaderRole,
  type GroupRole,
  type groupCreateRequest,
  type groupsListQuery,
  type groupUpdateRequest,
} from '@church/contract/groups';
import { can } from '@church/contract/roles';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth';
import type { AuditFn } from '../care/audit-port';
import { presentDetail, presentSummary, runsGroup, viewOf } from './presenter';
import type { GroupsRepository } from './repository';

/** An ILIKE pattern that finds `text` anywhere, with LIKE's own characters taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type ListQuery = z.output<typeof groupsListQuery>;
type CreateInput = z.output<typeof groupCreateRequest>;
type UpdateInput = z.output<typeof groupUpdateRequest>;

/** Someone joined or left a group: the group's chat room and the domain events follow (set by the module's wiring). */
export interface MembershipChange {
  groupId: string;
  userId: string;
  joined: boolean;
}
export type MembershipHook = (tx: DbOrTx, change: MembershipChange) => Promise<void>;

export function createGroupsService({
  db,
  repo,
  audit,
  onMembership = async () => {},
  onSchedule = async () => {},
  timeZone = async () => 'Africa/Johannesburg',
}: {
  db: Db;
  repo: GroupsRepository;
  audit: AuditFn;
  onMembership?: MembershipHook;
  /** The group's schedule is new or changed: its coming meetings follow (meetings/schedule.ts). */
  onSchedule?: (tx: DbOrTx, groupId: string, timeZone: string) => Promise<void>;
  /** The church's time zone, read before a transaction opens (the embedded database has one connection). */
  timeZone?: () => Promise<string>;
}) {
  /** The group as the caller may see it, or 404 when a closed group is none of their business. */
  async function visible(user: SessionUser, id: string, tx: DbOrTx = db) {
    const row = await repo.summary(user.id, id, tx);
    if (!row) throw notFound(GROUP_TEXTS.notFound);
    const view = viewOf(user, row);
    if (view === 'outsider' && !row.is_open) throw notFound(GROUP_TEXTS.notFound);
    return { row, view };
  }
  /** The group, when the caller runs it (its leader or co-leader, or the church office). */
  async function runBy(user: SessionUser, id: string, tx: DbOrTx = db) {
    const found = await visible(user, id, tx);
    if (!runsGroup(found.view)) throw forbidden(GROUP_TEXTS.notLeader);
    return found;
  }
  async function detail(user: SessionUser, id: string, tx: DbOrTx = db) {
    const { row, view } = await visible(user, id, tx);
    const members = await repo.members(id, tx);
    const requests = runsGroup(view) ? await repo.requestCount(id, tx) : null;
    return presentDetail(row, view, members, requests);
  }
  /** At least one leader or co-leader stays once `userId` stops leading. */
  async function keepsALeader(tx: DbOrTx, groupId: string, userId: string) {
    const current = await repo.membership(tx, groupId, userId);
    if (current?.status !== 'active' || !isGroupLeaderRole(current.role)) return;
    if ((await repo.leaderCount(tx, groupId)) <= 1) throw conflict(GROUP_TEXTS.lastLeader);
  }
  async function checkNetwork(tx: DbOrTx, networkId: string | null | undefined) {
    if (networkId && !(await repo.networkExists(tx, networkId))) throw badRequest('That zone or district does not exist');
  }

  return {
    visible,
    runBy,
    detail,
    async mine(user: SessionUser) {
      const { rows } = await repo.summaries(user.id, sql`mine.status in ('active', 'requested')`, { limit: 200, offset: 0 });
      return rows.map(presentSummary);
    },
    /** Open groups anyone signed in may find and ask to join. */
    async directory(user: SessionUser, q: ListQuery) {
      const filters = [sql`g.is_open`];
      if (q.type) filters.push(sql`g.type = ${q.type}`);
      if (q.q) filters.push(sql`(g.name ilike ${contains(q.q)} or g.meeting_place ilike ${contains(q.q)})`);
      const { rows, total } = await repo.summaries(user.id, sql.join(filters, sql` and `), {
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { groups: rows.map(presentSummary), total };
    },
    /** Every group, for the church office. */
    async all(user: SessionUser, q: ListQuery) {
      const filters = [sql`true`];
      if (q.type) filters.push(sql`g.type = ${q.type}`);
      if (q.networkId) filters.push(sql`g.network_id = ${q.networkId}::uuid`);
      if (q.q) filters.push(sql`g.name ilike ${contains(q.q)}`);
      const { rows, total } = await repo.summaries(user.id, sql.join(filters, sql` and `), {
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { groups: rows.map(presentSummary), total };
    },
    async create(user: SessionUser, input: CreateInput) {
      const tz = await timeZone();
      return db.transaction(async (tx) => {
        await checkNetwork(tx, input.networkId);
        const leader = await repo.person(tx, input.leaderId);
        if (!leader) throw badRequest(GROUP_TEXTS.personNotFound);
        const { leaderId, ...fields } = input;
        const group = await repo.insertGroup(tx, fields);
        await repo.upsertMember(tx, { groupId: group.id, userId: leaderId, role: 'leader', status: 'active', joinedAt: new Date() });
        await onMembership(tx, { groupId: group.id, userId: leaderId, joined: true });
        await onSchedule(tx, group.id, tz);
        return detail(user, group.id, tx);
      });
    },
    async update(user: SessionUser, id: string, input: UpdateInput) {
      const tz = await timeZone();
      return db.transaction(async (tx) => {
        const { view } = await runBy(user, id, tx);
        // Which district a group belongs to is the church office's arrangement, not the group's own choice.
        if (input.networkId !== undefined && view !== 'manager') throw forbidden('Only the church office moves a group between zones');
        await checkNetwork(tx, input.networkId);
        await repo.updateGroup(tx, id, input);
        if (input.meetingDay !== undefined || input.meetingTime !== undefined || input.frequency !== undefined) {
          // Coming meetings made from the old schedule and not yet recorded go; the new schedule makes its own.
          await tx.execute(sql`
            delete from group_meetings where group_id = ${id}::uuid and generated and recorded_at is null
               and status = 'scheduled' and starts_at > now()`);
          await onSchedule(tx, id, tz);
        }
        return detail(user, id, tx);
      });
    },
    async archive(user: SessionUser, id: string) {
      await db.transaction(async (tx) => {
        if (!(await repo.lockGroup(tx, id))) throw notFound(GROUP_TEXTS.notFound);
        await repo.updateGroup(tx, id, { archivedAt: new Date() });
        await audit(tx, { actor: user, action: 'group.archived', entityType: 'group', entityId: id, before: null, after: null });
      });
    },
    /** Saves the new picture's file name; returns the one it replaces (for the caller to delete). */
    async setPicture(id: string, file: string) {
      return db.transaction(async (tx) => {
        const group = await repo.lockGroup(tx, id);
        if (!group) throw notFound(GROUP_TEXTS.notFound);
        await repo.updateGroup(tx, id, { pictureFile: file });
        return group.pictureFile;
      });
    },
    async pictureOf(file: string) {
      const res = (await db.execute(sql`select 1 from groups where picture_file = ${file} and archived_at is null`)) as unknown as {
        rows: unknown[];
      };
      return res.rows.length > 0;
    },
    async requestToJoin(user: SessionUser, id: string, message: string) {
      return db.transaction(async (tx) => {
        const group = await repo.lockGroup(tx, id);
        const mine = await repo.membership(tx, id, user.id);
        if (!group || (!group.isOpen && mine?.status !== 'active')) throw notFound(GROUP_TEXTS.notFound);
        if (mine?.status === 'active') throw conflict(GROUP_TEXTS.alreadyMember);
        if (mine?.status === 'requested') throw conflict(GROUP_TEXTS.alreadyRequested);
        if (group.capacity !== null && (await repo.activeCount(tx, id)) >= group.capacity) throw conflict(GROUP_TEXTS.full);
        await repo.upsertMember(tx, {
          groupId: id,
          userId: user.id,
          role: 'member',
          status: 'requested',
          message,
          requestedAt: new Date(),
        });
        return detail(user, id, tx);
      });
    },
    async leave(user: SessionUser, id: string) {
      await db.transaction(async (tx) => {
        if (!(await repo.lockGroup(tx, id))) throw notFound(GROUP_TEXTS.notFound);
        const mine = await repo.membership(tx, id, user.id);
        if (!mine || (mine.status !== 'active' && mine.status !== 'requested')) throw notFound('You are not in this group');
        await keepsALeader(tx, id, user.id);
        await repo.setMember(tx, id, user.id, { status: 'left', leftAt: new Date() });
        if (mine.status === 'active') await onMembership(tx, { groupId: id, userId: user.id, joined: false });
      });
    },
    async requests(user: SessionUser, id: string) {
      await runBy(user, id);
      return repo.requests(id);
    },
    async decide(user: SessionUser, id: string, userId: string, accept: boolean) {
      return db.transaction(async (tx) => {
        await runBy(user, id, tx);
        const group = await repo.lockGroup(tx, id);
        const row = await repo.membership(tx, id, userId);
        if (!group || row?.status !== 'requested') throw notFound(GROUP_TEXTS.requestNotFound);
        const person = (await repo.person(tx, userId)) ?? { name: 'This person' };
        if (accept) {
          if (group.capacity !== null && (await repo.activeCount(tx, id)) >= group.capacity) throw conflict(GROUP_TEXTS.full);
          await repo.setMember(tx, id, userId, { status: 'active', role: 'member', joinedAt: new Date(), leftAt: null });
          await onMembership(tx, { groupId: id, userId, joined: true });
        } else {
          await repo.setMember(tx, id, userId, { status: 'declined' });
        }
        await audit(tx, {
          actor: user,
          action: accept ? 'group.request_accepted' : 'group.request_declined',
          entityType: 'group',
          entityId: id,
          summary: `${person.name} — ${group.name}`,
          before: { userId, status: 'requested' },
          after: { userId, status: accept ? 'active' : 'declined' },
        });
        return accept ? GROUP_TEXTS.accepted(person.name) : GROUP_TEXTS.declined;
      });
    },
    /**
     * The church office adds someone directly. Not a leader: a leader who could add anyone by id
     * would read that person's phone and e-mail on the group page.
     */
    async addMember(user: SessionUser, id: string, userId: string, role: GroupRole) {
      if (!can(user, 'groups:manage')) throw forbidden();
      return db.transaction(async (tx) => {
        if (!(await repo.lockGroup(tx, id))) throw notFound(GROUP_TEXTS.notFound);
        const person = await repo.person(tx, userId);
        if (!person) throw badRequest(GROUP_TEXTS.personNotFound);
        const was = await repo.membership(tx, id, userId);
        if (was?.status === 'active') throw conflict(GROUP_TEXTS.alreadyMember);
        await repo.upsertMember(tx, { groupId: id, userId, role, status: 'active', joinedAt: new Date() });
        await onMembership(tx, { groupId: id, userId, joined: true });
        await audit(tx, {
          actor: user,
          action: 'group.member_added',
          entityType: 'group',
          entityId: id,
          before: null,
          after: { userId, role },
        });
        return GROUP_TEXTS.memberAdded(person.name);
      });
    },
    async setRole(user: SessionUser, id: string, userId: string, role: GroupRole) {
      await db.transaction(async (tx) => {
        await runBy(user, id, tx);
        await repo.lockGroup(tx, id);
        const row = await repo.membership(tx, id, userId);
        if (row?.status !== 'active') throw notFound('That person is not in this group');
        if (!isGroupLeaderRole(role)) await keepsALeader(tx, id, userId);
        await repo.setMember(tx, id, userId, { role });
        await audit(tx, {
          actor: user,
          action: 'group.role_changed',
          entityType: 'group',
          entityId: id,
          before: { userId, role: row.role },
          after: { userId, role },
        });
      });
    },
    async removeMember(user: SessionUser, id: string, userId: string) {
      await db.transaction(async (tx) => {
        await runBy(user, id, tx);
        await repo.lockGroup(tx, id);
        const row = await repo.membership(tx, id, userId);
        if (row?.status !== 'active') throw notFound('That person is not in this group');
        await keepsALeader(tx, id, userId);
        await repo.setMember(tx, id, userId, { status: 'left', leftAt: new Date() });
        await onMembership(tx, { groupId: id, userId, joined: false });
        await audit(tx, {
          actor: user,
          action: 'group.member_removed',
          entityType: 'group',
          entityId: id,
          before: { userId, role: row.role },
          after: null,
        });
      });
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
