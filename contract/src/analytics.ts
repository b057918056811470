import { z } from 'zod';

/** Spec 001 §3 Engagement metrics (+ averageAttendance read by spec 000). Rates are whole percentages. */
export const engagementSchema = z.object({
  activeMembers: z.number().int().describe('Members who prayed, gave or registered for an event in the last 30 days'),
  totalMembers: z.number().int(),
  memberEngagementRate: z.number(),
  prayerParticipation: z.number(),
  givingParticipation: z.number(),
  eventParticipation: z.number(),
  chatParticipation: z.number().nullable().describe('Null when chat activity is not measured'),
  overallEngagement: z.number(),
  averageAttendance: z.number().describe('Mean recorded attendance of past events in the last 90 days'),
  periodDays: z.number().int(),
});
export type Engagement = z.infer<typeof engagementSchema>;
export const engagementResponse = z.object({ status: z.literal('success'), data: engagementSchema });
export const ENGAGEMENT_PERIOD_DAYS = 30;

/** Spec 001 §9: analytics periods; the page labels them This Month / This Year. */
export const ANALYTICS_PERIODS = ['monthly', 'yearly'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = { monthly: 'This Month', yearly: 'This Year' };
export const periodQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).default('monthly') });

export const ANALYTICS_TEXTS = {
  loadFailed: 'Failed to load analytics data',
  exportFailed: 'Failed to export analytics report',
} as const;

/** Spec 001 §9: engagement shows green when above 50%. */
export const ENGAGEMENT_GREEN_ABOVE = 50;

const periodFigures = z.object({
  members: z.number().int().describe('Members who joined in the period'),
  visitors: z.number().int().describe('Visitors registered in the period'),
  giving: z.number().describe('Completed gifts in the period, rand'),
  prayers: z.number().int().describe('Prayer requests made in the period'),
  engaged: z.number().int().describe('Members who prayed, gave, registered for an event or wrote in chat in the period'),
});
export const monthPoint = z.object({
  month: z.string().describe('YYYY-MM in the church time zone'),
  newMembers: z.number().int(),
  totalMembers: z.number().int().describe('Members who had joined by the end of the month'),
  visitors: z.number().int(),
  giving: z.number().describe('rand'),
  attendance: z.number().int().describe('Check-ins recorded at events that month'),
});

/** Spec 001 §3 Growth metrics (+ the twelve months the charts draw). Growth figures are percentages with one decimal. */
export const growthSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  memberGrowth: z.number(),
  visitorGrowth: z.number(),
  givingGrowth: z.number(),
  engagementGrowth: z.number(),
  currentPeriod: periodFigures.extend({ start: z.string(), end: z.string() }),
  previousPeriod: periodFigures.extend({ start: z.string(), end: z.string() }),
  months: z.array(monthPoint),
});
export type Growth = z.infer<typeof growthSchema>;
export const growthResponse = z.object({ status: z.literal('success'), data: growthSchema });

/** Spec 001 §3 Website analytics, from our own page-view counting. */
export const websiteSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  totalVisitors: z.number().int().describe('Unique visitors per day, added up over the period (visitor hashes change daily by design)'),
  pageViews: z.number().int(),
  bounceRate: z.number().describe('Percent of daily visits with one page view, one decimal'),
  popularPages: z.array(z.object({ page: z.string(), views: z.number().int() })),
  trafficSources: z.record(z.string(), z.number().int()).describe('Where visits came from: direct, search, social or the referring site'),
  monthlyTrend: z.array(z.object({ month: z.string(), views: z.number().int(), visitors: z.number().int() })),
});
export type Website = z.infer<typeof websiteSchema>;
export const websiteResponse = z.object({ status: z.literal('success'), data: websiteSchema });

/** The overview tab: headline figures of the period, prayer figures by the spec's rules. */
export const overviewSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  totalMembers: z.number().int(),
  newMembers: z.number().int(),
  totalGiving: z.number().describe('Completed gifts in the period, rand'),
  donors: z.number().int(),
  totalPrayers: z.number().int(),
  pendingPrayers: z.number().int().describe('Status pending or active (spec 001 §9)'),
  answeredPrayers: z.number().int(),
  prayerResponseRate: z.number().describe('Answered ÷ total, percent with one decimal'),
  eventsHeld: z.number().int(),
  checkIns: z.number().int(),
  averageAttendance: z.number().describe('Check-ins per event held in the period, one decimal'),
});
export type Overview = z.infer<typeof overviewSchema>;
export const overviewResponse = z.object({ status: z.literal('success'), data: overviewSchema });

export const PAGE_PATH_MAX = 200;
export const pageViewRequest = z.object({
  path: z.string().min(1).max(2000),
  referrer: z.string().max(2000).optional().default(''),
  /** True for the first page of a visit (a full load), false for moves inside the app. */
  landing: z.boolean().default(false),
});
