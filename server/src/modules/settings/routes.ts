import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@church/contract/http';
import { churchInfoResponse, publicSettingsResponse, settingsResponse, updateSettingsRequest } from '@church/contract/settings';
import { auth, currentUser } from '../../plugins/auth';
import { CHANGES_HOME_PAGE } from '../../plugins/home-render';
import type { SettingsService } from './service';
import { publicRead } from '../../plugins/public-cache';

const guarded = errorResponses(400, 401, 403);

export async function settingsRoutes(appBase: FastifyInstance, { service }: { service: SettingsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings'];

  app.get(
    '/settings/public',
    {
      config: publicRead('settings'),
      schema: {
        tags,
        summary: 'Public church settings, map tile URL and home page figures (no sign-in)',
        response: { 200: publicSettingsResponse },
      },
    },
    async (_request, reply) => {
      // Shared caches may keep it briefly: the home page asks on every visit.
      reply.header('cache-control', 'public, max-age=30');
      return { status: 'success' as const, data: await service.publicSettings() };
    },
  );

  app.get(
    '/settings/church-info',
    {
      config: publicRead('settings'),
      schema: { tags, summary: 'Church name, contact details and service times (no sign-in)', response: { 200: churchInfoResponse } },
    },
    async () => {
      const p = await service.publicSettings();
      return { status: 'success' as const, data: { churchInfo: p } };
    },
  );

  app.get(
    '/settings',
    {
      preHandler: auth.permission('settings:write'),
      schema: {
        tags,
        summary: 'The full church settings (admin-type roles)',
        security: [{ bearerAuth: [] }],
        response: { 200: settingsResponse, ...guarded },
      },
    },
    async () => ({ status: 'success' as const, data: { settings: await service.get() } }),
  );

  app.post(
    '/settings',
    {
      preHandler: auth.permission('settings:write'),
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        summary: 'Replace the church settings with the full object (admin-type roles)',
        security: [{ bearerAuth: [] }],
        body: updateSettingsRequest,
        response: { 200: settingsResponse, ...guarded },
      },
    },
    async (request) => {
      const settings = await service.save(request.body, currentUser(request).id);
      return { status: 'success' as const, data: { settings } };
    },
  );
}
