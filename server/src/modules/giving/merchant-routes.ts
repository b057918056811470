import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MERCHANT_TEXTS, merchantSettingsRequest, merchantSettingsResponse } from '@church/contract/giving-merchant';
import { errorResponses } from '@church/contract/http';
import { auth } from '../../plugins/auth';
import { auditActor } from '../audit/audit';
import type { MerchantAccount } from './merchant';

const errors = errorResponses(400, 401, 403, 409);
const tags = ['Giving'];
const security = [{ bearerAuth: [] }];

/**
 * The church's card payment account (PayFast merchant), for administrators only
 * (payments:configure): whoever sets it decides where card gifts are paid. The
 * passphrase goes in and never comes back out.
 */
export async function merchantRoutes(appBase: FastifyInstance, { merchant }: { merchant: MerchantAccount }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const configure = auth.permission('payments:configure');

  app.get(
    '/giving/payment-account',
    {
      preHandler: configure,
      schema: {
        tags,
        security,
        summary: 'The card payment account in use and where it comes from (never the passphrase)',
        response: { 200: merchantSettingsResponse, ...errors },
      },
    },
    async () => ({ status: 'success' as const, data: { merchant: await merchant.describe() } }),
  );
  app.put(
    '/giving/payment-account',
    {
      preHandler: configure,
      schema: {
        tags,
        security,
        summary: 'Enter or change the PayFast merchant account (409 when the environment sets it)',
        body: merchantSettingsRequest,
        response: { 200: merchantSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: MERCHANT_TEXTS.saved,
      data: { merchant: await merchant.save(request.body, auditActor(request)) },
    }),
  );
  app.delete(
    '/giving/payment-account',
    {
      preHandler: configure,
      schema: {
        tags,
        security,
        summary: 'Remove the PayFast merchant account entered in settings: card giving is off',
        response: { 200: merchantSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: MERCHANT_TEXTS.removed,
      data: { merchant: await merchant.remove(auditActor(request)) },
    }),
  );
}
