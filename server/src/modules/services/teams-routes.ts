import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import { teamRequest, teamResponse, teamsResponse } from '@church/contract/services';
import { auth } from '../../plugins/auth';
import type { TeamsService } from './teams-service';

const errors = errorResponses(400, 401, 403, 404);

/** Teams with positions and qualified members (services:manage). */
export async function teamsRoutes(appBase: FastifyInstance, { teams }: { teams: TeamsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Services'];
  const security = [{ bearerAuth: [] }];
  const manage = auth.permission('services:manage');

  app.get(
    '/teams',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Teams with positions and members', response: { 200: teamsResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: { teams: await teams.list() },
    }),
  );
  app.post(
    '/teams',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Create a team with its positions',
        body: teamRequest,
        response: { 201: teamResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ status: 'success', data: { team: await teams.create(request.body) } }),
  );
  app.put(
    '/teams/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Change a team, its positions and members',
        params: idParams,
        body: teamRequest,
        response: { 200: teamResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { team: await teams.update(request.params.id, request.body) } }),
  );
  app.delete(
    '/teams/:id',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Delete a team', params: idParams, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await teams.remove(request.params.id);
      return { status: 'success' as const, message: 'Team deleted' };
    },
  );
}
