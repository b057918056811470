import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { DIRECTORY_TEXTS, directoryQuery, directoryResponse } from '@church/contract/directory';
import { errorResponses } from '@church/contract/http';
import { can } from '@church/contract/roles';
import { looksLikePhone, phoneSearchDigits } from '@church/contract/rules/phone';
import type { Db } from '../../../db/client';
import { households, users } from '../../../db/schema/index';
import { forbidden } from '../../../lib/errors';
import { auth, currentUser } from '../../../plugins/auth';
import { consentGranted } from '../../consents/service';
import { activeMember, congregation } from '../repository';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /members/directory: active members who agreed to be listed, with what they agreed to share
 * (name, phone, address) and their household's name. Readable by members who are listed themselves,
 * and by leaders who read members (members:read). The search reads only what the directory shows.
 */
export async function directoryRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const listed = consentGranted('directory_listing', users.id);

  app.get(
    '/members/directory',
    {
      preHandler: auth.required,
      schema: {
        tags: ['Members'],
        security: [{ bearerAuth: [] }],
        summary: 'The member directory: members who agreed to appear in it (for those listed, and for leaders)',
        querystring: directoryQuery,
        response: { 200: directoryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!can(me, 'members:read')) {
        const [self] = await db.select({ listed }).from(users).where(eq(users.id, me.id));
        if (!self?.listed) throw forbidden(DIRECTORY_TEXTS.notListed);
      }
      const { page, limit, q } = request.query;
      let where: SQL = and(congregation, activeMember, listed)!;
      const text = q?.trim();
      if (text) {
        const phones = phoneSearchDigits(text).map((d) => like(users.phoneDigits, `%${d}%`));
        const byName = like(sql`lower(${users.name})`, `%${escapeLike(text.toLowerCase())}%`);
        where = and(where, looksLikePhone(text) ? or(...phones) : or(byName, ...phones))!;
      }
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: users.id, name: users.name, phone: users.phone, address: users.address, household: households.name })
          .from(users)
          .leftJoin(households, eq(households.id, users.householdId))
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return {
        status: 'success' as const,
        data: { members: rows.map((r) => ({ _id: r.id, ...r })), page, limit, total: total?.n ?? 0 },
      };
    },
  );
}
