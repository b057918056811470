import { z } from 'zod';
import { entityIds } from './http';

/**
 * Zones, districts and any other layer a church puts above its groups (issue 34), each with
 * an overseer who reads the figures of every group below — never members' contact details.
 */
export const NETWORK_TEXTS = {
  created: 'Zone created',
  updated: 'Zone updated',
  deleted: 'Zone deleted',
  notFound: 'Zone not found',
  hasChildren: 'Move or delete the zones inside this one first',
  cycle: 'A zone cannot sit inside itself or one of its own zones',
  overseerNotFound: 'That person is not a member of the church',
  notOverseer: 'Only the church office and the overseers above this zone see its figures',
} as const;
export const NETWORK_NAME_MAX = 80;
/** How many weeks a network report covers by default, and at most. */
export const REPORT_WEEKS = { default: 12, max: 104 } as const;

export const networkRequest = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(NETWORK_NAME_MAX, `Name must be at most ${NETWORK_NAME_MAX} characters`),
  parentId: z.string().uuid('Choose a zone from the list').nullable().default(null),
  overseerId: z.string().uuid('Choose the overseer from the list').nullable().default(null),
});
export type NetworkRequest = z.input<typeof networkRequest>;
export const networkUpdateRequest = z
  .object({
    name: networkRequest.shape.name,
    parentId: z.string().uuid('Choose a zone from the list').nullable(),
    overseerId: z.string().uuid('Choose the overseer from the list').nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type NetworkUpdateRequest = z.input<typeof networkUpdateRequest>;

export const networkSchema = z.object({
  ...entityIds,
  name: z.string(),
  parentId: z.string().nullable(),
  depth: z.number().int().describe('0 for a top-level zone'),
  overseer: z.object({ ...entityIds, name: z.string() }).nullable(),
  groupCount: z.number().int().describe('Groups directly in this zone'),
});
export type Network = z.infer<typeof networkSchema>;
export const networksResponse = z.object({
  status: z.literal('success'),
  data: z.object({ networks: z.array(networkSchema).describe('Parents before their children, siblings by name') }),
});
export const networkResponse = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ network: networkSchema }) });

export const networkReportQuery = z.object({
  weeks: z.coerce
    .number()
    .int()
    .min(1, 'weeks must be 1 or more')
    .max(REPORT_WEEKS.max, `weeks must be ${REPORT_WEEKS.max} or less`)
    .default(REPORT_WEEKS.default),
});
/** One group's figures over the report's weeks: counts only, no person below the leaders named. */
export const groupFiguresSchema = z.object({
  ...entityIds,
  name: z.string(),
  network: z.string().describe('The zone the group sits in directly'),
  leaders: z.array(z.string()),
  members: z.number().int(),
  joined: z.number().int().describe('Joined during the weeks'),
  left: z.number().int().describe('Left during the weeks'),
  meetingsHeld: z.number().int(),
  meetingsCancelled: z.number().int(),
  averageAttendance: z.number().describe('Members present per meeting held, one decimal'),
  attendanceRate: z.number().nullable().describe('Present ÷ expected over the meetings held, 0–100, one decimal'),
  visitors: z.number().int(),
  lastMeetingAt: z.string().nullable(),
});
export type GroupFigures = z.infer<typeof groupFiguresSchema>;
export const networkReportResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    network: z.object({ ...entityIds, name: z.string() }),
    weeks: z.number().int(),
    since: z.string(),
    groups: z.array(groupFiguresSchema),
    totals: groupFiguresSchema.pick({ members: true, joined: true, left: true, meetingsHeld: true, visitors: true }).extend({
      groups: z.number().int(),
      attendanceRate: z.number().nullable(),
    }),
  }),
});
export type NetworkReport = z.infer<typeof networkReportResponse>['data'];
