import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@church/contract/http';
import { PREFERENCES_SAVED, preferencesResponse, preferencesUpdateRequest } from '@church/contract/consents';
import { auth, currentUser } from '../../plugins/auth';
import type { Db } from '../../db/client';
import type { ConsentService } from './service';

const errors = errorResponses(400, 401);

/** A member's own message and privacy preferences (consents), on their profile. */
export async function consentRoutes(appBase: FastifyInstance, { db, consents }: { db: Db; consents: ConsentService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Members'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/members/preferences',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Your message and privacy preferences', response: { 200: preferencesResponse, ...errors } },
    },
    async (request) => ({ status: 'success' as const, data: { preferences: await consents.current(currentUser(request).id) } }),
  );

  app.put(
    '/members/preferences',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Change your message and privacy preferences (each change is kept with its wording and date)',
        body: preferencesUpdateRequest,
        response: { 200: preferencesResponse.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const preferences = await db.transaction(async (tx) => {
        await consents.set(me.id, request.body.preferences, { source: 'profile' }, tx);
        return consents.current(me.id, tx);
      });
      return { status: 'success' as const, message: PREFERENCES_SAVED, data: { preferences } };
    },
  );
}
