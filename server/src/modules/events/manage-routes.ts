import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attendanceParams,
  attendanceResponse,
  cancelEventRequest,
  checkInRequest,
  checkInResponse,
  checkOutResponse,
  EVENT_TEXTS,
  eventDeletedResponse,
  eventSavedResponse,
  eventStatsResponse,
  eventWriteRequest,
} from '@church/contract/events-manage';
import { errorResponses, idParams } from '@church/contract/http';
import { auth, currentUser } from '../../plugins/auth';
import { presentEvent } from './presenter';
import { CHANGES_HOME_PAGE } from '../../plugins/home-render';
import type { EventsManageService } from './manage-service';

const errors = errorResponses(400, 401, 403, 404);

/** Events management (spec 001 §2 Events, spec 002 §7.5): pastor/admin/superadmin. */
export async function eventsManageRoutes(appBase: FastifyInstance, { service }: { service: EventsManageService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Events'];
  const security = [{ bearerAuth: [] }];
  const manage = auth.permission('events:manage');
  /** Create and edit are also public API routes: an X-API-Key whose tier holds write:events and whose owner may manage events. */
  const keyedManage = auth.withApiKey('write:events', manage);
  const keyed: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];

  app.post(
    '/events',
    {
      preHandler: keyedManage,
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security: keyed,
        summary: 'Create an event (leaders)',
        body: eventWriteRequest,
        response: { 201: eventSavedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const row = await service.create(currentUser(request), request.body);
      const event = presentEvent(row);
      return reply.code(201).send({ status: 'success', message: EVENT_TEXTS.created, data: { _id: event._id, id: event.id, event } });
    },
  );

  // A static path: the router prefers it to /events/:id whatever the order (which answered 'That id is not valid').
  app.get(
    '/events/stats',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Event counts: upcoming, past, registrations, check-ins, per type (leaders)',
        response: { 200: eventStatsResponse, ...errors },
      },
    },
    async () => ({ status: 'success' as const, data: await service.stats() }),
  );

  app.put(
    '/events/:id',
    {
      preHandler: keyedManage,
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security: keyed,
        summary: 'Edit an event (leaders)',
        params: idParams,
        body: eventWriteRequest,
        response: { 200: eventSavedResponse, ...errors },
      },
    },
    async (request) => {
      const row = await service.update(currentUser(request), request.params.id, request.body);
      const event = presentEvent(row);
      return { status: 'success' as const, message: EVENT_TEXTS.updated, data: { _id: event._id, id: event.id, event } };
    },
  );

  app.post(
    '/events/:id/cancel',
    {
      preHandler: manage,
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security,
        summary: 'Cancel an event: it stays listed as cancelled, registrations and check-ins kept, those registered told (leaders)',
        params: idParams,
        body: cancelEventRequest,
        response: { 200: eventSavedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await service.cancel(currentUser(request), request.params.id, request.body.reason);
      const event = presentEvent(row);
      return { status: 'success' as const, message: EVENT_TEXTS.cancelled, data: { _id: event._id, id: event.id, event } };
    },
  );

  app.delete(
    '/events/:id',
    {
      preHandler: auth.permission('events:delete'),
      config: CHANGES_HOME_PAGE,
      schema: {
        tags,
        security,
        summary: 'Delete an event with its registrations and check-ins (administrators; leaders cancel instead)',
        params: idParams,
        response: { 200: eventDeletedResponse, ...errors },
      },
    },
    async (request) => {
      const removed = await service.remove(currentUser(request), request.params.id);
      return { status: 'success' as const, message: EVENT_TEXTS.deleted, data: removed };
    },
  );

  app.get(
    '/events/:id/attendance',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Check-in sheet: registered people and who attended (leaders)',
        params: idParams,
        response: { 200: attendanceResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.attendance(request.params.id) }),
  );

  app.post(
    '/events/:id/attendance',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Check a person in (idempotent; walk-ins need no registration)',
        params: idParams,
        body: checkInRequest,
        response: { 200: checkInResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.checkIn(currentUser(request), request.params.id, request.body.userId);
      return {
        status: 'success' as const,
        message: EVENT_TEXTS.checkedIn,
        data: {
          attendance: {
            _id: r.attendance.id,
            id: r.attendance.id,
            eventId: r.attendance.eventId,
            userId: r.attendance.userId,
            checkedInAt: r.attendance.checkedInAt.toISOString(),
          },
          checkedInCount: r.checkedInCount,
        },
      };
    },
  );

  app.delete(
    '/events/:id/attendance/:userId',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Undo a check-in', params: attendanceParams, response: { 200: checkOutResponse, ...errors } },
    },
    async (request) => {
      const r = await service.undoCheckIn(currentUser(request), request.params.id, request.params.userId);
      return { status: 'success' as const, message: 'Check-in removed', data: r };
    },
  );
}
