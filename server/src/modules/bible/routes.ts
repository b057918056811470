import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dailyVerseQuery, dailyVerseResponse } from '@church/contract/bible/daily-verse';
import {
  booksParams,
  booksResponse,
  chapterParams,
  chapterResponse,
  importRequest,
  importResponse,
  searchQuery,
  searchResponse,
  versionsResponse,
} from '@church/contract/bible/schemas';
import { errorResponse, errorResponses } from '@church/contract/http';
import { auth } from '../../plugins/auth';
import type { BibleService } from './service';
import { publicRead } from '../../plugins/public-cache';

const errors = errorResponses(400, 404, 502, 503, 504);
/** A whole Bible as USFM is a few megabytes. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * The church's own Bible service. Visitors may read (spec 000 §6: the Bible
 * helper is open to everyone); only administrators import translations.
 */
export async function bibleRoutes(appBase: FastifyInstance, { service }: { service: BibleService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bible Service'];

  app.get(
    '/bible/daily-verse',
    {
      preHandler: auth.optional,
      config: publicRead('bible'),
      schema: {
        tags,
        summary: "Today's verse (rotates over seven references by day), in the translation asked for",
        querystring: dailyVerseQuery,
        response: { 200: dailyVerseResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { verse: await service.dailyVerse(new Date(), request.query) } }),
  );

  app.get(
    '/bible/versions',
    {
      preHandler: auth.optional,
      config: publicRead('bible'),
      schema: { tags, summary: 'Translations this server can serve', response: { 200: versionsResponse } },
    },
    async () => ({ status: 'success' as const, data: { versions: await service.versions() } }),
  );

  app.get(
    '/bible/search',
    {
      preHandler: auth.optional,
      schema: {
        tags,
        summary: 'Full-text search over an imported translation ("phrases", book filter)',
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { query: request.query.q, verses: await service.search(request.query) } }),
  );

  app.get(
    '/bible/:version/books.json',
    {
      preHandler: auth.optional,
      schema: {
        tags,
        summary: 'Books of a translation (Free Use Bible API format)',
        params: booksParams,
        response: { 200: booksResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = await service.books(request.params.version);
      return reply.header('cache-control', 'public, max-age=3600').send(body);
    },
  );

  app.get(
    '/bible/:version/:book/:chapter',
    {
      preHandler: auth.optional,
      schema: {
        tags,
        summary: 'One chapter, e.g. /bible/BSB/JHN/3.json (Free Use Bible API format)',
        params: chapterParams,
        response: { 200: chapterResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { version, book, chapter } = request.params;
      const result = await service.chapter(version, book, chapter);
      reply.header('cache-control', 'public, max-age=3600');
      // Imported chapters are stored already serialised in the response's shape: a string is sent as it is.
      if ('json' in result) return reply.type('application/json; charset=utf-8').send(result.json as never);
      return reply.send(result.data);
    },
  );

  app.post(
    '/bible/translations',
    {
      preHandler: auth.permission('bible:import'),
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import (or replace) a translation from USFM files — what `npm run bible:import --server` calls',
        security: [{ bearerAuth: [] }],
        body: importRequest,
        response: { 201: importResponse, 401: errorResponse, 403: errorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ status: 'success' as const, data: { translation: await service.importFiles(request.body) } }),
  );
}
