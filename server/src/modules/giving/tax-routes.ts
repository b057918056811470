import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  donorTaxProfileRequest,
  donorTaxProfileResponse,
  TAX_DETAILS_SAVED,
  givingSettingsResponse,
  givingSettingsSchema,
} from '@church/contract/giving-tax';
import { errorResponses, idParams } from '@church/contract/http';
import { auth, currentUser } from '../../plugins/auth';
import { auditActor } from '../audit/audit';
import type { TaxService } from './tax-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving: tax certificates'];
const security = [{ bearerAuth: [] }];

/** Tax & banking settings and donors' tax details (the certificates themselves: certificates-routes.ts). */
export async function taxRoutes(appBase: FastifyInstance, { service }: { service: TaxService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const read = auth.permission('finance:read');
  const manage = auth.permission('finance:manage');

  app.get(
    '/giving/tax-settings',
    {
      preHandler: read,
      schema: { tags, security, summary: 'PBO / section 18A and banking details', response: { 200: givingSettingsResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: { settings: await service.getSettings() },
    }),
  );
  app.put(
    '/giving/tax-settings',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Save PBO / section 18A and banking details',
        body: givingSettingsSchema,
        response: { 200: givingSettingsResponse, ...errors },
      },
    },
    async (request) => {
      await service.saveSettings(request.body, currentUser(request));
      return { status: 'success' as const, data: { settings: await service.getSettings() } };
    },
  );
  app.get(
    '/giving/tax-profile',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Your details for tax certificates', response: { 200: donorTaxProfileResponse, ...errors } },
    },
    async (request) => ({ status: 'success' as const, data: await service.details(currentUser(request).id) }),
  );
  app.put(
    '/giving/tax-profile',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Save your details for tax certificates (and the postal address they print)',
        body: donorTaxProfileRequest,
        response: { 200: donorTaxProfileResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: TAX_DETAILS_SAVED,
      data: await service.saveDetails(currentUser(request).id, request.body),
    }),
  );
  app.get(
    '/giving/donors/:id/tax-profile',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: "A donor's details for tax certificates (treasurer)",
        params: idParams,
        response: { 200: donorTaxProfileResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.details(request.params.id) }),
  );
  app.put(
    '/giving/donors/:id/tax-profile',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: "Complete a donor's details for tax certificates from the deliverability list (audited)",
        params: idParams,
        body: donorTaxProfileRequest,
        response: { 200: donorTaxProfileResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: TAX_DETAILS_SAVED,
      data: await service.saveDetails(request.params.id, request.body, auditActor(request)),
    }),
  );
}
