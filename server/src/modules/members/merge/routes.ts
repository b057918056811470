import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { errorResponses, idParams } from '@church/contract/http';
import {
  MERGE_TEXTS,
  duplicatesQuery,
  duplicatesResponse,
  mergeRequest,
  mergeResponse,
  mergesQuery,
  mergesResponse,
  type DuplicateMember,
} from '@church/contract/members-merge';
import type { Db } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema/index';
import { auth, currentUser } from '../../../plugins/auth';
import { auditActor } from '../../audit/audit';
import type { EmitEvent } from '../../../events/domain-events';
import type { Actor } from '../service';
import { findDuplicates } from './duplicates';
import { createMergeService } from './service';

function actorOf(request: FastifyRequest): Actor {
  const me = currentUser(request);
  return { ...auditActor(request), actorId: me.id, role: me.role, permissions: me.permissions };
}

const summary = (u: UserRow): DuplicateMember => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  birthday: u.birthday,
  role: u.role as DuplicateMember['role'],
  status: u.status as DuplicateMember['status'],
  joinDate: u.joinDate,
  createdAt: u.createdAt.toISOString(),
});

/** Duplicate handling (issue 10): the likely duplicates, merges, and their undo. */
export async function memberMergeRoutes(appBase: FastifyInstance, { db, emit }: { db: Db; emit?: EmitEvent }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const service = createMergeService(db, emit);
  const tags = ['Members'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/members/duplicates',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Likely duplicates: same e-mail, same phone, or same name and birth date',
        querystring: duplicatesQuery,
        response: { 200: duplicatesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { pairs, total } = await findDuplicates(db, request.query.limit);
      const ids = [...new Set(pairs.flatMap((p) => [p.a_id, p.b_id]))];
      const rows = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
      const byId = new Map(rows.map((r) => [r.id, summary(r)]));
      return {
        status: 'success' as const,
        data: { pairs: pairs.map((p) => ({ a: byId.get(p.a_id)!, b: byId.get(p.b_id)!, reasons: p.reasons })), total },
      };
    },
  );

  app.get(
    '/members/merges',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Recent merges, newest first (with what each moved)',
        querystring: mergesQuery,
        response: { 200: mergesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { merges: await service.list(request.query.memberId, request.query.limit) },
    }),
  );

  app.post(
    '/members/merges',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Merge two member records: every related row moves to the kept one; undoable',
        body: mergeRequest,
        response: { 201: mergeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { merge, keptNameBefore } = await service.merge(actorOf(request), request.body);
      return reply.code(201).send({ status: 'success', message: MERGE_TEXTS.merged(merge.removedName, keptNameBefore), data: { merge } });
    },
  );

  app.post(
    '/members/merges/:id/undo',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Undo a merge: the removed member comes back with exactly the rows that moved',
        params: idParams,
        response: { 200: mergeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const merge = await service.undo(actorOf(request), request.params.id);
      return { status: 'success' as const, message: MERGE_TEXTS.undone(merge.removedName), data: { merge } };
    },
  );
}
