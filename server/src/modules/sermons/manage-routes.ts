import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { errorResponses, idParams } from '@church/contract/http';
import { manageSermonsQuery, sermonResponse, sermonsResponse, sermonStatsResponse, updateSermonRequest } from '@church/contract/sermons';
import { auth, currentUser } from '../../plugins/auth';
import { notFound } from '../../lib/errors';
import type { SermonsManageRepository } from './manage-repository';
import { presentSermon } from './presenter';
import type { SermonsService } from './service';
import { CHANGES_HOME_PAGE } from '../../plugins/home-render';
import { receiveSermonUpload } from './upload';

const guarded = errorResponses(400, 401, 403, 404);
const security = [{ bearerAuth: [] }];

/** Spec 002 §7.3: creating, editing, publishing and deleting sermons (pastor-type roles). */
export async function sermonsManageRoutes(
  appBase: FastifyInstance,
  opts: { repo: SermonsManageRepository; service: SermonsService; uploadDir: string },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sermons'];
  const { repo, service } = opts;
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const manage = auth.permission('church:manage');
  /** Upload and edit are also public API routes: an X-API-Key whose tier holds write:sermons and whose owner may manage sermons. */
  const keyedManage = auth.withApiKey('write:sermons', manage);
  const keyed: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const one = (row: Parameters<typeof presentSermon>[0]) => ({ status: 'success' as const, data: { sermon: presentSermon(row) } });

  app.post(
    '/sermons',
    {
      preHandler: keyedManage,
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security: keyed,
        summary:
          'Upload a sermon (multipart: title, speaker, date, description, series, published, durationSeconds, preparationId; files video ≤ 100 MB, audio ≤ 50 MB, thumbnail ≤ 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: sermonResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const upload = await receiveSermonUpload(request, opts.uploadDir);
      const row = await service.create(upload, user.id);
      return reply.code(201).send(one(row));
    },
  );

  app.get(
    '/sermons/all',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Every sermon, published or not, newest first',
        querystring: manageSermonsQuery,
        response: { 200: sermonsResponse, ...guarded },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await repo.list(q);
      return { status: 'success' as const, data: { sermons: rows.map(presentSermon), page: q.page, limit: q.limit, total } };
    },
  );

  app.get(
    '/sermons/stats',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Counts and total views', response: { 200: sermonStatsResponse, ...guarded } },
    },
    async () => ({ status: 'success' as const, data: { stats: await repo.stats() } }),
  );

  app.get(
    '/sermons/:id',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'One sermon, published or not', params: idParams, response: { 200: sermonResponse, ...guarded } },
    },
    async (request) => {
      const row = await repo.find(request.params.id);
      if (!row) throw notFound('Sermon not found');
      return one(row);
    },
  );

  app.put(
    '/sermons/:id',
    {
      preHandler: keyedManage,
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security: keyed,
        summary: "Edit a sermon's details",
        params: idParams,
        body: updateSermonRequest,
        response: { 200: sermonResponse, ...guarded },
      },
    },
    async (request) => one(await service.update(request.params.id, request.body)),
  );

  app.put(
    '/sermons/:id/media',
    {
      preHandler: manage,
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security,
        summary:
          "Replace a sermon's media (multipart: any of the files video ≤ 100 MB, audio ≤ 50 MB, thumbnail ≤ 5 MB, and durationSeconds); the replaced files are deleted",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: sermonResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      // Refuse an unknown sermon before reading a large body for it.
      if (!(await repo.find(request.params.id))) throw notFound('Sermon not found');
      const upload = await receiveSermonUpload(request, opts.uploadDir);
      return one(await service.replaceMedia(request.params.id, upload));
    },
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.patch(
      `/sermons/:id/${action}`,
      {
        preHandler: manage,
        config: CHANGES_HOME_PAGE,
        schema: {
          tags,
          security,
          summary: published
            ? 'Publish: visitors see it in the library'
            : 'Unpublish: hidden from the library and its media no longer served',
          params: idParams,
          response: { 200: sermonResponse, ...guarded },
        },
      },
      async (request) => one(await service.setPublished(request.params.id, published)),
    );
  }

  app.delete(
    '/sermons/:id',
    {
      preHandler: manage,
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security,
        summary: 'Delete a sermon and its media files',
        params: idParams,
        response: { 200: sermonResponse, ...guarded },
      },
    },
    async (request) => one(await service.remove(request.params.id)),
  );
}
