import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsQuery,
  developerAnalyticsResponse,
  LATENCY_BUCKETS_MS,
  percentileFromBuckets,
} from '@church/contract/developer-analytics';
import { errorResponses } from '@church/contract/http';
import type { Db } from '../../db/client';
import { apiKeys, apiUsageDaily } from '../../db/schema/index';
import { auth, currentUser } from '../../plugins/auth';
import { ROLLED_UP } from './usage-retention';

const DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

const addBuckets = (into: number[], from: readonly number[]) => {
  for (let i = 0; i < from.length; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  return into;
};

/** Developer analytics (spec 002 §2.9) from the usage each keyed request records — revoked keys included. */
export async function developerAnalyticsRoutes(appBase: FastifyInstance, { db }: { db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/developers/analytics',
    {
      preHandler: auth.permission('api:access'),
      schema: {
        tags: ['Developers'],
        security: [{ bearerAuth: [] }],
        summary: 'Requests per day and per endpoint, error rate and p95 latency of your keys',
        querystring: analyticsQuery,
        response: { 200: developerAnalyticsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { range } = request.query;
      const days = DAYS[range];
      const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const rows = await db
        .select({
          day: apiUsageDaily.day,
          method: apiUsageDaily.method,
          endpoint: apiUsageDaily.endpoint,
          requests: apiUsageDaily.requests,
          errors: apiUsageDaily.errors,
          latencyMsTotal: apiUsageDaily.latencyMsTotal,
          latencyBuckets: apiUsageDaily.latencyBuckets,
        })
        .from(apiUsageDaily)
        .innerJoin(apiKeys, eq(apiKeys.id, apiUsageDaily.keyId))
        // Rolled-up months (usage past the plan's retention, usage-retention.ts) have no day or endpoint to show.
        .where(and(eq(apiKeys.userId, currentUser(request).id), gte(apiUsageDaily.day, since), ne(apiUsageDaily.endpoint, ROLLED_UP)))
        .orderBy(sql`${apiUsageDaily.day}`);

      const perDay = new Map<string, { requests: number; errors: number }>();
      for (let i = 0; i < days; i++) {
        const d = new Date(Date.now() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
        perDay.set(d, { requests: 0, errors: 0 });
      }
      const perEndpoint = new Map<string, { method: string; endpoint: string; requests: number; errors: number; buckets: number[] }>();
      const all: number[] = new Array(LATENCY_BUCKETS_MS.length + 1).fill(0);
      let requests = 0;
      let errors = 0;
      let latency = 0;
      for (const r of rows) {
        const d = perDay.get(r.day) ?? { requests: 0, errors: 0 };
        d.requests += r.requests;
        d.errors += r.errors;
        perDay.set(r.day, d);
        const id = `${r.method} ${r.endpoint}`;
        const e = perEndpoint.get(id) ?? { method: r.method, endpoint: r.endpoint, requests: 0, errors: 0, buckets: [] };
        e.requests += r.requests;
        e.errors += r.errors;
        addBuckets(e.buckets, r.latencyBuckets);
        perEndpoint.set(id, e);
        addBuckets(all, r.latencyBuckets);
        requests += r.requests;
        errors += r.errors;
        latency += r.latencyMsTotal;
      }
      return {
        status: 'success' as const,
        data: {
          range,
          totals: {
            requests,
            errors,
            errorRate: requests ? errors / requests : 0,
            p95LatencyMs: percentileFromBuckets(all),
            avgLatencyMs: requests ? Math.round((latency / requests) * 10) / 10 : null,
          },
          perDay: [...perDay.entries()].map(([day, v]) => ({ day, ...v })),
          perEndpoint: [...perEndpoint.values()]
            .sort((a, b) => b.requests - a.requests)
            .map((e) => ({
              method: e.method,
              endpoint: e.endpoint,
              requests: e.requests,
              errors: e.errors,
              p95LatencyMs: percentileFromBuckets(e.buckets),
            })),
        },
      };
    },
  );
}
