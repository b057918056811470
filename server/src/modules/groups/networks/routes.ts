import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NETWORK_TEXTS,
  networkReportQuery,
  networkReportResponse,
  networkRequest,
  networkResponse,
  networksResponse,
  networkUpdateRequest,
} from '@church/contract/groups-networks';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import type { Db } from '../../../db/client';
import { auth, currentUser } from '../../../plugins/auth';
import { networkReport } from './report';
import type { NetworksService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Groups'];
const security = [{ bearerAuth: [] }];

/** Zones and districts: arranged by the church office, read from above by their overseers. */
export async function networksRoutes(appBase: FastifyInstance, { service, db }: { service: NetworksService; db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const manage = auth.permission('groups:manage');

  app.get(
    '/group-networks',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Zones the caller may see: all (church office) or those they oversee and below',
        response: { 200: networksResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { networks: await service.list(currentUser(request)) } }),
  );
  app.post(
    '/group-networks',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Add a zone or district', body: networkRequest, response: { 201: networkResponse, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send({
        status: 'success',
        message: NETWORK_TEXTS.created,
        data: { network: await service.create(currentUser(request), request.body) },
      }),
  );
  app.put(
    '/group-networks/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Rename, move or give a zone its overseer',
        params: idParams,
        body: networkUpdateRequest,
        response: { 200: networkResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: NETWORK_TEXTS.updated,
      data: { network: await service.update(currentUser(request), request.params.id, request.body) },
    }),
  );
  app.delete(
    '/group-networks/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Delete a zone with no zones inside it',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { status: 'success' as const, message: NETWORK_TEXTS.deleted };
    },
  );
  app.get(
    '/group-networks/:id/report',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Figures of every group below a zone (church office and its overseers): counts, no member named',
        params: idParams,
        querystring: networkReportQuery,
        response: { 200: networkReportResponse, ...errors },
      },
    },
    async (request) => {
      const network = await service.readable(currentUser(request), request.params.id);
      return { status: 'success' as const, data: await networkReport(db, network, request.query.weeks) };
    },
  );
}
