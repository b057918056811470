import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@church/contract/http';
import { securitySettingsRequest, securitySettingsResponse } from '@church/contract/security-settings';
import { auth } from '../../plugins/auth';
import { auditActor } from '../audit/audit';
import type { SecuritySettingsService } from './settings';

/** The church's security settings: administrators only (admin:panel), every change in the audit log. */
export async function securitySettingsRoutes(appBase: FastifyInstance, { settings }: { settings: SecuritySettingsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['Administration'], security: [{ bearerAuth: [] }] };
  app.get(
    '/admin/security-settings',
    {
      preHandler: auth.permission('admin:panel'),
      schema: { ...common, summary: 'The church’s security settings', response: { 200: securitySettingsResponse, ...errorResponses(401, 403) } },
    },
    async () => ({ status: 'success' as const, data: { settings: await settings.get() } }),
  );
  app.put(
    '/admin/security-settings',
    {
      preHandler: auth.permission('admin:panel'),
      schema: {
        ...common,
        summary: 'Change the church’s security settings (only the fields sent)',
        body: securitySettingsRequest,
        response: { 200: securitySettingsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: { settings: await settings.save(auditActor(request), request.body) } }),
  );
}
