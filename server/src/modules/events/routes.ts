import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventResponse, eventSchema, eventsQuery, eventsResponse, type ChurchEvent } from '@church/contract/events';
import { errorResponse, errorResponses, idParams } from '@church/contract/http';
import { notFound } from '../../lib/errors';
import { auth } from '../../plugins/auth';
import { presentEvent } from './presenter';
import type { EventsRepository } from './repository';
import { publicRead } from '../../plugins/public-cache';

/**
 * The public / member event list. Anonymous callers only ever see upcoming
 * events (spec 002 §7.1); a signed-in caller may ask for past or all, and each
 * event says whether they are registered. Registration routes live beside
 * this file in registrations-routes.ts.
 */
export async function eventsRoutes(appBase: FastifyInstance, { repo }: { repo: EventsRepository }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Events'];
  /** Numbers each shared page as it is loaded: a person's registrations are kept per page, not per query. */
  let pagesLoaded = 0;

  app.get(
    '/events',
    {
      // An API key with read:events may ask for past events too; anonymous callers get upcoming only.
      preHandler: auth.withApiKey('read:events', auth.optional),
      config: publicRead('events'),
      schema: {
        tags,
        security: [{ apiKey: [] }, { bearerAuth: [] }, {}],
        summary: 'Events, soonest first (anonymous callers: upcoming only)',
        querystring: eventsQuery,
        response: { 200: eventsResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user ?? null;
      const q = request.query;
      const when = user || request.apiKey ? (q.when ?? 'all') : 'upcoming';
      const opts = { when, type: q.type, page: q.page, limit: q.limit, userId: null };
      // The page is the same for every caller who may see it (attendee counts included): loaded and presented
      // once and shared like a kept answer (dropped by any write under /api/events, here or on another instance);
      // a signed-in caller's own registrations among it are all that differs, kept for them alone (personal).
      if (user && !request.apiKey) {
        const key = JSON.stringify(opts);
        const page = await appBase.publicCache.shared('events', key, async () => {
          const { rows, total } = await repo.list(opts);
          const events = rows.map((r) => serializedEachWay(presentEvent({ ...r, mine: undefined })));
          return { total, events, loaded: (pagesLoaded += 1) };
        });
        // The person's own registrations among this very page's events (a page loaded again may hold others),
        // kept like the page: registering or cancelling is a write under /api/events, which drops both before
        // its answer leaves (on another instance, as the bus carries it, like the page's attendee counts).
        const mine = await appBase.publicCache.personal('events', user.id, `${key} ${page.loaded}`, () =>
          repo.registeredAmong(
            user.id,
            page.events.map((e) => e.id),
          ),
        );
        // The answer is the shared page's events, each already checked against the contract and serialised
        // (once per page, registered and not), joined: no per-request copy, check and JSON of every event
        // (bench/reports/speed.md: that was a quarter of a signed-in read's busy time, GC included).
        const events = page.events.map((e) => e[mine.get(e.id) ?? 'none']).join(',');
        const body = `{"status":"success","data":{"events":[${events}],"page":${q.page},"limit":${q.limit},"total":${page.total}}}`;
        // A string with a JSON content type is sent as it is (Fastify serialises only objects); typed as the answer it is.
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      const { rows, total } = await repo.list(opts);
      return { status: 'success' as const, data: { events: rows.map(presentEvent), page: q.page, limit: q.limit, total } };
    },
  );

  app.get(
    '/events/:id',
    {
      preHandler: auth.optional,
      config: publicRead('events'),
      schema: { tags, summary: 'One event', params: idParams, response: { 200: eventResponse, 400: errorResponse, 404: errorResponse } },
    },
    async (request) => {
      const row = await repo.find(request.params.id, request.user?.id ?? null);
      if (!row) throw notFound('Event not found');
      return { status: 'success' as const, data: { event: presentEvent(row) } };
    },
  );
}

/**
 * An event as the contract's serializer would send it to a signed-in caller, each way round (registered,
 * waiting, neither): checked by the contract's schema (as every answer is) and turned into JSON once, when
 * the shared page is loaded.
 */
function serializedEachWay(event: ChurchEvent) {
  const json = (registered: boolean, waitlisted: boolean) => JSON.stringify(eventSchema.encode({ ...event, registered, waitlisted }));
  return { id: event.id, registered: json(true, false), waitlisted: json(false, true), none: json(false, false) };
}
