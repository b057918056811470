import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addMemberRequest,
  decisionRequest,
  GROUP_TEXTS,
  groupCreateRequest,
  groupMemberParams,
  groupResponse,
  groupsListQuery,
  groupsListResponse,
  groupUpdateRequest,
  joinRequest,
  joinRequestsResponse,
  memberRoleRequest,
} from '@church/contract/groups';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import { auth, currentUser } from '../../plugins/auth';
import type { GroupsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Groups'];
const security = [{ bearerAuth: [] }];
const ok = <T>(data: T, message?: string) => ({ status: 'success' as const, ...(message ? { message } : {}), data });

/**
 * Groups (issue 34). Most routes admit anyone signed in and decide in the service from the
 * caller's place in the group (leader, member, overseer, the church office): a leader changes
 * only their own groups, and a closed group is a 404 to everyone outside it.
 */
export async function groupsRoutes(appBase: FastifyInstance, { service }: { service: GroupsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const signedIn = auth.required;
  const manage = auth.permission('groups:manage');

  app.get(
    '/groups/mine',
    {
      preHandler: signedIn,
      schema: { tags, security, summary: 'The groups I am in or have asked to join', response: { 200: groupsListResponse, ...errors } },
    },
    async (request) => {
      const groups = await service.mine(currentUser(request));
      return ok({ groups, page: 1, limit: groups.length, total: groups.length });
    },
  );
  app.get(
    '/groups/directory',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Open groups to find and ask to join (no addresses)',
        querystring: groupsListQuery,
        response: { 200: groupsListResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { groups, total } = await service.directory(currentUser(request), q);
      return ok({ groups, page: q.page, limit: q.limit, total });
    },
  );
  app.get(
    '/groups',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Every group (church office)',
        querystring: groupsListQuery,
        response: { 200: groupsListResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { groups, total } = await service.all(currentUser(request), q);
      return ok({ groups, page: q.page, limit: q.limit, total });
    },
  );
  app.post(
    '/groups',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Create a group with its leader',
        body: groupCreateRequest,
        response: { 201: groupResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok({ group: await service.create(currentUser(request), request.body) }, GROUP_TEXTS.created)),
  );
  app.get(
    '/groups/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'A group, as much of it as the caller may see',
        params: idParams,
        response: { 200: groupResponse, ...errors },
      },
    },
    async (request) => ok({ group: await service.detail(currentUser(request), request.params.id) }),
  );
  app.put(
    '/groups/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Change a group (its leaders or the church office)',
        params: idParams,
        body: groupUpdateRequest,
        response: { 200: groupResponse, ...errors },
      },
    },
    async (request) => ok({ group: await service.update(currentUser(request), request.params.id, request.body) }, GROUP_TEXTS.updated),
  );
  app.delete(
    '/groups/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Archive a group (its history stays)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.archive(currentUser(request), request.params.id);
      return { status: 'success' as const, message: GROUP_TEXTS.archived };
    },
  );
  app.post(
    '/groups/:id/join',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Ask to join an open group',
        params: idParams,
        body: joinRequest,
        response: { 200: groupResponse, ...errors },
      },
    },
    async (request) =>
      ok({ group: await service.requestToJoin(currentUser(request), request.params.id, request.body.message) }, GROUP_TEXTS.requested),
  );
  app.post(
    '/groups/:id/leave',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Leave a group (or withdraw a request)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.leave(currentUser(request), request.params.id);
      return { status: 'success' as const, message: GROUP_TEXTS.left };
    },
  );
  app.get(
    '/groups/:id/requests',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'People waiting to join (the group’s leaders)',
        params: idParams,
        response: { 200: joinRequestsResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await service.requests(currentUser(request), request.params.id);
      return ok({
        requests: rows.map((r) => ({
          _id: r.id,
          id: r.id,
          name: r.name,
          message: r.message,
          requestedAt: new Date(r.requested_at).toISOString(),
          phone: r.phone,
          email: r.email,
        })),
      });
    },
  );
  app.post(
    '/groups/:id/requests/:userId',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Accept or decline a request to join',
        params: groupMemberParams,
        body: decisionRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      return { status: 'success' as const, message: await service.decide(currentUser(request), id, userId, request.body.accept) };
    },
  );
  app.post(
    '/groups/:id/members',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Add a person to a group (church office)',
        params: idParams,
        body: addMemberRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: await service.addMember(currentUser(request), request.params.id, request.body.userId, request.body.role),
    }),
  );
  app.patch(
    '/groups/:id/members/:userId',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Make a member leader, co-leader or member',
        params: groupMemberParams,
        body: memberRoleRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.setRole(currentUser(request), request.params.id, request.params.userId, request.body.role);
      return { status: 'success' as const, message: GROUP_TEXTS.roleChanged };
    },
  );
  app.delete(
    '/groups/:id/members/:userId',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Remove someone from a group',
        params: groupMemberParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.removeMember(currentUser(request), request.params.id, request.params.userId);
      return { status: 'success' as const, message: GROUP_TEXTS.memberRemoved };
    },
  );
}
