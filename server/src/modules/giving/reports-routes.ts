import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import {
  createGoalRequest,
  givingReportsQuery,
  givingReportsResponse,
  goalResponse,
  goalsQuery,
  goalsResponse,
  updateGoalRequest,
} from '@church/contract/giving-reports';
import { auth, currentUser } from '../../plugins/auth';
import type { GivingReportsService } from './reports-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving administration'];
const security = [{ bearerAuth: [] }];

/** Spec 002 §7.7 GET /giving/reports and GET /giving/goals, and the treasurer's goal changes (with history). */
export async function givingReportsRoutes(appBase: FastifyInstance, { service }: { service: GivingReportsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const read = auth.permission('finance:read');
  const manage = auth.permission('finance:manage');

  app.get(
    '/giving/reports',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Giving stats by calendar month (monthlyLabels, monthlyData), by fund and by method',
        querystring: givingReportsQuery,
        response: { 200: givingReportsResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.report(request.query) }),
  );
  app.get(
    '/giving/goals',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Giving goals with what each has raised (completed gifts in its dates and fund)',
        querystring: goalsQuery,
        response: { 200: goalsResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { goals: await service.goals(request.query.archived) } }),
  );
  app.get(
    '/giving/goals/:id',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'A goal, its progress and its history',
        params: idParams,
        response: { 200: goalResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.goal(request.params.id) }),
  );
  app.post(
    '/giving/goals',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Set a giving goal', body: createGoalRequest, response: { 201: goalResponse, ...errors } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ status: 'success', message: 'Goal saved', data: await service.createGoal(currentUser(request).id, request.body) }),
  );
  app.patch(
    '/giving/goals/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Change a goal’s target, dates, fund or name, or archive it (before and after kept)',
        params: idParams,
        body: updateGoalRequest,
        response: { 200: goalResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: 'Goal updated',
      data: await service.updateGoal(currentUser(request).id, request.params.id, request.body),
    }),
  );
}
