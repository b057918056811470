import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@church/contract/http';
import {
  churchInfoResponse,
  publicSettingsResponse,
  settingsResponse,
  updateSettingsRequest,
  upgradeSettingsDocument,
} from '@church/contract/settings';
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
      // Revalidated on every use (a 304 from the kept answer's ETag costs nothing): an edit on /settings
      // must show on the next page the church opens, not 30 seconds later from the browser's cache.
      reply.header('cache-control', 'public, no-cache');
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
      // Spec-shaped documents (serviceTimes by day, missionStatement, a founders line) validate as today's shape.
      preValidation: async (request) => {
        request.body = upgradeSettingsDocument(request.body) as typeof request.body;
      },
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        summary: 'Replace the church settings with the full object (admin-type roles)',
        description:
          'Every field is validated before anything is stored: one invalid field refuses the whole document (400 with per-field details). ' +
          'Rich text (terms, privacy.notice) is sanitised: scripts and event handlers are removed, links kept only to http(s), mailto and tel.',
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
