import { z } from 'zod';

/** Spec 001 §2: the pending-prayer preview shows 60 characters; lists show 5. */
export const PASTOR_PREVIEW_CHARS = 60;
export const PASTOR_LIST_SIZE = 5;
/** What the dashboard shows of a pending prayer: the server's 60-character cut, with '...' when it cut something. */
export const prayerPreviewText = (p: { preview: string; truncated: boolean }) => (p.truncated ? `${p.preview}...` : p.preview);

const item = z.object({ _id: z.string(), id: z.string() });

/**
 * GET /api/dashboard/pastor: every figure and list of the pastor dashboard, computed by the server in one SQL statement.
 * The giving parts are left out (not zeroed) for a caller who may not see them (issue 29: elders have the dashboard
 * but not finance:read): PASTOR_DASHBOARD_FIELDS names the permission each needs.
 */
export const PASTOR_DASHBOARD_FIELDS = {
  'stats.totalGiving': 'finance:read',
  'stats.monthlyGiving': 'finance:read',
  topFunds: 'finance:read',
  topGivers: 'giving:named',
} as const;
export const pastorDashboardSchema = z.object({
  stats: z.object({
    totalMembers: z.number().int(),
    newMembers: z.number().int().describe('Joined within the last month'),
    monthlyGrowth: z.number().describe('Percent against last month; 100 when last month had none and new members exist'),
    totalGiving: z.number().optional().describe('Completed gifts, rand (only for callers with finance:read)'),
    monthlyGiving: z.number().optional().describe('Completed gifts this calendar month, rand (only for callers with finance:read)'),
    prayerRequests: z.number().int(),
    pendingPrayers: z.number().int(),
    upcomingEvents: z.number().int(),
    attendance: z.number().describe('Average attendance over the last 5 past events'),
    baptism: z.number().int().describe('Baptised within the last 12 months'),
    volunteers: z.number().int(),
  }),
  pendingPrayers: z.array(
    item.extend({
      title: z.string(),
      preview: z.string().describe('The first 60 characters of the description'),
      truncated: z.boolean().describe('The description is longer than the preview'),
      submittedBy: z.string(),
      priority: z.string(),
      createdAt: z.string(),
    }),
  ),
  recentMembers: z.array(
    item.extend({ name: z.string(), email: z.string().nullable(), role: z.string(), status: z.string(), joinDate: z.string() }),
  ),
  recentPrayers: z.array(item.extend({ title: z.string(), submittedBy: z.string(), status: z.string(), createdAt: z.string() })),
  upcomingEvents: z.array(
    item.extend({
      title: z.string(),
      startsAt: z.string(),
      time: z.string().nullable(),
      location: z.string().nullable(),
      type: z.string(),
      cancelled: z.boolean().describe('Cancelled (issue 31): still listed, marked cancelled'),
    }),
  ),
  topFunds: z
    .array(z.object({ fund: z.string(), total: z.number(), gifts: z.number().int() }))
    .optional()
    .describe('Only for callers with finance:read'),
  topGivers: z
    .array(z.object({ name: z.string(), total: z.number() }))
    .optional()
    .describe(
      'This year, completed gifts; only for callers who may see named giving (giving:named, which a church may withhold from pastors)',
    ),
});
export type PastorDashboard = z.infer<typeof pastorDashboardSchema>;
export const pastorDashboardResponse = z.object({ status: z.literal('success'), data: pastorDashboardSchema });
