import { asc, count, eq, and } from 'drizzle-orm';
import type { SessionUser } from '../../plugins/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CANCEL_PAST_MESSAGE,
  cancelRegistrationResponse,
  NOT_REGISTERED_MESSAGE,
  REGISTRATION_CANCELLED_MESSAGE,
  EVENT_FULL_MESSAGE,
  EVENT_PAST_MESSAGE,
  eventRegistrationsResponse,
  registerForEventResponse,
} from '@church/contract/event-registrations';
import { idParams, errorResponses } from '@church/contract/http';
import { isUniqueViolation, type Db } from '../../db/client';
import { eventRegistrations, events, users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';

const errors = errorResponses(400, 401, 403, 404, 409);
const REGISTERED = 'Successfully registered for event!';

/**
 * Registers the user once. The event row is locked for the duration, so two
 * people racing for the last place cannot both get it; registering again
 * answers with the existing registration.
 */
async function register(db: Db, user: SessionUser, eventId: string, now = new Date()) {
  try {
    return await db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event) throw notFound('Event not found');
      const countFor = async () =>
        (await tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId)))[0]!.n;
      const [existing] = await tx
        .select()
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)));
      if (existing) return { registration: existing, event, attendeesCount: await countFor(), created: false };
      if ((event.endsAt ?? event.startsAt).getTime() < now.getTime()) throw badRequest(EVENT_PAST_MESSAGE);
      const taken = await countFor();
      if (event.maxAttendees != null && taken >= event.maxAttendees) throw conflict(EVENT_FULL_MESSAGE);
      const [registration] = await tx.insert(eventRegistrations).values({ eventId, userId: user.id }).returning();
      return { registration: registration!, event, attendeesCount: taken + 1, created: true };
    });
  } catch (err) {
    // A double click from two tabs: the unique index keeps one; answer as "already registered".
    if (isUniqueViolation(err)) return register(db, user, eventId, now);
    throw err;
  }
}

/**
 * Cancels the caller's own registration: the row goes (there is no one else's
 * to cancel through this route), and its place is free for the next person at
 * once — the event row is locked like registering, so a cancel and a register
 * racing for the last place see one consistent count.
 */
async function cancel(db: Db, user: SessionUser, eventId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw notFound('Event not found');
    if ((event.endsAt ?? event.startsAt).getTime() < now.getTime()) throw badRequest(CANCEL_PAST_MESSAGE);
    const removed = await tx
      .delete(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)))
      .returning({ id: eventRegistrations.id });
    if (!removed.length) throw notFound(NOT_REGISTERED_MESSAGE);
    const [{ n }] = (await tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))) as [
      { n: number },
    ];
    return { event, attendeesCount: n };
  });
}

export async function eventRegistrationRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
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
        summary: 'Register to attend (idempotent; refuses when the event is full)',
        params: idParams,
        response: { 201: registerForEventResponse, 200: registerForEventResponse, ...errors },
      },
    },
    async (request, reply) => {
      const r = await register(db, currentUser(request), request.params.id);
      return reply.code(r.created ? 201 : 200).send({
        status: 'success',
        message: r.created ? REGISTERED : 'You are already registered for this event',
        data: {
          registration: {
            _id: r.registration.id,
            id: r.registration.id,
            eventId: r.registration.eventId,
            userId: r.registration.userId,
            createdAt: r.registration.createdAt.toISOString(),
          },
          event: {
            _id: r.event.id,
            id: r.event.id,
            attendeesCount: r.attendeesCount,
            registered: true,
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
        summary: 'Cancel your own registration (frees the place)',
        params: idParams,
        response: { 200: cancelRegistrationResponse, ...errors },
      },
    },
    async (request) => {
      const r = await cancel(db, currentUser(request), request.params.id);
      return {
        status: 'success' as const,
        message: REGISTRATION_CANCELLED_MESSAGE,
        data: {
          event: {
            _id: r.event.id,
            id: r.event.id,
            attendeesCount: r.attendeesCount,
            registered: false as const,
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
        summary: 'Who registered (leaders)',
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
        .orderBy(asc(eventRegistrations.createdAt));
      return {
        status: 'success' as const,
        data: {
          registrations: rows.map(({ r, u }) => ({
            _id: r.id,
            id: r.id,
            eventId: r.eventId,
            userId: r.userId,
            createdAt: r.createdAt.toISOString(),
            user: { _id: u.id, id: u.id, name: u.name, email: u.email, phone: u.phone },
          })),
          total: rows.length,
          maxAttendees: event.maxAttendees,
        },
      };
    },
  );
}
