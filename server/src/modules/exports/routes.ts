import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import { downloadQuery, EXPORT_TYPE_LABELS, exportFileResponse, exportFilesResponse, exportRequest } from '@church/contract/exports';
import type { Db } from '../../db/client';
import { auth, currentUser } from '../../plugins/auth';
import { sendFile } from '../../lib/downloads';
import { auditActor, recordAudit } from '../audit/audit';
import { presentExport } from './presenter';
import type { ExportsService } from './service';
import { CONTENT_TYPES } from './writers';

const errors = errorResponses(400, 401, 403, 404);

export async function exportsRoutes(appBase: FastifyInstance, { db, service }: { db: Db; service: ExportsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Exports'];
  const security = [{ bearerAuth: [] }];
  const guard = auth.permission('reports:export');
  const present = (row: Parameters<typeof presentExport>[0]) => presentExport(row, service.downloadUrl(row));

  app.post(
    '/exports',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Export a report (PDF, Excel, CSV or JSON) or an office list; built by the job queue',
        description:
          'Financial and giving reports also need a finance permission. Poll GET /exports/{id} for progress and the download link.',
        body: exportRequest,
        response: { 202: exportFileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await service.request(user, request.body);
      // People's data leaves the system in a file: the audit log says who took what.
      await recordAudit(db, {
        ...auditActor(request),
        action: 'report.exported',
        entityType: 'export',
        entityId: row.id,
        summary: `${EXPORT_TYPE_LABELS[request.body.reportType]} (${request.body.format}, ${request.body.dateRange})`,
      });
      return reply.code(202).send({ status: 'success' as const, data: { export: present(row) } });
    },
  );

  app.get(
    '/exports',
    {
      preHandler: guard,
      schema: { tags, security, summary: 'My recent exports, newest first', response: { 200: exportFilesResponse, ...errors } },
    },
    async (request) => ({ status: 'success' as const, data: { exports: (await service.list(currentUser(request).id)).map(present) } }),
  );

  app.get(
    '/exports/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'One of my exports: status, progress and (when ready) its download link',
        params: idParams,
        response: { 200: exportFileResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { export: present(await service.get(currentUser(request).id, request.params.id)) },
    }),
  );

  // The link is the authority (signed, expiring), so a browser can follow it without the bearer token.
  app.get(
    '/exports/:id/download',
    {
      preHandler: auth.optional,
      schema: {
        tags,
        summary: 'Download a finished export through its signed link (404 when wrong, 410 once expired)',
        params: idParams,
        querystring: downloadQuery,
        response: errorResponses(400, 404, 410),
      },
    },
    async (request, reply) => {
      const { row, file } = await service.open(request.params.id, request.query.token);
      return sendFile(
        request,
        reply,
        {
          type: CONTENT_TYPES[row.format as keyof typeof CONTENT_TYPES],
          fileName: row.fileName ?? undefined,
          inline: !!request.query.inline,
          cacheControl: 'private, no-store',
        },
        file,
      );
    },
  );
}
