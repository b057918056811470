import { z } from 'zod';

/** Upper bounds (ms) of the latency histogram kept per key, day and endpoint; one more bucket holds anything slower. */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

export const ANALYTICS_RANGES = ['7d', '30d', '90d'] as const;
export const analyticsQuery = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: 'range must be 7d, 30d or 90d' }).default('7d'),
});

export const developerAnalyticsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    range: z.enum(ANALYTICS_RANGES),
    totals: z.object({
      requests: z.number().int(),
      errors: z.number().int(),
      errorRate: z.number().describe('Share of requests answered 4xx/5xx, 0–1'),
      p95LatencyMs: z.number().nullable().describe('Upper bound of the histogram bucket holding the 95th percentile'),
      avgLatencyMs: z.number().nullable(),
    }),
    perDay: z.array(z.object({ day: z.string(), requests: z.number().int(), errors: z.number().int() })),
    perEndpoint: z.array(
      z.object({
        method: z.string(),
        endpoint: z.string(),
        requests: z.number().int(),
        errors: z.number().int(),
        p95LatencyMs: z.number().nullable(),
      }),
    ),
  }),
});

/** p95 from a histogram: the bound of the bucket where the cumulative count reaches 95 %. */
export function percentileFromBuckets(buckets: readonly number[], p = 0.95): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const target = Math.ceil(total * p);
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i]!;
    if (seen >= target) return LATENCY_BUCKETS_MS[i] ?? LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]! * 2;
  }
  return null;
}
