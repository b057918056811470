import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import { LEADER_ROLES } from '@church/contract/roles';
import { normalisePhone } from '@church/contract/rules/phone';
import { VISITOR_TEXTS, visitorResponse, visitorsListQuery, visitorsListResponse, visitorUpdateRequest } from '@church/contract/visitors';
import type { Db } from '../../db/client';
import { users, visitors, type VisitorRow } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';
import { auditActor, recordAudit, recordRead } from '../audit/audit';
import { recordStatusChange } from '../members/service';
import { presentVisitor } from './presenter';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The Visitors page (issue 10): follow-up list, assignee, note, follow-up date and 'convert to member'. */
export async function visitorsManageRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Visitors'];
  const security = [{ bearerAuth: [] }];

  async function withAssignees(rows: VisitorRow[]) {
    const ids = [...new Set(rows.map((r) => r.assignedTo).filter((x): x is string => !!x))];
    const names = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
    return rows.map((r) => presentVisitor(r, names.find((n) => n.id === r.assignedTo) ?? null));
  }

  app.get(
    '/visitors',
    {
      preHandler: auth.permission('visitors:read'),
      schema: {
        tags,
        security,
        summary: 'Visitors to follow up, newest first, with counts per status (leaders)',
        querystring: visitorsListQuery,
        response: { 200: visitorsListResponse, ...errors },
      },
    },
    async (request) => {
      const { status, q, page, limit } = request.query;
      const conds: (SQL | undefined)[] = [];
      if (status) conds.push(eq(visitors.status, status));
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // The page shows "First Last": a leader types the name as shown, so match the whole name too.
        const fullName = sql`(${visitors.firstName} || ' ' || ${visitors.lastName})`;
        conds.push(or(ilike(fullName, like), ilike(visitors.email, like)));
      }
      const where = and(...conds);
      const [rows, [total], counts, leaders] = await Promise.all([
        db
          .select()
          .from(visitors)
          .where(where)
          .orderBy(desc(visitors.createdAt), desc(visitors.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(visitors).where(where),
        db.select({ status: visitors.status, n: count() }).from(visitors).groupBy(visitors.status),
        db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.role, [...LEADER_ROLES]))
          .orderBy(asc(users.name))
          .limit(200),
      ]);
      return {
        status: 'success' as const,
        data: {
          visitors: await withAssignees(rows),
          page,
          limit,
          total: total?.n ?? 0,
          counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
          leaders,
        },
      };
    },
  );

  app.get(
    '/visitors/:id',
    {
      preHandler: auth.permission('visitors:read'),
      schema: {
        tags,
        security,
        summary: 'One visitor with their follow-up (leaders; each read is in the audit log)',
        params: idParams,
        response: { 200: visitorResponse, ...errors },
      },
    },
    async (request) => {
      const [row] = await db.select().from(visitors).where(eq(visitors.id, request.params.id));
      if (!row) throw notFound('Visitor not found');
      // POPIA (issue 17): a leader opening someone's record leaves a line in the audit log.
      await recordRead(db, currentUser(request), {
        entityType: 'visitor',
        entityId: row.id,
        ownerId: row.memberId,
        summary: `Opened the visitor record of ${row.firstName} ${row.lastName}`,
        ip: request.ip ?? null,
      });
      return { status: 'success' as const, data: { visitor: (await withAssignees([row]))[0]! } };
    },
  );

  app.patch(
    '/visitors/:id',
    {
      preHandler: auth.permission('visitors:read'),
      schema: {
        tags,
        security,
        summary: "Update a visitor's follow-up: status, assigned leader, note, follow-up date (leaders)",
        params: idParams,
        body: visitorUpdateRequest,
        response: { 200: visitorResponse, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(visitors).where(eq(visitors.id, request.params.id)).for('update');
        if (!before) throw notFound('Visitor not found');
        if (b.assignedTo) {
          const [leader] = await tx.select({ role: users.role }).from(users).where(eq(users.id, b.assignedTo));
          if (!leader || !(LEADER_ROLES as readonly string[]).includes(leader.role)) throw badRequest(VISITOR_TEXTS.leaderNotFound);
        }
        const set: Partial<typeof visitors.$inferInsert> = {};
        if (b.status !== undefined) set.status = b.status;
        if (b.assignedTo !== undefined) set.assignedTo = b.assignedTo;
        if (b.note !== undefined) set.note = b.note || null;
        if (b.followUpOn !== undefined) set.followUpOn = b.followUpOn;
        if (!Object.keys(set).length) return before;
        const [after] = await tx.update(visitors).set(set).where(eq(visitors.id, before.id)).returning();
        const pick = (r: VisitorRow) => Object.fromEntries(Object.keys(set).map((k) => [k, r[k as keyof VisitorRow]]));
        await recordAudit(tx, {
          ...auditActor(request),
          action: 'visitor.updated',
          entityType: 'visitor',
          entityId: before.id,
          summary: `Follow-up of visitor ${before.firstName} ${before.lastName}: ${Object.keys(set).join(', ')}`,
          before: pick(before),
          after: pick(after!),
        });
        return after!;
      });
      return { status: 'success' as const, data: { visitor: (await withAssignees([row]))[0]! } };
    },
  );

  app.post(
    '/visitors/:id/convert',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags,
        security,
        summary: 'Convert a visitor to a member (links to an existing member with the same e-mail)',
        params: idParams,
        response: { 200: visitorResponse, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const actor = { ...auditActor(request), actorId: me.id };
      const row = await db.transaction(async (tx) => {
        const [v] = await tx.select().from(visitors).where(eq(visitors.id, request.params.id)).for('update');
        if (!v) throw notFound('Visitor not found');
        if (v.memberId) return v;
        let [member] = await tx.select().from(users).where(eq(users.email, v.email));
        if (!member) {
          [member] = await tx
            .insert(users)
            .values({
              name: `${v.firstName} ${v.lastName}`,
              email: v.email,
              // A card written before phones were normalised keeps its text when it is not a valid number.
              phone: v.phone ? (normalisePhone(v.phone) ?? v.phone) : null,
              joinDate: v.firstVisitDate,
              status: 'visitor',
              ministryInterests: v.interests,
            })
            .returning();
          await recordStatusChange(tx, actor, member!.id, null, 'visitor', 'Converted from the visitors list');
        }
        const [after] = await tx.update(visitors).set({ memberId: member!.id, status: 'member' }).where(eq(visitors.id, v.id)).returning();
        await recordAudit(tx, {
          ...actor,
          action: 'visitor.converted',
          entityType: 'visitor',
          entityId: v.id,
          summary: `Visitor ${v.firstName} ${v.lastName} converted to member ${member!.name}`,
          before: { status: v.status, memberId: null },
          after: { status: 'member', memberId: member!.id },
        });
        return after!;
      });
      return { status: 'success' as const, data: { visitor: (await withAssignees([row]))[0]! } };
    },
  );
}
