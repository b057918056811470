import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CARE_TEXTS,
  careAssignRequest,
  careAssignResponse,
  careInboxQuery,
  careItemParams,
  careInboxResponse,
  careVisitRequest,
  careVisitResponse,
  careVisitsQuery,
  careVisitsResponse,
  followUpDoneRequest,
  followUpQuery,
  followUpResponse,
} from '@church/contract/care';
import { errorResponses, idParams } from '@church/contract/http';
import { auth, currentUser } from '../../plugins/auth';
import { presentVisit } from './presenter';
import type { CareService } from './service';

const errors = errorResponses(400, 401, 403, 404);

/** Pastoral care (spec 001 §2): confidential, so every route needs 'care:notes' (pastor, admin, superadmin). */
export async function careRoutes(appBase: FastifyInstance, { service }: { service: CareService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Pastoral care'];
  const security = [{ bearerAuth: [] }];
  const preHandler = auth.permission('care:notes');

  app.get(
    '/care/inbox',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'The care inbox: visit follow-ups, pending prayers and visitors being followed up, with assignee, due day and counts',
        querystring: careInboxQuery,
        response: { 200: careInboxResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.inbox(currentUser(request), request.query) }),
  );

  app.patch(
    '/care/items/:kind/:id/assignee',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Assign an open care inbox item (follow-up, prayer or visitor) to a pastor or administrator, or to nobody',
        params: careItemParams,
        body: careAssignRequest,
        response: { 200: careAssignResponse, ...errors },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const data = await service.assign(currentUser(request), kind, id, request.body.assigneeId);
      return {
        status: 'success' as const,
        message: data.assignee ? CARE_TEXTS.assigned(data.assignee.name) : CARE_TEXTS.unassigned,
        data,
      };
    },
  );

  app.get(
    '/care/follow-up',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Members to follow up: inactive, or joined within 30 days',
        querystring: followUpQuery,
        response: { 200: followUpResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.followUp(request.query.limit) }),
  );

  app.get(
    '/care/visits',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Pastoral visits and calls, newest first (followUp=due: open follow-ups due today or earlier)',
        querystring: careVisitsQuery,
        response: { 200: careVisitsResponse, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await service.listVisits(currentUser(request), q);
      return { status: 'success' as const, data: { visits: rows.map(presentVisit), page: q.page, limit: q.limit, total } };
    },
  );

  app.post(
    '/care/visits',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Record a pastoral visit or call',
        body: careVisitRequest,
        response: { 201: careVisitResponse, ...errors },
      },
    },
    async (request, reply) => {
      const row = await service.recordVisit(currentUser(request), request.body);
      return reply.code(201).send({ status: 'success', message: CARE_TEXTS.visitRecorded, data: { visit: presentVisit(row) } });
    },
  );

  app.patch(
    '/care/visits/:id/follow-up',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Mark a follow-up done (or open it again)',
        params: idParams,
        body: followUpDoneRequest,
        response: { 200: careVisitResponse, ...errors },
      },
    },
    async (request) => {
      const row = await service.setFollowUpDone(currentUser(request), request.params.id, request.body.done);
      return { status: 'success' as const, message: CARE_TEXTS.followUpDone, data: { visit: presentVisit(row) } };
    },
  );
}
