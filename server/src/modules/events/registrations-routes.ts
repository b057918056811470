import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelRegistrationResponse,
  eventRegistrationsResponse,
  LEFT_WAITLIST_MESSAGE,
  REGISTERED_MESSAGE,
  REGISTRATION_CANCELLED_MESSAGE,
  registerForEventRequest,
  registerForEventResponse,
  WAITLISTED_MESSAGE,
} from '@church/contract/event-registrations';
import { idParams, errorResponses } from '@church/contract/http';
import type { Db } from '../../db/client';
import { eventRegistrations, events, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';
import type { RegistrationsService } from './registrations-service';

type RegistrationRow = typeof eventRegistrations.$inferSelect;
const presentRegistration = (r: RegistrationRow) => ({
  _id: r.id,
  id: r.id,
  eventId: r.eventId,
  userId: r.userId,
  status: r.status as 'registered' | 'waitlisted',
  guests: r.guests,
  createdAt: r.createdAt.toISOString(),
});

const errors = errorResponses(400, 401, 403, 404, 409);

export async function eventRegistrationRoutes(appBase: FastifyInstance, { db, service }: { db: Db; service: RegistrationsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Events'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/events/:id/register',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Register to attend, with guests (idempotent; a full event puts you on its waiting list)',
        params: idParams,
        body: registerForEventRequest,
        response: { 201: registerForEventResponse, 200: registerForEventResponse, ...errors },
      },
    },
    async (request, reply) => {
      const r = await service.register(currentUser(request), request.params.id, request.body?.guests ?? 0);
      const waitlisted = r.registration.status === 'waitlisted';
      return reply.code(r.created ? 201 : 200).send({
        status: 'success',
        message: waitlisted
          ? WAITLISTED_MESSAGE(r.position ?? 1)
          : r.created
            ? REGISTERED_MESSAGE
            : 'You are already registered for this event',
        data: {
          registration: { ...presentRegistration(r.registration), waitlistPosition: r.position },
          event: {
            _id: r.event.id,
            id: r.event.id,
            attendeesCount: r.taken,
            waitlistCount: r.waiting,
            registered: !waitlisted,
            waitlisted,
            maxAttendees: r.event.maxAttendees,
          },
        },
      });
    },
  );

  app.delete(
    '/events/:id/register',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Cancel your own registration or leave the waiting list (a freed place goes to the first waiting)',
        params: idParams,
        response: { 200: cancelRegistrationResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.cancel(currentUser(request), request.params.id);
      return {
        status: 'success' as const,
        message: r.removed.status === 'waitlisted' ? LEFT_WAITLIST_MESSAGE : REGISTRATION_CANCELLED_MESSAGE,
        data: {
          event: {
            _id: r.event.id,
            id: r.event.id,
            attendeesCount: r.taken,
            waitlistCount: r.waiting,
            registered: false as const,
            waitlisted: false as const,
            maxAttendees: r.event.maxAttendees,
          },
        },
      };
    },
  );

  app.get(
    '/events/:id/registrations',
    {
      preHandler: auth.permission('events:attendees'),
      schema: {
        tags,
        security,
        summary: 'Who registered, and the waiting list in order (leaders)',
        params: idParams,
        response: { 200: eventRegistrationsResponse, ...errors },
      },
    },
    async (request) => {
      const [event] = await db.select({ maxAttendees: events.maxAttendees }).from(events).where(eq(events.id, request.params.id));
      if (!event) throw notFound('Event not found');
      const rows = await db
        .select({ r: eventRegistrations, u: { id: users.id, name: users.name, email: users.email, phone: users.phone } })
        .from(eventRegistrations)
        .innerJoin(users, eq(users.id, eventRegistrations.userId))
        .where(eq(eventRegistrations.eventId, request.params.id))
        .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
      const present = ({ r, u }: (typeof rows)[number]) => ({
        ...presentRegistration(r),
        user: { _id: u.id, id: u.id, name: u.name, email: u.email, phone: u.phone },
      });
      const registered = rows.filter((x) => x.r.status === 'registered');
      return {
        status: 'success' as const,
        data: {
          registrations: registered.map(present),
          waitlist: rows.filter((x) => x.r.status === 'waitlisted').map(present),
          total: registered.length,
          maxAttendees: event.maxAttendees,
        },
      };
    },
  );
}
