import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminApiKeysQuery, adminApiKeysResponse, developerAccessRequest } from '@church/contract/developers';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import type { Db } from '../../db/client';
import { apiKeys, notifications, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { auth } from '../../plugins/auth';
import { auditActor, recordAudit } from '../audit/audit';
import type { ApiKeyGate } from './api-key-gate';
import { presentApiKey } from './keys-presenter';
import { createKeysRepository } from './keys-repository';

const errors = errorResponses(400, 401, 403, 404);
/** The most keys one answer lists (25 live keys per account: 80 busy developers). */
const LIST_LIMIT = 2_000;

/**
 * The church's control over developers (issue 29, finding 7): anyone may register as a developer, so the
 * church's administrators see every API key with its owner and usage, revoke any key, and disable a
 * developer account (it can no longer sign in, and none of its keys works on any instance from then on).
 */
export async function adminDevelopersRoutes(
  appBase: FastifyInstance,
  { db, gate }: { db: Db; gate: Pick<ApiKeyGate, 'revoked' | 'ownerChanged'> },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const repo = createKeysRepository(db);
  const tags = ['Admin'];
  const security = [{ bearerAuth: [] }];
  const guard = auth.permission('developers:manage');

  app.get(
    '/admin/api-keys',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Every API key of the church with its owner and usage (last used, requests this month and in all), newest first',
        querystring: adminApiKeysQuery,
        response: { 200: adminApiKeysResponse, ...errors },
      },
    },
    async (request) => {
      const rows = await db
        .select({ key: apiKeys, owner: { id: users.id, name: users.name, email: users.email, role: users.role, isActive: users.isActive, erasedAt: users.erasedAt } })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(request.query.include === 'all' ? undefined : isNull(apiKeys.revokedAt))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(LIST_LIMIT);
      const withUsage = await repo.withUsage(rows.map((r) => r.key));
      const now = new Date();
      return {
        status: 'success' as const,
        data: {
          apiKeys: rows.map(({ owner }, i) => ({
            ...presentApiKey(withUsage[i]!, now),
            owner: {
              id: owner.id,
              name: owner.name,
              email: owner.email,
              role: owner.role,
              accountEnabled: owner.isActive && !owner.erasedAt,
            },
          })),
        },
      };
    },
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: "Revoke any developer's API key: it stops working at once, on every instance; its owner is told",
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      const revoked = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiKeys)
          .set({ revokedAt: new Date() })
          .where(and(eq(apiKeys.id, request.params.id), isNull(apiKeys.revokedAt)))
          .returning();
        if (!row) return null;
        await recordAudit(tx, {
          ...actor,
          action: 'api_key.revoked_by_admin',
          entityType: 'api_key',
          entityId: row.id,
          summary: `Revoked API key "${row.name}" of another person`,
          before: { revokedAt: null },
          after: { revokedAt: row.revokedAt, ownerId: row.userId },
        });
        await tx.insert(notifications).values({
          userId: row.userId,
          type: 'other',
          title: 'The church revoked one of your API keys',
          message: `The church's administrator revoked your API key "${row.name}": it no longer works. Contact the church office if you need to know why.`,
          link: '/developers/api-keys',
        });
        return row;
      });
      if (!revoked) throw notFound('No live API key with that id (it may be revoked already)');
      await gate.revoked(revoked.id);
      return { status: 'success' as const, message: 'API key revoked' };
    },
  );

  app.put(
    '/admin/developers/:id/access',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Disable (or enable again) a developer account: disabled, it cannot sign in and none of its keys works, on every instance',
        params: idParams,
        body: developerAccessRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      const { enabled } = request.body;
      const changed = await db.transaction(async (tx) => {
        // Only the developer portal's own accounts: staff who also hold API access are managed on the members pages.
        const [before] = await tx
          .select({ id: users.id, name: users.name, isActive: users.isActive })
          .from(users)
          .where(and(eq(users.id, request.params.id), eq(users.role, 'developer'), isNull(users.erasedAt)))
          .for('update');
        if (!before) return null;
        if (before.isActive === enabled) return before;
        // The database moves the token version on with is_active and announces it (migrations 0015, 0029):
        // the developer's sessions and sockets end, and every instance forgets the account's keys.
        await tx.update(users).set({ isActive: enabled }).where(eq(users.id, before.id));
        await recordAudit(tx, {
          ...actor,
          action: enabled ? 'developer.enabled' : 'developer.disabled',
          entityType: 'user',
          entityId: before.id,
          summary: `${enabled ? 'Enabled' : 'Disabled'} the developer account of ${before.name}`,
          before: { isActive: before.isActive },
          after: { isActive: enabled },
        });
        return before;
      });
      if (!changed) throw notFound('No developer account with that id');
      gate.ownerChanged(changed.id);
      return { status: 'success' as const, message: enabled ? 'Developer account enabled' : 'Developer account disabled: its API keys no longer work' };
    },
  );
}
