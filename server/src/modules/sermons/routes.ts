import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, errorResponses, idParams, queryBoolean } from '@church/contract/http';
import { auth } from '../../plugins/auth';
import { apiSermonsQuery, mediaParams, sermonResponse, sermonSeriesResponse, sermonsResponse } from '@church/contract/sermons';
import { notFound } from '../../lib/errors';
import { sendMedia } from './media';
import { mediaDir as sermonMediaDir } from './upload';
import { presentSermon } from './presenter';
import type { SermonsRepository } from './repository';
import type { SermonsService } from './service';
import { publicRead } from '../../plugins/public-cache';

/** Where sermon media is stored: UPLOAD_DIR/sermons/<kind>/<file>. */
export { mediaDir as sermonMediaDir } from './upload';

/** The public sermon library (spec 002 §7.1) and its media (§7.3). Managing sermons is another module's job. */
export async function sermonsPublicRoutes(
  appBase: FastifyInstance,
  { repo, service, uploadDir }: { repo: SermonsRepository; service: SermonsService; uploadDir: string },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sermons'];

  // GET /sermons is the public API's name for the library (spec 002 §7.11): an API key needs read:sermons; it also filters by preacher.
  for (const url of ['/sermons/public', '/sermons'])
    app.get(
      url,
      {
        preHandler: url === '/sermons' ? auth.withApiKey('read:sermons', auth.optional) : undefined,
        config: publicRead('sermons'),
        schema: {
          tags,
          ...(url === '/sermons' ? { security: [{ apiKey: [] }, {}] } : {}),
          summary:
            url === '/sermons'
              ? 'Published sermons, newest first, by series and preacher (also with an API key)'
              : 'Published sermons, newest first; search, media type and series filters',
          querystring: apiSermonsQuery,
          response: { 200: sermonsResponse, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await repo.listPublished(q);
        return { status: 'success' as const, data: { sermons: rows.map(presentSermon), page: q.page, limit: q.limit, total } };
      },
    );

  app.get(
    '/sermons/public/:id',
    {
      schema: {
        tags,
        summary: 'One published sermon (counts a view, once per visitor per day)',
        params: idParams,
        response: { 200: sermonResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const row = await service.view(request.params.id, request.ip, String(request.headers['user-agent'] ?? '').slice(0, 300));
      return { status: 'success' as const, data: { sermon: presentSermon(row) } };
    },
  );

  app.get(
    '/sermons/series',
    {
      config: publicRead('sermons'),
      schema: { tags, summary: 'Names of the series that have published sermons', response: { 200: sermonSeriesResponse } },
    },
    async () => ({ status: 'success' as const, data: { series: await repo.series() } }),
  );

  for (const kind of ['video', 'audio', 'thumbnail'] as const) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/sermons/${kind}/:file`,
      schema: {
        tags,
        summary: `Stream a published sermon's ${kind} (HTTP Range supported)`,
        params: mediaParams,
        querystring: z.object({ download: queryBoolean.optional() }),
        response: { 400: errorResponse, 404: errorResponse, 416: errorResponse },
      },
      handler: async (request, reply) => {
        const { file } = request.params as z.infer<typeof mediaParams>;
        if (!(await repo.isPublishedMedia(kind, file))) throw notFound('File not found');
        const download = !!(request.query as { download?: boolean }).download;
        return sendMedia(request, reply, sermonMediaDir(uploadDir, kind), file, download);
      },
    });
  }
}
