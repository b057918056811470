import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import { can } from '@church/contract/roles';
import {
  assignmentResponse,
  blockoutRequest,
  blockoutResponse,
  calendarFeedResponse,
  candidatesResponse,
  myScheduleResponse,
  respondLinkResponse,
  respondRequest,
  scheduleRequest,
  SERVICE_TEXTS,
  swapRequest,
} from '@church/contract/services';
import { auth, currentUser } from '../../plugins/auth';
import { HttpError } from '../../lib/errors';
import type { MeService } from './me-service';
import type { ScheduleService } from './schedule-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tokenParams = z.object({ token: z.string().max(300, 'This link is not valid') });

/** Asking, answering, swapping; My schedule, blockouts, the calendar feed and one-tap e-mail links. */
export async function scheduleRoutes(appBase: FastifyInstance, { schedule, me }: { schedule: ScheduleService; me: MeService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Services'];
  const security = [{ bearerAuth: [] }];
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, manages: can(u, 'services:manage') };
  };
  const answered = (r: { response: 'accept' | 'decline' }) => (r.response === 'accept' ? SERVICE_TEXTS.accepted : SERVICE_TEXTS.declined);

  app.post(
    '/services/:id/assignments',
    {
      preHandler: auth.permission('services:manage'),
      schema: {
        tags,
        security,
        summary: 'Ask a qualified team member to serve in a position',
        params: idParams,
        body: scheduleRequest,
        response: { 201: assignmentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const a = await schedule.schedule(currentUser(request).id, request.params.id, request.body);
      return reply.code(201).send({ status: 'success', message: SERVICE_TEXTS.scheduled(a.person.name), data: { assignment: a } });
    },
  );
  app.delete(
    '/assignments/:id',
    {
      preHandler: auth.permission('services:manage'),
      schema: {
        tags,
        security,
        summary: 'Take someone off (the record stays as removed)',
        params: idParams,
        response: { 200: assignmentResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: 'Removed from the roster',
      data: { assignment: await schedule.remove(request.params.id) },
    }),
  );
  app.post(
    '/assignments/:id/respond',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Accept or decline (with a reason and a proposed substitute) in one tap',
        params: idParams,
        body: respondRequest,
        response: { 200: assignmentResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: answered(request.body),
      data: { assignment: await schedule.respond(currentUser(request).id, request.params.id, request.body) },
    }),
  );
  app.get(
    '/assignments/:id/candidates',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Team members free to take this place (the person asked, or a planner)',
        params: idParams,
        response: { 200: candidatesResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { candidates: await schedule.candidates(actor(request), request.params.id) } }),
  );
  app.post(
    '/assignments/:id/swap',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Hand this place to a free team member',
        params: idParams,
        body: swapRequest,
        response: { 200: assignmentResponse, ...errors },
      },
    },
    async (request) => {
      const a = await schedule.swap(actor(request), request.params.id, request.body.userId);
      return { status: 'success' as const, message: SERVICE_TEXTS.swapped(a.person.name), data: { assignment: a } };
    },
  );

  app.get(
    '/me/schedule',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'What I serve, my blockouts, my calendar link state',
        response: { 200: myScheduleResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await me.schedule(currentUser(request).id),
    }),
  );
  app.post(
    '/me/blockouts',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Add days I cannot serve', body: blockoutRequest, response: { 201: blockoutResponse, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send({ status: 'success', data: { blockout: await me.addBlockout(currentUser(request).id, request.body) } }),
  );
  app.delete(
    '/me/blockouts/:id',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Remove one of my blockouts', params: idParams, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await me.removeBlockout(currentUser(request).id, request.params.id);
      return { status: 'success' as const, message: 'Blockout removed' };
    },
  );
  app.post(
    '/me/calendar-feed',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'A new personal calendar link (earlier links stop working)',
        response: { 200: calendarFeedResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { url: await me.rotateFeed(currentUser(request).id) } }),
  );
  app.delete(
    '/me/calendar-feed',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Revoke my calendar link', response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await me.revokeFeed(currentUser(request).id);
      return { status: 'success' as const, message: SERVICE_TEXTS.feedRevoked };
    },
  );
  // The signed link is the authority (calendar apps cannot sign in); a forged, old or revoked one is 404.
  app.get(
    '/calendar/:token',
    { schema: { tags, summary: 'A personal iCal feed (RFC 5545) of what someone serves', params: tokenParams } },
    async (request, reply) => {
      const text = await me.feed(request.params.token);
      if (!text) throw new HttpError(404, 'This calendar link is not valid or was revoked');
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
    },
  );
  app.get(
    '/schedule/respond/:token',
    {
      schema: {
        tags,
        summary: 'What a one-tap e-mail link is about',
        params: tokenParams,
        response: { 200: respondLinkResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: (await me.linkInfo(request.params.token)).view,
    }),
  );
  // A mail scanner's GET never answers for the person: the answer is this POST, from the page the link opens.
  app.post(
    '/schedule/respond/:token',
    {
      schema: {
        tags,
        summary: 'Accept or decline from an e-mail link (no sign-in)',
        params: tokenParams,
        body: respondRequest,
        response: { 200: assignmentResponse, ...errors },
      },
    },
    async (request) => {
      const link = await me.linkInfo(request.params.token);
      return {
        status: 'success' as const,
        message: answered(request.body),
        data: { assignment: await schedule.respond(link.userId, link.id, request.body) },
      };
    },
  );
}
