import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParams, errorResponses } from '@church/contract/http';
import {
  createVisitorRequest,
  recentVisitorsQuery,
  recentVisitorsResponse,
  visitorCreatedResponse,
  visitorResponse,
  visitorStatsResponse,
  visitorStatusRequest,
  VISITOR_SUCCESS_TEXT,
} from '@church/contract/visitors';
import { auth } from '../../plugins/auth';
import { auditActor } from '../audit/audit';
import { presentVisitor } from './presenter';
import type { VisitorsService } from './service';

const guarded = errorResponses(400, 401, 403);

export async function visitorsRoutes(appBase: FastifyInstance, { service }: { service: VisitorsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Visitors'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/visitors',
    {
      schema: {
        tags,
        summary: 'Quick Registration: a first-time visitor introduces themselves (no sign-in)',
        body: createVisitorRequest,
        response: { 201: visitorCreatedResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const row = await service.register(request.body, request.ip);
      const v = presentVisitor(row);
      return reply.code(201).send({
        status: 'success',
        message: VISITOR_SUCCESS_TEXT,
        data: {
          visitor: {
            _id: v._id,
            id: v.id,
            firstName: v.firstName,
            lastName: v.lastName,
            firstVisitDate: v.firstVisitDate,
            createdAt: v.createdAt,
          },
        },
      });
    },
  );

  app.get(
    '/visitors/stats',
    {
      preHandler: auth.permission('visitors:read'),
      schema: { tags, summary: 'Visitor totals (leaders)', security, response: { 200: visitorStatsResponse, ...guarded } },
    },
    async () => ({ status: 'success' as const, data: await service.stats() }),
  );

  app.get(
    '/visitors/recent',
    {
      preHandler: auth.permission('visitors:read'),
      schema: {
        tags,
        summary: 'Newest visitors first (leaders)',
        security,
        querystring: recentVisitorsQuery,
        response: { 200: recentVisitorsResponse, ...guarded },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { visitors: (await service.recent(request.query.limit)).map((r) => presentVisitor(r)) },
    }),
  );

  app.patch(
    '/visitors/:id/status',
    {
      preHandler: auth.permission('visitors:read'),
      schema: {
        tags,
        summary: "Change a visitor's follow-up status (leaders)",
        security,
        params: idParams,
        body: visitorStatusRequest,
        response: { 200: visitorResponse, 404: errorResponse, ...guarded },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { visitor: presentVisitor(await service.setStatus(auditActor(request), request.params.id, request.body.status)) },
    }),
  );
}
