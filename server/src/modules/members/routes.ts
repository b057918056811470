import type { FastifyInstance } from 'fastify';
import { originOf, type SessionOrigin } from '../auth/sessions';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import {
  HOUSEHOLD_ROLES,
  MEMBER_TEXTS,
  householdsQuery,
  householdsResponse,
  memberDetailResponse,
  memberHouseholdRequest,
  memberRoleRequest,
  memberSavedResponse,
  membersManageQuery,
  memberWriteRequest,
  confirmEmailChangeRequest,
  EMAIL_CHANGE_TEXTS,
} from '@church/contract/members-manage';
import {
  memberStatsResponse,
  membersListResponse,
  profileResponse,
  profileUpdateRequest,
  EMAIL_CHANGE_NEEDS_PASSWORD,
} from '@church/contract/members';
import { z } from 'zod';
import { publicMembersResponse } from '@church/contract/developers';
import { presentPublicMember } from './public-presenter';
import { newMemberCutoff } from '@church/contract/rules/dashboard';
import { isUniqueViolation, type Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import type { UserRow } from '../../db/schema/index';
import { auth, currentUser, currentUserRow } from '../../plugins/auth';
import { presentMember, presentUser, readsLeaderNotes } from '../users/presenter';
import { createMembersRepository } from './repository';
import { noEvents, type EmitEvent, type EmitEvents } from '../../events/domain-events';
import { memberObject } from '../../events/objects';
import { auditActor, recordAudit } from '../audit/audit';
import { createMembersService, type Actor } from './service';
import { setMemberPermissions } from './permissions';
import { memberPermissionsRequest, PERMISSION_TEXTS } from '@church/contract/member-permissions';
import { memberImportRoutes } from './import/routes';
import type { FastifyRequest } from 'fastify';
import type { Mailer } from '../../lib/mailer';
import { createEmailChanges } from './email-change';

function actorOf(request: FastifyRequest): Actor {
  const me = currentUser(request);
  return { ...auditActor(request), actorId: me.id, role: me.role, permissions: me.permissions };
}
const iso = (d: Date) => d.toISOString();

/**
 * Someone who manages members without 'care:notes' (granted through users.permissions) never
 * saw the notes, so their form cannot carry them: leave the stored notes as they are.
 */
function withoutNotesUnlessPastoral<T extends { notes?: unknown }>(request: FastifyRequest, body: T): T {
  return readsLeaderNotes(currentUser(request)) ? body : { ...body, notes: undefined };
}

const errors = errorResponses(400, 401, 403, 404, 409);
const EMAIL_TAKEN = 'An account with this email already exists';

/** What the profile update needs from the auth module: the password check (limited) and a new token. */
interface AccountPort {
  confirmCurrentPassword(user: UserRow, currentPassword: string): Promise<void>;
  issue(user: UserRow, from: SessionOrigin): Promise<string>;
}

export async function memberRoutes(
  appBase: FastifyInstance,
  {
    db,
    account,
    emit = noEvents,
    emitMany,
    mailer,
    publicUrl,
  }: { db: Db; account: AccountPort; emit?: EmitEvent; emitMany?: EmitEvents; mailer: Pick<Mailer, 'send'>; publicUrl: string },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const repo = createMembersRepository(db);
  const emailChanges = createEmailChanges({ db, mailer, publicUrl });
  const service = createMembersService(db, emit, emailChanges);
  const tags = ['Members'];
  const security = [{ bearerAuth: [] }];
  /** Routes of the public API: a bearer token or an X-API-Key whose tier (and owner) may write members. */
  const keyed: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  await app.register(memberImportRoutes, { db, emitMany, actorOf });

  app.get(
    '/members/profile',
    { preHandler: auth.required, schema: { tags, security, summary: 'Your profile', response: { 200: profileResponse, ...errors } } },
    async (request) => {
      const user = presentUser(await currentUserRow(request));
      return { status: 'success' as const, data: { member: user, user } };
    },
  );

  app.put(
    '/members/profile',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Update your profile', body: profileUpdateRequest, response: { 200: profileResponse, ...errors } },
    },
    async (request) => {
      const me = await currentUserRow(request);
      const b = request.body;
      // The e-mail is where a password reset goes: changing it takes the current password, like a new password does.
      const emailChanges = b.email !== me.email;
      if (emailChanges) {
        if (!b.currentPassword) throw badRequest(EMAIL_CHANGE_NEEDS_PASSWORD);
        await account.confirmCurrentPassword(me, b.currentPassword);
      }
      try {
        const row = await db.transaction(async (tx) => {
          const after = await repo.update(
            me.id,
            {
              name: b.name,
              email: b.email,
              phone: b.phone,
              address: b.address,
              birthday: b.birthday,
              spiritualGifts: b.spiritualGifts,
              ministryInterests: b.ministryInterests,
            },
            tx,
          );
          // Developer accounts are not members of the congregation: no member.updated for them.
          if (after && after.role !== 'developer')
            await emit(tx, 'member.updated', { object: memberObject(after), previous: memberObject(me) });
          return after;
        });
        const user = presentUser(row!);
        if (!emailChanges) return { status: 'success' as const, message: 'Profile updated successfully', data: { member: user, user } };
        // The database moved the token version on with the e-mail and announced it (other sessions and sockets end); this one continues with a new token.
        const token = await account.issue(row!, originOf(request));
        return { status: 'success' as const, message: 'Profile updated successfully', data: { member: user, user }, token };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    },
  );

  app.get(
    '/members/stats',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Congregation counts (no names)', response: { 200: memberStatsResponse, ...errors } },
    },
    async () => {
      const s = await repo.stats(newMemberCutoff());
      return {
        status: 'success' as const,
        data: {
          totalMembers: s.total,
          activeMembers: s.active,
          inactiveMembers: s.total - s.active,
          newMembers: s.newMembers,
          volunteers: s.volunteers,
        },
      };
    },
  );

  app.get(
    '/members',
    {
      // One path, two callers: a leader's bearer token gets the directory; an API key with
      // read:members gets the deliberately minimal public view (members/public-presenter.ts).
      preHandler: auth.withApiKey('read:members', auth.permission('members:read')),
      schema: {
        tags,
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        summary: 'The member directory (leaders); an API key gets the minimal public view',
        querystring: membersManageQuery,
        response: { 200: z.union([membersListResponse, publicMembersResponse]), ...errors, 429: errors[400] },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      // POPIA (issue 17): the public API lists only members who agreed to appear in the directory.
      const { rows, total } = await service.list(request.query, { view: request.apiKey ? 'public' : 'directory' });
      if (request.apiKey) return { status: 'success' as const, data: { members: rows.map(presentPublicMember), page, limit, total } };
      const me = currentUser(request);
      return { status: 'success' as const, data: { members: rows.map((r) => presentMember(r, me)), page, limit, total } };
    },
  );

  app.get(
    '/members/search',
    {
      preHandler: auth.permission('members:read'),
      schema: {
        tags,
        security,
        summary: 'Search members by name, email or phone (spec 002 §7.4)',
        querystring: membersManageQuery,
        response: { 200: membersListResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.list(request.query);
      const me = currentUser(request);
      return { status: 'success' as const, data: { members: rows.map((r) => presentMember(r, me)), page, limit, total } };
    },
  );

  app.post(
    '/members',
    {
      preHandler: auth.withApiKey('write:members', auth.permission('members:manage')),
      schema: {
        tags,
        security: keyed,
        summary: 'Add a member (spec 001 §5 Add member)',
        body: memberWriteRequest,
        response: { 201: memberSavedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const row = await service.create(actorOf(request), withoutNotesUnlessPastoral(request, request.body));
      const member = presentMember(row, currentUser(request));
      return reply.code(201).send({ status: 'success', message: MEMBER_TEXTS.added(row.name), data: { member } });
    },
  );

  app.get(
    '/members/:id',
    {
      preHandler: auth.permission('members:read'),
      schema: {
        tags,
        security,
        summary: 'One member with household and status history',
        params: idParams,
        response: { 200: memberDetailResponse, ...errors },
      },
    },
    async (request) => {
      const { member, history, household } = await service.detail(request.params.id);
      // POPIA (issue 17): every read of another person's record by a leader is in the audit log.
      if (currentUser(request).id !== member.id) {
        await recordAudit(db, {
          ...auditActor(request),
          action: 'member.viewed',
          entityType: 'member',
          entityId: member.id,
          summary: `Opened the record of ${member.name}`,
        });
      }
      const hr = (v: string | null) =>
        (HOUSEHOLD_ROLES as readonly string[]).includes(v ?? '') ? (v as (typeof HOUSEHOLD_ROLES)[number]) : null;
      return {
        status: 'success' as const,
        data: {
          member: {
            ...presentMember(member, currentUser(request)),
            householdId: member.householdId,
            householdRole: hr(member.householdRole),
            hasAccount: member.passwordHash !== null,
            pendingEmailChange: await emailChanges.pending(member.id),
          },
          household: household && {
            _id: household.id,
            id: household.id,
            name: household.name,
            address: household.address,
            members: household.members.map((m) => ({
              id: m.id,
              name: m.name,
              householdRole: hr(m.householdRole),
              status: m.status as 'active',
            })),
          },
          statusHistory: history.map((h) => ({
            id: h.id,
            fromStatus: h.fromStatus as 'active' | null,
            toStatus: h.toStatus as 'active',
            reason: h.reason,
            changedByName: h.changedByName,
            at: iso(h.at),
          })),
        },
      };
    },
  );

  app.put(
    '/members/:id',
    {
      preHandler: auth.withApiKey('write:members', auth.permission('members:manage')),
      schema: {
        tags,
        security: keyed,
        summary: 'Edit a member (status changes are kept as history)',
        params: idParams,
        body: memberWriteRequest,
        response: { 200: memberSavedResponse, ...errors },
      },
    },
    async (request) => {
      const row = await service.update(actorOf(request), request.params.id, withoutNotesUnlessPastoral(request, request.body));
      const message = row.pendingEmail ? MEMBER_TEXTS.emailChangePending(row.pendingEmail) : MEMBER_TEXTS.updated;
      return { status: 'success' as const, message, data: { member: presentMember(row, currentUser(request)) } };
    },
  );

  app.post(
    '/members/email-change/confirm',
    {
      schema: {
        tags,
        summary: "Confirm a new login e-mail with the link sent to it (a change made by the church office takes effect here; the person's sessions end)",
        body: confirmEmailChangeRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await emailChanges.confirm(request.body.token, request.ip);
      return { status: 'success' as const, message: EMAIL_CHANGE_TEXTS.confirmed };
    },
  );

  app.patch(
    '/members/:id/role',
    {
      preHandler: auth.permission('people:roles'),
      schema: {
        tags,
        security,
        summary: "Change a member's role (only an admin grants admin; only a superadmin grants superadmin)",
        params: idParams,
        body: memberRoleRequest,
        response: { 200: memberSavedResponse, ...errors },
      },
    },
    async (request) => {
      const row = await service.setRole(actorOf(request), request.params.id, request.body.role);
      return { status: 'success' as const, message: MEMBER_TEXTS.roleUpdated, data: { member: presentMember(row, currentUser(request)) } };
    },
  );

  app.put(
    '/members/:id/permissions',
    {
      preHandler: auth.permission('permissions:grant'),
      schema: {
        tags,
        security,
        summary: "Grant or remove a person's finance permissions without changing their role (administrators; never your own)",
        description:
          "The body is the whole set of grantable permissions the person holds afterwards ('finance:manage' makes a treasurer and includes 'finance:read'). The change is in the audit log.",
        params: idParams,
        body: memberPermissionsRequest,
        response: { 200: memberSavedResponse, ...errors },
      },
    },
    async (request) => {
      const row = await setMemberPermissions(db, actorOf(request), request.params.id, request.body.permissions);
      return { status: 'success' as const, message: PERMISSION_TEXTS.updated, data: { member: presentMember(row, currentUser(request)) } };
    },
  );

  app.delete(
    '/members/:id',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Delete a member (gifts, prayers and the history stay)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return { status: 'success' as const, message: MEMBER_TEXTS.deleted };
    },
  );

  app.put(
    '/members/:id/household',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Link a member into a household (existing or new), or unlink',
        params: idParams,
        body: memberHouseholdRequest,
        response: { 200: memberSavedResponse, ...errors },
      },
    },
    async (request) => {
      const row = await service.setHousehold(actorOf(request), request.params.id, request.body);
      return { status: 'success' as const, message: 'Household updated', data: { member: presentMember(row, currentUser(request)) } };
    },
  );

  app.get(
    '/households',
    {
      preHandler: auth.permission('members:read'),
      schema: {
        tags,
        security,
        summary: 'Households by name, with their member counts',
        querystring: householdsQuery,
        response: { 200: householdsResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await service.households(request.query.q);
      return { status: 'success' as const, data: { households: rows.map((h) => ({ ...h, _id: h.id })) } };
    },
  );
}
