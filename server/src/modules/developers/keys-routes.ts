import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAY_PER_USE,
  PRICING_TIERS,
  TIERS,
  TRIAL_DAYS,
  apiKeysResponse,
  keyPermissions,
  createApiKeyRequest,
  createdApiKeyResponse,
  plansResponse,
  verifyApiKeyRequest,
  verifyApiKeyResponse,
} from '@church/contract/developers';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { can } from '@church/contract/roles';
import { auth, currentUser } from '../../plugins/auth';
import { findUsableKey, type ApiKeyGate } from './api-key-gate';
import { generateApiKey, hashApiKey } from './key-format';
import { presentApiKey } from './keys-presenter';
import { createKeysRepository } from './keys-repository';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
/** A developer can hold this many live keys; more is a sign of a leak or a script gone wrong. */
export const MAX_ACTIVE_KEYS = 25;

const plans = () => ({
  status: 'success' as const,
  data: {
    plans: PRICING_TIERS.map((id) => ({ ...TIERS[id], permissions: [...TIERS[id].permissions], features: [...TIERS[id].features] })),
    payPerUse: { ...PAY_PER_USE },
    trialDays: TRIAL_DAYS,
    currency: 'USD' as const,
  },
});

/** Pricing plans, API keys (create, list, revoke) and API-key sign-in (spec 002 §2.5, §2.7, §7.11). */
export async function developerKeysRoutes(
  appBase: FastifyInstance,
  { db, limiter, gate }: { db: Db; limiter: RateLimiter; gate: Pick<ApiKeyGate, 'revoked'> },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const repo = createKeysRepository(db);
  const tags = ['Developers'];
  const security = [{ bearerAuth: [] }];

  for (const url of ['/pricing/plans', '/plans']) {
    app.get(
      url,
      { schema: { tags: ['Pricing'], summary: 'The developer plans: prices, limits and permissions', response: { 200: plansResponse } } },
      async () => plans(),
    );
  }

  app.get(
    '/developers/api-keys',
    {
      preHandler: auth.permission('api:access'),
      schema: { tags, security, summary: 'Your API keys with their usage', response: { 200: apiKeysResponse, ...errors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: { apiKeys: (await repo.listActive(currentUser(request).id)).map((r) => presentApiKey(r)) },
    }),
  );

  for (const url of ['/developers/api-keys', '/api-keys']) {
    app.post(
      url,
      {
        preHandler: auth.permission('api:access'),
        schema: {
          tags,
          security,
          summary: 'Create an API key (the full key is in this response only)',
          body: createApiKeyRequest,
          response: { 201: createdApiKeyResponse, ...errors },
        },
      },
      async (request, reply) => {
        const me = currentUser(request);
        const existing = await repo.listActive(me.id);
        if (existing.length >= MAX_ACTIVE_KEYS)
          throw conflict(`You already have ${MAX_ACTIVE_KEYS} active API keys. Revoke one you no longer use first.`);
        const tier = TIERS[request.body.pricingTier];
        const key = generateApiKey();
        const row = await repo.insert({
          userId: me.id,
          name: request.body.name,
          description: request.body.description,
          tier: tier.id,
          keyHash: hashApiKey(key),
          keyLast4: key.slice(-4),
          expiresAt: tier.keyExpiresAfterDays ? new Date(Date.now() + tier.keyExpiresAfterDays * 86_400_000) : null,
          // Someone who may approve plans (the church's own administrator with developer access) needs nobody's approval.
          ...(tier.id !== 'free' && can(me, 'api-plans:approve') ? { approvedAt: new Date(), approvedBy: me.id } : {}),
        });
        reply.code(201);
        return {
          status: 'success' as const,
          message: 'API key created successfully!',
          data: { apiKey: { ...presentApiKey({ ...row, monthlyRequests: 0, totalRequests: 0 }), key } },
        };
      },
    );
  }

  app.delete(
    '/developers/api-keys/:id',
    {
      preHandler: auth.permission('api:access'),
      schema: {
        tags,
        security,
        summary: 'Revoke an API key (it stops working at once)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const row = await repo.revoke(currentUser(request).id, request.params.id);
      if (!row) throw notFound('API key not found');
      // This instance forgets the key at once, the others as the bus carries the notice (key-cache.ts).
      await gate.revoked(row.id);
      return { status: 'success' as const, message: 'API key revoked successfully' };
    },
  );

  app.post(
    '/developers/verify-key',
    {
      schema: {
        tags,
        summary: 'API Key Login: check a key is valid and live (no usage is counted)',
        body: verifyApiKeyRequest,
        response: { 200: verifyApiKeyResponse, ...errors },
      },
    },
    async (request) => {
      // Keys carry ~190 bits, but a per-address limit keeps this from being a free oracle.
      await limiter.consume(`verify-key:${request.ip}`, 30, 60_000);
      const row = await findUsableKey(db, request.body.apiKey);
      const tier = TIERS[row.tier as keyof typeof TIERS] ?? TIERS.free;
      const permissions = keyPermissions({ tier: tier.id, createdAt: row.createdAt, approvedAt: row.approvedAt });
      return {
        status: 'success' as const,
        message: 'API key authentication successful!',
        data: {
          apiKey: {
            id: row.id,
            name: row.name,
            pricingTier: tier.id,
            permissions: [...permissions],
            expiresAt: row.expiresAt?.toISOString() ?? null,
          },
        },
      };
    },
  );
}
