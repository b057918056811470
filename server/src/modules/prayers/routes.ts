import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/audit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, errorResponses } from '@church/contract/http';
import {
  createPrayerRequest,
  prayerResponse,
  prayerStatsResponse,
  prayersListQuery,
  prayersListResponse,
  updatePrayerPriorityRequest,
  updatePrayerStatusRequest,
} from '@church/contract/prayers';
import { auth, currentUser } from '../../plugins/auth';
import { presentPrayer } from './presenter';
import type { PrayersService } from './service';

const errors = errorResponses(400, 401, 403, 404);

export async function prayerRoutes(appBase: FastifyInstance, { service }: { service: PrayersService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Prayers'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/prayers',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Your prayers and approved public ones (leaders: all)',
        querystring: prayersListQuery,
        response: { 200: prayersListResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const { rows, total } = await service.list(currentUser(request), { page, limit, status });
      return { status: 'success' as const, data: { prayers: rows.map(presentPrayer), page, limit, total } };
    },
  );

  app.get(
    '/prayers/all',
    {
      preHandler: auth.permission('prayers:moderate'),
      schema: {
        tags,
        security,
        summary: 'Every prayer request (leaders)',
        querystring: prayersListQuery,
        response: { 200: prayersListResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const { rows, total } = await service.listAll({ page, limit, status });
      return { status: 'success' as const, data: { prayers: rows.map(presentPrayer), page, limit, total } };
    },
  );

  app.get(
    '/prayers/stats',
    {
      preHandler: auth.permission('prayers:moderate'),
      schema: { tags, security, summary: 'Prayer counts by status (leaders)', response: { 200: prayerStatsResponse, ...errors } },
    },
    async () => ({ status: 'success' as const, data: await service.stats() }),
  );

  app.post(
    '/prayers',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Submit a prayer request',
        body: createPrayerRequest,
        response: { 201: prayerResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ status: 'success', message: 'Prayer request submitted', data: { prayer: presentPrayer(created) } });
    },
  );

  app.patch(
    '/prayers/:id/status',
    {
      preHandler: auth.permission('prayers:moderate'),
      schema: {
        tags,
        security,
        summary: 'Approve, reject or mark answered (leaders)',
        params: idParams,
        body: updatePrayerStatusRequest,
        response: { 200: prayerResponse, ...errors },
      },
    },
    async (request) => {
      const updated = await service.setStatus(request.params.id, request.body.status, auditActor(request));
      return {
        status: 'success' as const,
        message: `Prayer request ${request.body.status} successfully`,
        data: { prayer: presentPrayer(updated) },
      };
    },
  );

  app.patch(
    '/prayers/:id/priority',
    {
      preHandler: auth.permission('prayers:moderate'),
      schema: {
        tags,
        security,
        summary: 'Change the priority (leaders)',
        params: idParams,
        body: updatePrayerPriorityRequest,
        response: { 200: prayerResponse, ...errors },
      },
    },
    async (request) => {
      const updated = await service.setPriority(request.params.id, request.body.priority);
      return { status: 'success' as const, message: 'Prayer priority updated', data: { prayer: presentPrayer(updated) } };
    },
  );
}
