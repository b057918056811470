import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import {
  createServiceRequest,
  matrixQuery,
  matrixResponse,
  planItemsRequest,
  SERVICE_TEXTS,
  serviceResponse,
  servicesQuery,
  servicesResponse,
  updateServiceRequest,
} from '@church/contract/services';
import { auth, currentUser } from '../../plugins/auth';
import type { ServicesDeps } from './deps';
import { rosterMatrix } from './matrix';
import type { PlansService } from './plans-service';

const errors = errorResponses(400, 401, 403, 404);

/** Services and their plans (leaders who plan: services:manage). */
export async function servicesRoutes(appBase: FastifyInstance, { plans, deps }: { plans: PlansService; deps: ServicesDeps }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Services'];
  const security = [{ bearerAuth: [] }];
  const manage = auth.permission('services:manage');

  app.get(
    '/services',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Services in a date range (default: last week and the next two months)',
        querystring: servicesQuery,
        response: { 200: servicesResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { services: await plans.list(request.query) } }),
  );
  app.get(
    '/services/matrix',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'The roster matrix: weeks × positions with assignments and declines',
        querystring: matrixQuery,
        response: { 200: matrixResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await rosterMatrix(deps, plans, request.query) }),
  );
  app.post(
    '/services',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: "Plan a service (one-off, or from the church's service times)",
        body: createServiceRequest,
        response: { 201: serviceResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        status: 'success',
        message: SERVICE_TEXTS.created,
        data: { service: await plans.create(currentUser(request).id, request.body) },
      }),
  );
  app.get(
    '/services/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'A service with its plan, attachments and roster',
        params: idParams,
        response: { 200: serviceResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { service: await plans.detail(request.params.id) } }),
  );
  app.put(
    '/services/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Change a service',
        params: idParams,
        body: updateServiceRequest,
        response: { 200: serviceResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: SERVICE_TEXTS.updated,
      data: { service: await plans.update(request.params.id, request.body) },
    }),
  );
  app.put(
    '/services/:id/items',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Replace the order of service',
        params: idParams,
        body: planItemsRequest,
        response: { 200: serviceResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: SERVICE_TEXTS.planSaved,
      data: { service: await plans.saveItems(request.params.id, request.body) },
    }),
  );
  app.delete(
    '/services/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Delete a service with its plan and roster',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await plans.remove(request.params.id);
      return { status: 'success' as const, message: SERVICE_TEXTS.deleted };
    },
  );
}
