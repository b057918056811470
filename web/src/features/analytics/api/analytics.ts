import { queryOptions } from '@tanstack/react-query';
import {
  engagementResponse,
  growthResponse,
  overviewResponse,
  websiteResponse,
  type AnalyticsPeriod,
  type Engagement,
  type Growth,
  type Overview,
  type Website,
} from '@church/contract/analytics';
import { api } from '../../../lib/api-client';

export type AnalyticsSource = 'overview' | 'growth' | 'engagement' | 'website';

export interface AnalyticsReport {
  overview: Overview | null;
  growth: Growth | null;
  engagement: Engagement | null;
  website: Website | null;
  /** Which of the four sources failed (the page shows the rest, and says which could not be read). */
  failed: AnalyticsSource[];
}

/**
 * Spec 001 §7: everything in parallel; one failing source leaves the others standing. When all
 * four fail there is nothing to stand on: the query fails and the page shows its error with Retry.
 */
export const analyticsQuery = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: ['analytics', period],
    queryFn: async (): Promise<AnalyticsReport> => {
      const [overview, growth, engagement, website] = await Promise.allSettled([
        api('/analytics/overview', { query: { period }, schema: overviewResponse }),
        api('/analytics/growth', { query: { period }, schema: growthResponse }),
        api('/analytics/engagement', { schema: engagementResponse }),
        api('/analytics/website', { query: { period }, schema: websiteResponse }),
      ]);
      const pick = <T>(r: PromiseSettledResult<{ data: T }>) => (r.status === 'fulfilled' ? r.value.data : null);
      const failed = (
        [
          ['overview', overview],
          ['growth', growth],
          ['engagement', engagement],
          ['website', website],
        ] as const
      )
        .filter(([, r]) => r.status === 'rejected')
        .map(([k]) => k);
      if (failed.length === 4) throw (overview as PromiseRejectedResult).reason;
      return { overview: pick(overview), growth: pick(growth), engagement: pick(engagement), website: pick(website), failed };
    },
  });
