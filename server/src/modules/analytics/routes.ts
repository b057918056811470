import { and, avg, count, countDistinct, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENGAGEMENT_PERIOD_DAYS, engagementResponse } from '@church/contract/analytics';
import { errorResponse } from '@church/contract/http';
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
      ) a join ${users} u on u.id = a.uid where u.role <> 'developer'`,
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

export async function analyticsRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
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
