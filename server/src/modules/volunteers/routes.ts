import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@church/contract/http';
import {
  LEADERSHIP_ROLES,
  leadershipResponse,
  ROLE_SUMMARY_NAMES,
  SERVING_ROLES,
  volunteersQuery,
  volunteersResponse,
  type ServingPerson,
} from '@church/contract/volunteers';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { dayIn } from '../../lib/zoned-time';
import { auth } from '../../plugins/auth';
import { congregation } from '../members/repository';
import { memberSearch } from '../members/search';

const errors = errorResponses(400, 401, 403);
/** Spec 001 §2: role volunteer, deacon or elder, or the isVolunteer flag. Computed here, not filtered in the browser. */
// Deleted (POPIA-erased) accounts lose role and flag when erased; congregation keeps them out should that ever change.
const serving = and(congregation, or(inArray(users.role, [...SERVING_ROLES]), eq(users.isVolunteer, true)))!;
const active = and(eq(users.isActive, true), sql`${users.status} <> 'inactive'`)!;

const present = (r: UserRow): ServingPerson => ({
  _id: r.id,
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  role: r.role as ServingPerson['role'],
  status: r.status as ServingPerson['status'],
  isActive: r.isActive,
  isVolunteer: r.isVolunteer,
  joinDate: r.joinDate,
  ministryInterests: r.ministryInterests,
});

/** Volunteers and Leadership pages (spec 001 §2): lists, counts and role summaries in SQL. Role changes go through PATCH /members/{id}/role. */
export async function volunteersRoutes(appBase: FastifyInstance, { db, timeZone }: { db: Db; timeZone: () => Promise<string> }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Volunteers'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/volunteers',
    {
      preHandler: auth.permission('people:roles'),
      schema: {
        tags,
        security,
        summary: 'Volunteers with counts and a roles summary (leaders)',
        querystring: volunteersQuery,
        response: { 200: volunteersResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, q } = request.query;
      const monthStart = `${dayIn(await timeZone(), new Date()).slice(0, 7)}-01`;
      let where: SQL = serving;
      // The member search (name, e-mail, phone digits) over its trigram indexes.
      const match = q ? memberSearch(q) : undefined;
      if (match) where = and(where, match)!;
      const [rows, [filtered], [stats], summary] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users).where(where),
        db
          .select({
            total: count(),
            active: sql<number>`count(*) filter (where ${active})`.mapWith(Number),
            newThisMonth: sql<number>`count(*) filter (where ${users.joinDate} >= ${monthStart})`.mapWith(Number),
          })
          .from(users)
          .where(serving),
        // Per role: the count and the first three names alphabetically, in one grouped query.
        db
          .select({
            role: users.role,
            n: count(),
            names: sql<string[]>`(array_agg(${users.name} order by ${users.name}))[1:${sql.raw(String(ROLE_SUMMARY_NAMES))}]`,
          })
          .from(users)
          .where(and(congregation, inArray(users.role, [...SERVING_ROLES])))
          .groupBy(users.role),
      ]);
      const role = (r: string) => {
        const s = summary.find((x) => x.role === r);
        return { count: s?.n ?? 0, names: s?.names ?? [] };
      };
      return {
        status: 'success' as const,
        data: {
          volunteers: rows.map(present),
          page,
          limit,
          total: filtered?.n ?? 0,
          stats: { total: stats?.total ?? 0, active: stats?.active ?? 0, newThisMonth: stats?.newThisMonth ?? 0 },
          roles: { volunteer: role('volunteer'), deacon: role('deacon'), elder: role('elder') },
        },
      };
    },
  );

  app.get(
    '/leadership',
    {
      preHandler: auth.permission('people:roles'),
      schema: {
        tags,
        security,
        summary: 'The leadership team: pastors, elders and deacons (leaders)',
        response: { 200: leadershipResponse, ...errors },
      },
    },
    async () => {
      const rows = await db
        .select()
        .from(users)
        .where(and(congregation, inArray(users.role, [...LEADERSHIP_ROLES])))
        .orderBy(sql`array_position(array['pastor','elder','deacon']::text[], ${users.role})`, asc(users.name))
        .limit(500);
      const n = (r: string) => rows.filter((x) => x.role === r).length;
      return {
        status: 'success' as const,
        data: { leaders: rows.map(present), counts: { pastor: n('pastor'), elder: n('elder'), deacon: n('deacon') } },
      };
    },
  );
}
