import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@church/contract/http';
import {
  memberStatsResponse,
  membersListQuery,
  membersListResponse,
  profileResponse,
  profileUpdateRequest,
} from '@church/contract/members';
import { z } from 'zod';
import { publicMembersResponse } from '@church/contract/developers';
import { presentPublicMember } from '../developers/member-presenter';
import { newMemberCutoff } from '@church/contract/rules/dashboard';
import { isUniqueViolation, type Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';
import { presentUser } from '../users/presenter';
import { createMembersRepository } from './repository';

const errors = errorResponses(400, 401, 403, 404, 409);
const EMAIL_TAKEN = 'An account with this email already exists';

export async function memberRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const repo = createMembersRepository(db);
  const tags = ['Members'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/members/profile',
    { preHandler: auth.required, schema: { tags, security, summary: 'Your profile', response: { 200: profileResponse, ...errors } } },
    async (request) => {
      const user = presentUser(currentUser(request));
      return { status: 'success' as const, data: { member: user, user } };
    },
  );

  app.put(
    '/members/profile',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Update your profile', body: profileUpdateRequest, response: { 200: profileResponse, ...errors } },
    },
    async (request) => {
      const me = currentUser(request);
      const b = request.body;
      try {
        const row = await repo.update(me.id, {
          name: b.name,
          email: b.email,
          phone: b.phone,
          address: b.address,
          birthday: b.birthday,
          spiritualGifts: b.spiritualGifts,
          ministryInterests: b.ministryInterests,
        });
        const user = presentUser(row!);
        return { status: 'success' as const, message: 'Profile updated successfully', data: { member: user, user } };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    },
  );

  app.get(
    '/members/stats',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Congregation counts (no names)', response: { 200: memberStatsResponse, ...errors } },
    },
    async () => {
      const s = await repo.stats(newMemberCutoff());
      return {
        status: 'success' as const,
        data: {
          totalMembers: s.total,
          activeMembers: s.active,
          inactiveMembers: s.total - s.active,
          newMembers: s.newMembers,
          volunteers: s.volunteers,
        },
      };
    },
  );

  app.get(
    '/members',
    {
      // One path, two callers: a leader's bearer token gets the directory; an API key with
      // read:members gets the deliberately minimal public view (developers/member-presenter.ts).
      preHandler: auth.withApiKey('read:members', auth.permission('members:read')),
      schema: {
        tags,
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        summary: 'The member directory (leaders); an API key gets the minimal public view',
        querystring: membersListQuery,
        response: { 200: z.union([membersListResponse, publicMembersResponse]), ...errors, 429: errors[400] },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      const { rows, total } = await repo.list(q, page, limit);
      const present = request.apiKey ? presentPublicMember : presentUser;
      return { status: 'success' as const, data: { members: rows.map(present), page, limit, total } };
    },
  );
}
