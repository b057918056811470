import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@church/contract/http';
import {
  INTEGRATIONS,
  integrationIdParams,
  integrationResponse,
  integrationsResponse,
  type Integration,
  type IntegrationDefinition,
} from '@church/contract/integrations';
import type { Db } from '../../db/client';
import { developerIntegrations } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';

function present(def: IntegrationDefinition, connectedAt: Date | undefined): Integration {
  return {
    _id: def.id,
    id: def.id,
    name: def.name,
    description: def.description,
    category: def.category,
    logo: def.logo,
    // coming_soon is fixed (spec 002 §4): nothing stands behind it to connect to.
    status: !def.live ? 'coming_soon' : connectedAt ? 'connected' : 'available',
    connectedSince: def.live && connectedAt ? connectedAt.toISOString() : null,
    setupPath: def.setupPath ?? null,
  };
}

function definition(id: string) {
  const def = INTEGRATIONS.find((i) => i.id === id);
  if (!def) throw notFound('Integration not found');
  return def;
}

/** Spec 002 §2.9 integrations: the catalogue with each developer's connections, persisted per developer. */
export async function developerIntegrationsRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Developers'];
  const security = [{ bearerAuth: [] }];
  const guard = auth.permission('api:access');
  const errors = errorResponses(400, 401, 403, 404);

  const connectedOf = async (userId: string) =>
    new Map(
      (await db.select().from(developerIntegrations).where(eq(developerIntegrations.userId, userId))).map((r) => [
        r.integrationId,
        r.connectedAt,
      ]),
    );

  app.get(
    '/developers/integrations',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Integrations and which of them you connected',
        response: { 200: integrationsResponse, ...errors },
      },
    },
    async (request) => {
      const connected = await connectedOf(currentUser(request).id);
      return { status: 'success' as const, data: { integrations: INTEGRATIONS.map((d) => present(d, connected.get(d.id))) } };
    },
  );

  app.post(
    '/developers/integrations/:id/connect',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Connect an integration (sets the connected date)',
        params: integrationIdParams,
        response: { 200: integrationResponse, ...errors },
      },
    },
    async (request) => {
      const def = definition(request.params.id);
      if (!def.live) throw badRequest(`${def.name} is coming soon: it cannot be connected yet.`);
      const userId = currentUser(request).id;
      // Connecting twice keeps the first date: "connected since" means since then.
      await db.insert(developerIntegrations).values({ userId, integrationId: def.id }).onConflictDoNothing();
      const connected = await connectedOf(userId);
      return { status: 'success' as const, message: `${def.name} connected`, data: { integration: present(def, connected.get(def.id)) } };
    },
  );

  app.post(
    '/developers/integrations/:id/disconnect',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Disconnect an integration (clears the connected date)',
        params: integrationIdParams,
        response: { 200: integrationResponse, ...errors },
      },
    },
    async (request) => {
      const def = definition(request.params.id);
      const userId = currentUser(request).id;
      await db
        .delete(developerIntegrations)
        .where(and(eq(developerIntegrations.userId, userId), eq(developerIntegrations.integrationId, def.id)));
      return { status: 'success' as const, message: `${def.name} disconnected`, data: { integration: present(def, undefined) } };
    },
  );
}
