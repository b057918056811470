import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import { announcementInput, announcementResponse, announcementsResponse, publishAnnouncementRequest } from '@church/contract/announcements';
import { auth, currentUser } from '../../plugins/auth';
import { notFound } from '../../lib/errors';
import { presentAnnouncement } from './presenter';
import type { AnnouncementsRepository } from './repository';

const guarded = errorResponses(400, 401, 403, 404);
const security = [{ bearerAuth: [] }];

/** Announcements: real CRUD for pastor-type roles (the spec's prototype kept them as local sample data); active ones for every member. */
export async function announcementsRoutes(appBase: FastifyInstance, { repo }: { repo: AnnouncementsRepository }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Announcements'];
  const manage = auth.permission('church:manage');
  const one = (row: Parameters<typeof presentAnnouncement>[0]) => ({
    status: 'success' as const,
    data: { announcement: presentAnnouncement(row) },
  });

  app.get(
    '/announcements/active',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Published announcements whose window includes now (signed-in members)',
        response: { 200: announcementsResponse, ...errorResponses(401) },
      },
    },
    async () => {
      const now = new Date();
      return { status: 'success' as const, data: { announcements: (await repo.active(now)).map((r) => presentAnnouncement(r, now)) } };
    },
  );

  app.get(
    '/announcements',
    { preHandler: manage, schema: { tags, security, summary: 'Every announcement', response: { 200: announcementsResponse, ...guarded } } },
    async () => ({ status: 'success' as const, data: { announcements: (await repo.all()).map((r) => presentAnnouncement(r)) } }),
  );

  app.post(
    '/announcements',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Create an announcement',
        body: announcementInput,
        response: { 201: announcementResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await repo.create({ ...request.body, author: user.name, authorId: user.id });
      return reply.code(201).send(one(row));
    },
  );

  app.put(
    '/announcements/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Edit an announcement',
        params: idParams,
        body: announcementInput,
        response: { 200: announcementResponse, ...guarded },
      },
    },
    async (request) => {
      const row = await repo.update(request.params.id, request.body);
      if (!row) throw notFound('Announcement not found');
      return one(row);
    },
  );

  app.patch(
    '/announcements/:id/published',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Publish or unpublish an announcement',
        params: idParams,
        body: publishAnnouncementRequest,
        response: { 200: announcementResponse, ...guarded },
      },
    },
    async (request) => {
      const row = await repo.update(request.params.id, { published: request.body.published });
      if (!row) throw notFound('Announcement not found');
      return one(row);
    },
  );

  app.delete(
    '/announcements/:id',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Delete an announcement', params: idParams, response: { 200: announcementResponse, ...guarded } },
    },
    async (request) => {
      const row = await repo.remove(request.params.id);
      if (!row) throw notFound('Announcement not found');
      return one(row);
    },
  );
}
