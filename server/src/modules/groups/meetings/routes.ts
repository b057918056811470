import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MEETING_TEXTS,
  meetingDetailResponse,
  meetingParams,
  meetingsQuery,
  meetingsResponse,
  syncRequest,
  syncResponse,
  type SyncResult,
} from '@church/contract/groups-meetings';
import { errorResponses, idParams } from '@church/contract/http';
import { auth, currentUser, type SessionUser } from '../../../plugins/auth';
import type { MeetingsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Groups'];
const security = [{ bearerAuth: [] }];

/** Meetings and attendance: read per group, written through one idempotent sync call (online or after offline). */
export async function meetingsRoutes(
  appBase: FastifyInstance,
  { service, sync }: { service: MeetingsService; sync: (user: SessionUser, input: z.output<typeof syncRequest>) => Promise<SyncResult> },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/groups/:id/meetings',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'A group’s coming or past meetings (its members; notes for its leaders)',
        params: idParams,
        querystring: meetingsQuery,
        response: { 200: meetingsResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { meetings: await service.list(currentUser(request), request.params.id, request.query.range, request.query.limit) },
    }),
  );
  app.get(
    '/groups/:id/meetings/:meetingId',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'A meeting’s register and visitors (the group’s leaders)',
        params: meetingParams,
        response: { 200: meetingDetailResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.detail(currentUser(request), request.params.id, request.params.meetingId),
    }),
  );
  app.post(
    '/groups/sync',
    {
      preHandler: auth.required,
      // A phone back online sends everything it kept: a bigger body than the default allows.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary: 'Send meetings, attendance marks and visitors recorded on a phone (idempotent: ids are made by the phone)',
        body: syncRequest,
        response: { 200: syncResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: MEETING_TEXTS.synced,
      data: await sync(currentUser(request), request.body),
    }),
  );
}
