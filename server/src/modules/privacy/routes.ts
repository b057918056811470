import { sendFile } from '../../lib/downloads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '@church/contract/http';
import {
  adminDataRequestsResponse,
  dataExportQueuedResponse,
  deleteAccountRequest,
  myDataRequestsResponse,
  PRIVACY_TEXTS,
} from '@church/contract/privacy';
import { auth, currentUser, currentUserRow } from '../../plugins/auth';
import { presentRequest, type PrivacyService } from './service';

/** POPIA self-service on the member's profile, and the administrators' list of requests (issue 17). */
export async function privacyRoutes(appBase: FastifyInstance, { service }: { service: PrivacyService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Privacy'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/members/profile/data-export',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Ask for a copy of everything held about you (a ZIP of JSON and CSV, prepared by a job)',
        response: { 202: dataExportQueuedResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { request: row, message } = await service.requestExport(currentUser(request).id);
      return reply.code(202).send({ status: 'success' as const, message, data: { request: presentRequest(row) } });
    },
  );

  app.get(
    '/members/profile/data-requests',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Your data requests and their downloads',
        response: { 200: myDataRequestsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { requests: (await service.mine(currentUser(request).id)).map(presentRequest) },
    }),
  );

  app.get(
    '/members/profile/data-export/:id',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Download your data (ZIP); only yours, until it expires',
        params: idParams,
        response: { 200: z.any().describe('application/zip'), ...errorResponses(401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const file = await service.download(currentUser(request).id, request.params.id);
      return sendFile(
        request,
        reply,
        { type: 'application/zip', fileName: file.name, length: file.size, cacheControl: 'no-store' },
        file.file,
      );
    },
  );

  app.delete(
    '/members/profile',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Delete your account: personal data erased at once; gift records kept five years for tax law',
        body: deleteAccountRequest,
        response: { 200: z.object({ status: z.literal('success'), message: z.string() }), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await service.deleteAccount(await currentUserRow(request), request.body.password, request.ip ?? null);
      return { status: 'success' as const, message: PRIVACY_TEXTS.deleted };
    },
  );

  app.get(
    '/admin/data-requests',
    {
      preHandler: auth.permission('audit:read'),
      schema: {
        tags,
        security,
        summary: 'Every data request (export, deletion) with its dates, newest first',
        response: { 200: adminDataRequestsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      status: 'success' as const,
      data: {
        requests: (await service.all()).map(({ request, personName }) => ({
          ...presentRequest(request),
          userId: request.userId,
          personName: personName ?? PRIVACY_TEXTS.formerMember,
        })),
      },
    }),
  );
}
