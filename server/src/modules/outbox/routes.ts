import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { errorResponse, paginationQuery } from '@church/contract/http';
import { outboxListResponse } from '@church/contract/outbox';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { auth } from '../../plugins/auth';

/**
 * The mail delivery log for administrators: who was sent what kind of mail,
 * when, and whether it arrived. Never the bodies: a password-reset mail holds
 * a link that takes over its owner's account, and a reset secret belongs to its
 * owner alone (an admin reading the link could take over a superadmin). The
 * body stays in the table only for the delivery job; no API returns it.
 */
export async function outboxRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/outbox',
    {
      preHandler: auth.permission('outbox:read'),
      schema: {
        tags: ['Administration'],
        summary: 'E-mails the platform has sent or queued, newest first',
        security: [{ bearerAuth: [] }],
        querystring: paginationQuery(20, 100),
        response: {
          200: outboxListResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(emailOutbox)
          .orderBy(desc(emailOutbox.createdAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(emailOutbox),
      ]);
      return {
        status: 'success' as const,
        data: {
          mails: rows.map((r) => ({
            _id: r.id,
            id: r.id,
            to: r.toAddress,
            subject: r.subject,
            kind: r.kind,
            createdAt: r.createdAt.toISOString(),
            sentAt: r.sentAt?.toISOString() ?? null,
            error: r.error,
            skippedAt: r.skippedAt?.toISOString() ?? null,
            skipReason: r.skipReason,
          })),
          page,
          limit,
          total: total?.n ?? 0,
        },
      };
    },
  );
}
