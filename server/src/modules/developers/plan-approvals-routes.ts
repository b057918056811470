import { and, desc, eq, isNull, ne, or, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TIERS, apiPlanRequestsResponse, type PricingTier } from '@church/contract/developers';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import type { Db } from '../../db/client';
import { apiKeys, notifications, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { auth } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit/audit';
import type { ApiKeyGate } from './api-key-gate';
import { createKeysRepository } from './keys-repository';

const errors = errorResponses(400, 401, 403, 404);
const asTier = (t: string): PricingTier => (t in TIERS ? (t as PricingTier) : 'free');
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/**
 * Admin Panel, API plans: the paid keys waiting for the church's approval. There is no payment
 * provider, so the church approving a developer's plan is what "arranging the upgrade" means
 * (pricing page): until then a paid key works as a Free key (contract/developer-tiers.ts).
 */
export async function planApprovalsRoutes(appBase: FastifyInstance, { db, gate }: { db: Db; gate: Pick<ApiKeyGate, 'changed'> }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const repo = createKeysRepository(db);
  const tags = ['Admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/admin/api-plans',
    {
      preHandler: auth.permission('api-plans:approve'),
      schema: {
        tags,
        security,
        summary: 'Paid API keys awaiting approval (each works as a Free key until approved), newest first',
        response: { 200: apiPlanRequestsResponse, ...errors },
      },
    },
    async () => {
      const rows = await db
        .select({ key: apiKeys, dev: { id: users.id, name: users.name, email: sql<string>`coalesce(${users.email}, '')`, profile: users.developerProfile } })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(
          and(
            ne(apiKeys.tier, 'free'),
            isNull(apiKeys.approvedAt),
            isNull(apiKeys.revokedAt),
            or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
          ),
        )
        .orderBy(desc(apiKeys.createdAt))
        .limit(200);
      const withUsage = await repo.withUsage(rows.map((r) => r.key));
      return {
        status: 'success' as const,
        data: {
          requests: rows.map(({ key, dev }, i) => {
            const profile = (dev.profile ?? {}) as Record<string, unknown>;
            return {
              _id: key.id,
              id: key.id,
              name: key.name,
              description: key.description,
              pricingTier: asTier(key.tier),
              planStatus: 'pending' as const,
              createdAt: key.createdAt.toISOString(),
              developer: {
                id: dev.id,
                name: dev.name,
                email: dev.email,
                company: text(profile.company),
                website: text(profile.website),
                projectDescription: text(profile.projectDescription),
              },
              monthlyRequests: withUsage[i]!.monthlyRequests,
            };
          }),
        },
      };
    },
  );

  app.post(
    '/admin/api-plans/:id/approve',
    {
      preHandler: auth.permission('api-plans:approve'),
      schema: {
        tags,
        security,
        summary: "Approve a developer's paid plan: from now the key has its tier's limits, permissions and webhooks",
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      const approved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiKeys)
          .set({ approvedAt: new Date(), approvedBy: actor.actorId })
          .where(and(eq(apiKeys.id, request.params.id), ne(apiKeys.tier, 'free'), isNull(apiKeys.approvedAt), isNull(apiKeys.revokedAt)))
          .returning();
        if (!row) return null;
        const tier = TIERS[asTier(row.tier)];
        await recordAudit(tx, {
          ...actor,
          action: 'api_key.plan_approved',
          entityType: 'api_key',
          entityId: row.id,
          summary: `${tier.name} plan approved for API key "${row.name}"`,
          after: { tier: tier.id, approvedAt: row.approvedAt },
        });
        await tx.insert(notifications).values({
          userId: row.userId,
          type: 'other',
          title: `Your ${tier.name} plan was approved`,
          message: `The church approved the ${tier.name} plan of your API key "${row.name}": it may now use every permission of the plan.`,
          link: '/developers/api-keys',
        });
        return row;
      });
      if (!approved) throw notFound('No API key awaiting approval with that id (it may be approved or revoked already)');
      // Every instance forgets the key, so its next request is verified again and carries the approval.
      await gate.changed(approved.id);
      return { status: 'success' as const, message: 'Plan approved' };
    },
  );
}
