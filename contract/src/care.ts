import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

/** Pastoral care (spec 001 §2, §9): visits and calls, follow-ups, the care inbox. */
export const CARE_KINDS = ['visit', 'call', 'hospital', 'counselling'] as const;
export type CareKind = (typeof CARE_KINDS)[number];
export const CARE_KIND_LABELS: Record<CareKind, string> = {
  visit: 'Home visit',
  call: 'Phone call',
  hospital: 'Hospital visit',
  counselling: 'Counselling',
};
/** Spec 001 §9: follow-up lists members inactive or joined within 30 days; the overview lists 5. */
export const FOLLOW_UP_NEW_DAYS = 30;
export const CARE_OVERVIEW_LIMIT = 5;
/** Our reading: a pending prayer or a new visitor should hear from someone within two days. */
export const CARE_RESPONSE_DAYS = 2;

export const CARE_TEXTS = {
  loadFailed: 'Failed to load pastoral care data',
  visitRecorded: 'Visit recorded successfully',
  visitFailed: 'Failed to record visit',
  followUpDone: 'Follow-up marked as done',
  followUpFailed: 'Failed to update follow-up',
  memberRequired: 'Choose the member you visited',
  dateRequired: 'Date is required',
  futureDate: 'The visit date cannot be in the future',
  followUpBefore: 'The follow-up date cannot be before the visit',
  alertsSaved: 'Alert preferences saved',
  alertsFailed: 'Failed to save alert preferences',
  assigned: (name: string) => `Assigned to ${name}`,
  unassigned: 'Assignment removed',
  assignFailed: 'Failed to assign',
  assigneeNotLeader: 'Care can only be assigned to a pastor or administrator',
  itemNotFound: 'That item is no longer in the care inbox',
} as const;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const day = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(10, { error: 'Dates must look like 2026-03-01', abort: true })
    .regex(isoDay, 'Dates must look like 2026-03-01')
    .refine(realDay, 'That is not a real date');

export const careVisitRequest = z
  .object({
    memberId: z.string({ error: CARE_TEXTS.memberRequired }).uuid(CARE_TEXTS.memberRequired),
    kind: z.enum(CARE_KINDS, { error: `Kind must be one of: ${CARE_KINDS.join(', ')}` }).default('visit'),
    visitedOn: day(CARE_TEXTS.dateRequired),
    notes: z.string().trim().max(5000, 'Notes must be at most 5000 characters').default(''),
    followUpOn: day('Follow-up date is invalid')
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    assigneeId: z
      .string()
      .uuid('Choose a leader from the list')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => !v.followUpOn || v.followUpOn >= v.visitedOn, {
    message: CARE_TEXTS.followUpBefore,
    path: ['followUpOn'],
    when: (payload) => payload.issues.length === 0,
  });
export type CareVisitRequest = z.input<typeof careVisitRequest>;

const person = z.object({ ...entityIds, name: z.string() });
export const careVisitSchema = z.object({
  ...entityIds,
  member: person,
  kind: z.enum(CARE_KINDS),
  visitedOn: z.string(),
  notes: z.string().describe('Confidential: only pastor, admin and superadmin ever receive this'),
  followUpOn: z.string().nullable(),
  followUpDoneAt: z.string().nullable(),
  assignee: person.nullable(),
  recordedBy: person.nullable(),
  createdAt: z.string(),
});
export type CareVisit = z.infer<typeof careVisitSchema>;

export const careVisitsQuery = paginationQuery(20, 100).extend({
  memberId: z.string().uuid('That id is not valid').optional(),
  followUp: z.enum(['due', 'all'], { error: 'followUp must be due or all' }).default('all'),
});
export const careVisitsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ visits: z.array(careVisitSchema), ...pageInfo }),
});
export const careVisitResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ visit: careVisitSchema }),
});
export const followUpDoneRequest = z.object({ done: z.boolean({ error: 'done must be true or false' }) });

/** One line of the care inbox: prayer care, visit follow-ups and visitors being followed up, together. */
/** group_absence (issue 34): a member who missed N group meetings running, raised by the groups' nightly check. */
export const CARE_ITEM_KINDS = ['follow_up', 'prayer', 'visitor', 'group_absence'] as const;
export type CareItemKind = (typeof CARE_ITEM_KINDS)[number];
/**
 * Which items the inbox lists. The default shows the leader's own work and the
 * work nobody has taken yet, so an unassigned prayer or visitor is never hidden.
 */
export const CARE_SCOPES = ['mine_unassigned', 'mine', 'unassigned', 'all'] as const;
export type CareScope = (typeof CARE_SCOPES)[number];
export const CARE_SCOPE_LABELS: Record<CareScope, string> = {
  mine_unassigned: 'Mine and unassigned',
  mine: 'Assigned to me',
  unassigned: 'Unassigned',
  all: 'Everyone',
};
export const careItemSchema = z.object({
  kind: z.enum(CARE_ITEM_KINDS),
  id: z.string().describe('The visit, prayer or visitor id'),
  title: z.string(),
  person: z.string().describe('Who the care is for'),
  assignee: person.nullable(),
  dueOn: z.string().describe('YYYY-MM-DD'),
  status: z.enum(['open', 'overdue']),
  link: z.string(),
});
export type CareItem = z.infer<typeof careItemSchema>;
export const careInboxQuery = paginationQuery(50, 200).extend({
  scope: z.enum(CARE_SCOPES, { error: `scope must be one of: ${CARE_SCOPES.join(', ')}` }).default('mine_unassigned'),
  kind: z.enum(CARE_ITEM_KINDS, { error: `kind must be one of: ${CARE_ITEM_KINDS.join(', ')}` }).optional(),
});
export const careInboxCounts = z.object({
  open: z.number().int().describe('Every open item'),
  overdue: z.number().int(),
  mine: z.number().int().describe('Open items assigned to the caller'),
  mineOverdue: z.number().int(),
  unassigned: z.number().int().describe('Open items nobody has taken yet'),
  unassignedOverdue: z.number().int(),
});
export const careInboxResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    items: z.array(careItemSchema),
    ...pageInfo,
    counts: careInboxCounts.describe('Over the whole inbox, whatever the scope and page'),
    assignees: z.array(person).describe('The leaders an item can be assigned to (pastors and administrators)'),
  }),
});
export const careItemParams = z.object({
  kind: z.enum(CARE_ITEM_KINDS, { error: `kind must be one of: ${CARE_ITEM_KINDS.join(', ')}` }),
  id: z.string().uuid('That id is not valid'),
});
export const careAssignRequest = z.object({
  assigneeId: z
    .string({ error: 'Choose a leader from the list, or none' })
    .uuid('Choose a leader from the list')
    .nullable()
    .describe('null: nobody (back to unassigned)'),
});
export const careAssignResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ kind: z.enum(CARE_ITEM_KINDS), id: z.string(), assignee: person.nullable() }),
});

/** Follow-up tab: members inactive or joined within 30 days (spec 001 §9). */
export const followUpMemberSchema = z.object({
  ...entityIds,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  joinDate: z.string(),
  reason: z.enum(['inactive', 'new']),
  lastVisitOn: z.string().nullable(),
});
export const followUpQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(200, 'limit must be 200 or less').default(50),
});
export const followUpResponse = z.object({
  status: z.literal('success'),
  data: z.object({ members: z.array(followUpMemberSchema), total: z.number().int() }),
});

/** Each leader's choice of alerts (in-app always when on; e-mail when emailAlerts, the church allows it and SMTP is configured). */
export const alertPreferencesSchema = z.object({
  visitors: z.boolean({ error: 'visitors must be true or false' }),
  contactMessages: z.boolean({ error: 'contactMessages must be true or false' }),
  prayers: z.boolean({ error: 'prayers must be true or false' }),
  emailAlerts: z.boolean({ error: 'emailAlerts must be true or false' }),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;
export const alertPreferencesResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ preferences: alertPreferencesSchema }),
});
