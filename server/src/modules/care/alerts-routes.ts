import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARE_TEXTS, alertPreferencesResponse, alertPreferencesSchema } from '@church/contract/care';
import { errorResponses } from '@church/contract/http';
import type { Db } from '../../db/client';
import { leaderAlertPrefs } from '../../db/schema/index';
import { auth, currentUser } from '../../plugins/auth';

const DEFAULTS = { visitors: true, contactMessages: true, prayers: true, emailAlerts: false };
const errors = errorResponses(400, 401, 403);

/** GET/PUT /care/alert-preferences: the signed-in leader's own alert choices (no one else's). */
export async function alertPreferencesRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Pastoral care'];
  const security = [{ bearerAuth: [] }];
  const preHandler = auth.permission('care:notes');

  app.get(
    '/care/alert-preferences',
    {
      preHandler,
      schema: { tags, security, summary: 'Your alert choices (leaders)', response: { 200: alertPreferencesResponse, ...errors } },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(leaderAlertPrefs)
        .where(eq(leaderAlertPrefs.userId, currentUser(request).id));
      const p = row ?? DEFAULTS;
      return {
        status: 'success' as const,
        data: { preferences: { visitors: p.visitors, contactMessages: p.contactMessages, prayers: p.prayers, emailAlerts: p.emailAlerts } },
      };
    },
  );

  app.put(
    '/care/alert-preferences',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Change your alert choices',
        body: alertPreferencesSchema,
        response: { 200: alertPreferencesResponse, ...errors },
      },
    },
    async (request) => {
      const values = { ...request.body, updatedAt: new Date() };
      await db
        .insert(leaderAlertPrefs)
        .values({ userId: currentUser(request).id, ...values })
        .onConflictDoUpdate({ target: leaderAlertPrefs.userId, set: values });
      return { status: 'success' as const, message: CARE_TEXTS.alertsSaved, data: { preferences: request.body } };
    },
  );
}
