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
