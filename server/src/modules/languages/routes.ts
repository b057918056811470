import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { errorResponses } from '@church/contract/http';
import { languageRequest, languageResponse } from '@church/contract/users';
import { auth, currentUserRow } from '../../plugins/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * PUT /api/auth/language: the signed-in person keeps their language with their account, so their
 * e-mails, documents and other browsers speak it too (issue 36). Only their own row.
 */
export async function languageRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/auth/language',
    {
      preHandler: auth.required,
      schema: {
        tags: ['Authentication'],
        summary: "Keep the signed-in person's language (screens, e-mails, documents)",
        security: [{ bearerAuth: [] }],
        body: languageRequest,
        response: { 200: languageResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = await currentUserRow(request);
      await db.update(users).set({ language: request.body.language }).where(eq(users.id, me.id));
      return { status: 'success' as const, data: { language: request.body.language } };
    },
  );
}
