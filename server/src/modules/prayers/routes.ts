import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, errorResponses } from '@church/contract/http';
import {
  createPrayerRequest,
  PRAYER_TEXTS,
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
      const { page, limit, status, priority } = request.query;
      const { rows, total } = await service.list(currentUser(request), { page, limit, status, priority });
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
      const { page, limit, status, priority } = request.query;
      const { rows, total } = await service.listAll({ page, limit, status, priority });
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

  app.get(
    '/prayers/:id',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'One prayer request (leaders: any; members: their own or shared ones)',
        params: idParams,
        response: { 200: prayerResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { prayer: presentPrayer(await service.get(currentUser(request), request.params.id)) },
    }),
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
      const updated = await service.setStatus(currentUser(request), request.params.id, request.body.status);
      return {
        status: 'success' as const,
        message: PRAYER_TEXTS.statusDone(request.body.status),
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
      const updated = await service.setPriority(currentUser(request), request.params.id, request.body.priority);
      return { status: 'success' as const, message: PRAYER_TEXTS.priorityUpdated, data: { prayer: presentPrayer(updated) } };
    },
  );
}
