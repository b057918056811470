import { and, avg, count, countDistinct, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENGAGEMENT_PERIOD_DAYS,
  engagementResponse,
  growthResponse,
  overviewResponse,
  pageViewRequest,
  periodQuery,
  websiteResponse,
} from '@church/contract/analytics';
import { errorResponse, errorResponses } from '@church/contract/http';
import type { RateLimiter } from '../../lib/rate-limiter';
import { growth, overview, website } from './figures';
import { createPageViewRecorder } from './page-views';
import type { Db } from '../../db/client';
import { chatMessages, donations, eventRegistrations, events, prayers, users } from '../../db/schema/index';
import { auth } from '../../plugins/auth';
import { congregation } from '../members/repository';

const DAY = 86_400_000;
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * Engagement over the last 30 days, measured from what people actually did:
 * prayed, gave, registered for an event, or wrote in chat.
 */
export async function engagement(db: Db, now = new Date()) {
  const since = new Date(now.getTime() - ENGAGEMENT_PERIOD_DAYS * DAY);
  const members = db.select({ id: users.id }).from(users).where(congregation);
  const [[total], [prayed], [gave], [registered], [chatted], [active], [attendance]] = await Promise.all([
    db.select({ n: count() }).from(users).where(congregation),
    db
      .select({ n: countDistinct(prayers.userId) })
      .from(prayers)
      .where(and(gte(prayers.createdAt, since), inArray(prayers.userId, members))),
    db
      .select({ n: countDistinct(donations.userId) })
      .from(donations)
      .where(and(gte(donations.givenAt, since), sql`${donations.status} = 'completed'`, inArray(donations.userId, members))),
    db
      .select({ n: countDistinct(eventRegistrations.userId) })
      .from(eventRegistrations)
      .where(and(gte(eventRegistrations.createdAt, since), inArray(eventRegistrations.userId, members))),
    db
      .select({ n: countDistinct(chatMessages.senderId) })
      .from(chatMessages)
      .where(and(gte(chatMessages.createdAt, since), inArray(chatMessages.senderId, members))),
    db
      .execute(
        sql`
      select count(distinct uid)::int as n from (
        select ${prayers.userId} as uid from ${prayers} where ${prayers.createdAt} >= ${since.toISOString()}::timestamptz
        union select ${donations.userId} from ${donations} where ${donations.givenAt} >= ${since.toISOString()}::timestamptz and ${donations.status} = 'completed'
        union select ${eventRegistrations.userId} from ${eventRegistrations} where ${eventRegistrations.createdAt} >= ${since.toISOString()}::timestamptz
        union select ${chatMessages.senderId} from ${chatMessages} where ${chatMessages.createdAt} >= ${since.toISOString()}::timestamptz
      ) a join ${users} u on u.id = a.uid where u.role <> 'developer' and u.erased_at is null`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows),
    db
      .select({ avg: avg(events.attendance).mapWith(Number) })
      .from(events)
      .where(and(isNotNull(events.attendance), lt(events.startsAt, now), gte(events.startsAt, new Date(now.getTime() - 90 * DAY)))),
  ]);
  const totalMembers = total?.n ?? 0;
  const rates = {
    prayerParticipation: pct(prayed?.n ?? 0, totalMembers),
    givingParticipation: pct(gave?.n ?? 0, totalMembers),
    eventParticipation: pct(registered?.n ?? 0, totalMembers),
    chatParticipation: pct(chatted?.n ?? 0, totalMembers),
  };
  const activeMembers = Number(active?.n ?? 0);
  return {
    activeMembers,
    totalMembers,
    memberEngagementRate: pct(activeMembers, totalMembers),
    ...rates,
    overallEngagement: Math.round(Object.values(rates).reduce((a, b) => a + b, 0) / 4),
    averageAttendance: Math.round(attendance?.avg ?? 0),
    periodDays: ENGAGEMENT_PERIOD_DAYS,
  };
}

export async function analyticsRoutes(
  appBase: FastifyInstance,
  { db, timeZone, limiter }: { db: Db; timeZone: () => Promise<string>; limiter: RateLimiter },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Analytics'];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403);
  const recorder = createPageViewRecorder(db);

  app.get(
    '/analytics/overview',
    {
      preHandler: auth.permission('analytics:read'),
      schema: {
        tags,
        security,
        summary: 'Headline figures of this month or this year',
        querystring: periodQuery,
        response: { 200: overviewResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await overview(db, request.query.period, await timeZone()) }),
  );
  app.get(
    '/analytics/growth',
    {
      preHandler: auth.permission('analytics:read'),
      schema: {
        tags,
        security,
        summary: 'Growth against the previous month or year, and the last twelve months',
        querystring: periodQuery,
        response: { 200: growthResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await growth(db, request.query.period, await timeZone()) }),
  );
  app.get(
    '/analytics/website',
    {
      preHandler: auth.permission('analytics:read'),
      schema: {
        tags,
        security,
        summary: 'Website visits from our own cookie-free page-view counting',
        querystring: periodQuery,
        response: { 200: websiteResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await website(db, request.query.period, await timeZone()) }),
  );
  // Anyone's browser reports the page it shows; no cookie, no IP stored (see page-views.ts).
  app.post(
    '/analytics/pageview',
    {
      // Fastify's request log (info) names the client's address: a page view is not logged at all,
      // so no address of a visit is written anywhere (warnings and errors still are).
      logLevel: 'warn',
      preHandler: auth.optional,
      schema: {
        tags,
        summary: 'Count a page view (cookie-free; bots are not counted)',
        body: pageViewRequest,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      // One address may not inflate the figures: 600 views an hour is more than a person clicks.
      const limit = await limiter.hit(await recorder.limitKey(request.ip), 600, 3_600_000);
      if (limit.allowed) {
        await recorder.record({ ...request.body, ip: request.ip, userAgent: request.headers['user-agent'], host: request.headers.host });
      }
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/analytics/engagement',
    {
      preHandler: auth.permission('pastor:dashboard'),
      schema: {
        tags: ['Analytics'],
        security: [{ bearerAuth: [] }],
        summary: 'Member engagement over the last 30 days (leaders)',
        response: { 200: engagementResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async () => ({ status: 'success' as const, data: await engagement(db) }),
  );
}
