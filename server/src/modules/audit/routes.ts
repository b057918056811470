import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditListQuery, auditListResponse } from '@church/contract/audit';
import { errorResponses } from '@church/contract/http';
import type { Db } from '../../db/client';
import { auditLog, type AuditRow } from '../../db/schema/index';
import { auth } from '../../plugins/auth';

const present = (r: AuditRow) => ({
  _id: r.id,
  id: r.id,
  actorId: r.actorId,
  actorName: r.actorName,
  actorRole: r.actorRole,
  action: r.action,
  entityType: r.entityType,
  entityId: r.entityId,
  summary: r.summary,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  at: r.at.toISOString(),
});

/** GET /api/admin/audit: the audit log for administrators, newest first, paged and filtered. */
export async function auditRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/audit',
    {
      preHandler: auth.permission('audit:read'),
      schema: {
        tags: ['Administration'],
        summary: "Leaders' actions on other people's data",
        security: [{ bearerAuth: [] }],
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const filters: SQL[] = [];
      if (q.action) filters.push(eq(auditLog.action, q.action));
      if (q.entityType) filters.push(eq(auditLog.entityType, q.entityType));
      if (q.entityId) filters.push(eq(auditLog.entityId, q.entityId));
      if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId));
      if (q.from) filters.push(gte(auditLog.at, new Date(q.from)));
      if (q.to) filters.push(lt(auditLog.at, new Date(q.to)));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { status: 'success' as const, data: { entries: rows.map(present), page: q.page, limit: q.limit, total: total?.n ?? 0 } };
    },
  );
}
