import { z } from 'zod';
import { entityIds } from './http';

/**
 * Group meetings and attendance (issue 34). A leader's phone writes through one call,
 * POST /groups/sync, online or after being offline: every meeting, mark and visitor carries
 * an id the phone made, so sending the same batch twice changes nothing, and two phones that
 * recorded the same meeting end up with one meeting whose register holds both phones' marks.
 */
export const MEETING_STATUSES = ['scheduled', 'held', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_LIMITS = { note: 2000, visitorName: 80, phone: 30, headcount: 1000, batch: 500 } as const;

export const MEETING_TEXTS = {
  notFound: 'Meeting not found',
  synced: 'Attendance saved',
  savedOffline: 'Saved on this phone — it will be sent when you are back online',
  syncFailed: 'Could not send attendance; it stays on this phone and will be tried again',
  notInGroup: 'That person is not in this group',
  cancelled: 'Meeting cancelled',
  noMeetings: 'No meetings yet',
  loadFailed: 'Failed to load the meeting',
} as const;

const uuid = (what: string) => z.string({ error: `${what} is required` }).uuid(`${what} must be an id made by the app`);
const instant = z.iso.datetime({ offset: true, error: 'Times must be ISO 8601 with a time zone, e.g. 2026-03-04T17:00:00Z' });

/** A meeting as the phone knows it: made there (offline) or read from the server. */
export const syncMeeting = z.object({
  id: uuid('Meeting id'),
  groupId: uuid('Group id'),
  startsAt: instant,
  status: z.enum(MEETING_STATUSES, { error: `Status must be one of: ${MEETING_STATUSES.join(', ')}` }).optional(),
  note: z.string().trim().max(MEETING_LIMITS.note, `Note must be at most ${MEETING_LIMITS.note} characters`).optional(),
  headcount: z
    .number()
    .int()
    .min(0)
    .max(MEETING_LIMITS.headcount, `Headcount must be at most ${MEETING_LIMITS.headcount}`)
    .nullable()
    .optional(),
});
/** One tap on the register: this person was (or was not) there, by the phone's clock. */
export const syncMark = z.object({
  id: uuid('Mark id'),
  meetingId: uuid('Meeting id'),
  userId: uuid('Person'),
  present: z.boolean({ error: 'present must be true or false' }),
  at: instant,
});
export const syncVisitor = z.object({
  id: uuid('Visitor id'),
  meetingId: uuid('Meeting id'),
  name: z
    .string()
    .trim()
    .min(1, 'Visitor name is required')
    .max(MEETING_LIMITS.visitorName, `Name must be at most ${MEETING_LIMITS.visitorName} characters`),
  phone: z.string().trim().max(MEETING_LIMITS.phone, 'That phone number is too long').default(''),
});
export const syncRequest = z
  .object({
    meetings: z.array(syncMeeting).max(MEETING_LIMITS.batch).default([]),
    marks: z
      .array(syncMark)
      .max(MEETING_LIMITS.batch * 4)
      .default([]),
    visitors: z.array(syncVisitor).max(MEETING_LIMITS.batch).default([]),
  })
  .describe('What the phone recorded since it last synced; safe to send again');
export type SyncRequest = z.input<typeof syncRequest>;

export const syncResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    /** A meeting the phone made that the server already had (another phone, or the schedule): use the server's id. */
    meetingIds: z.record(z.string(), z.string()).describe('phone id → server id, where they differ'),
    accepted: z.number().int(),
    rejected: z.array(z.object({ id: z.string(), message: z.string() })).describe('Items refused, with why (not retried)'),
  }),
});
export type SyncResult = z.infer<typeof syncResponse>['data'];

export const meetingSchema = z.object({
  ...entityIds,
  groupId: z.string(),
  startsAt: z.string(),
  status: z.enum(MEETING_STATUSES),
  note: z.string().nullable().describe('Leaders and the church office only'),
  headcount: z.number().int().nullable(),
  presentCount: z.number().int(),
  expectedCount: z.number().int(),
  visitorCount: z.number().int(),
  recordedAt: z.string().nullable(),
});
export type Meeting = z.infer<typeof meetingSchema>;
export const meetingsQuery = z.object({
  range: z.enum(['upcoming', 'past'], { error: 'range must be upcoming or past' }).default('upcoming'),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be 100 or less').default(10),
});
export const meetingsResponse = z.object({ status: z.literal('success'), data: z.object({ meetings: z.array(meetingSchema) }) });

export const registerEntrySchema = z.object({
  ...entityIds,
  name: z.string(),
  role: z.string(),
  present: z.boolean().nullable().describe('null: not marked yet'),
});
export const meetingVisitorSchema = z.object({
  ...entityIds,
  name: z.string(),
  phone: z.string(),
  returning: z.boolean().describe('Came to an earlier meeting of this group'),
});
export const meetingDetailResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    meeting: meetingSchema,
    group: z.object({ ...entityIds, name: z.string() }),
    register: z.array(registerEntrySchema),
    visitors: z.array(meetingVisitorSchema),
  }),
});
export type MeetingDetail = z.infer<typeof meetingDetailResponse>['data'];
export const meetingParams = z.object({ id: z.string().uuid('That id is not valid'), meetingId: z.string().uuid('That id is not valid') });
