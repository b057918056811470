import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import { preparationInput, preparationResponse, preparationsResponse, type Preparation } from '@church/contract/sermon-preparations';
import type { Db } from '../../db/client';
import { sermonPreparations, type SermonPreparationRow } from '../../db/schema/index';
import { auth, currentUser } from '../../plugins/auth';
import { notFound } from '../../lib/errors';

const guarded = errorResponses(400, 401, 403, 404);
const security = [{ bearerAuth: [] }];

function present(row: SermonPreparationRow): Preparation {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    scriptures: row.scriptures,
    outline: row.outline,
    series: row.series,
    date: row.preachOn,
    status: row.status as Preparation['status'],
    sermonId: row.sermonId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * /sermons/prepare: each pastor's own preparation notes. Another pastor's
 * notes answer 404, as if they did not exist: they are private working notes.
 * Small enough that queries live here rather than in a repository file.
 */
export async function sermonPreparationRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sermons'];
  const manage = auth.permission('church:manage');
  const own = (id: string, pastorId: string) => and(eq(sermonPreparations.id, id), eq(sermonPreparations.pastorId, pastorId));
  const one = (row: SermonPreparationRow) => ({ status: 'success' as const, data: { preparation: present(row) } });
  const fields = (b: {
    title: string;
    scriptures: string;
    outline: string;
    series: string;
    date: string | null;
    status: 'draft' | 'ready';
  }) => ({
    title: b.title,
    scriptures: b.scriptures,
    outline: b.outline,
    series: b.series,
    preachOn: b.date,
    status: b.status,
  });

  app.get(
    '/sermons/preparations',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'My sermon preparation notes, latest first', response: { 200: preparationsResponse, ...guarded } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(sermonPreparations)
        .where(eq(sermonPreparations.pastorId, currentUser(request).id))
        .orderBy(desc(sermonPreparations.updatedAt))
        .limit(200);
      return { status: 'success' as const, data: { preparations: rows.map(present) } };
    },
  );

  app.get(
    '/sermons/preparations/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'One of my preparation notes',
        params: idParams,
        response: { 200: preparationResponse, ...guarded },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(sermonPreparations)
        .where(own(request.params.id, currentUser(request).id))
        .limit(1);
      if (!row) throw notFound('Those preparation notes were not found');
      return one(row);
    },
  );

  app.post(
    '/sermons/preparations',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Save new preparation notes',
        body: preparationInput,
        response: { 201: preparationResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .insert(sermonPreparations)
        .values({ ...fields(request.body), pastorId: currentUser(request).id })
        .returning();
      return reply.code(201).send(one(row!));
    },
  );

  app.put(
    '/sermons/preparations/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Update my preparation notes',
        params: idParams,
        body: preparationInput,
        response: { 200: preparationResponse, ...guarded },
      },
    },
    async (request) => {
      const [row] = await db
        .update(sermonPreparations)
        .set(fields(request.body))
        .where(own(request.params.id, currentUser(request).id))
        .returning();
      if (!row) throw notFound('Those preparation notes were not found');
      return one(row);
    },
  );

  app.delete(
    '/sermons/preparations/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Delete my preparation notes',
        params: idParams,
        response: { 200: preparationResponse, ...guarded },
      },
    },
    async (request) => {
      const [row] = await db
        .delete(sermonPreparations)
        .where(own(request.params.id, currentUser(request).id))
        .returning();
      if (!row) throw notFound('Those preparation notes were not found');
      return one(row);
    },
  );
}
