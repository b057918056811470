import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

/**
 * Groups and home cells (issue 34): a group, its leaders and members, who may
 * join, and what each kind of viewer is shown. Meetings and attendance live in
 * groups-meetings.ts, zones and districts in groups-networks.ts.
 */
export const GROUP_TYPES = ['cell', 'bible_study', 'fellowship', 'team', 'class'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  cell: 'Home cell',
  bible_study: 'Bible study',
  fellowship: 'Fellowship',
  team: 'Team',
  class: 'Class',
};

/** A person's place in one group. A leader and a co-leader both run the group; the leader is named first. */
export const GROUP_ROLES = ['leader', 'co_leader', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
export const GROUP_ROLE_LABELS: Record<GroupRole, string> = { leader: 'Leader', co_leader: 'Co-leader', member: 'Member' };
export const isGroupLeaderRole = (role: string | null | undefined) => role === 'leader' || role === 'co_leader';

/** Sunday = 0 … Saturday = 6, as Date.getDay() counts. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const GROUP_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;
export type GroupFrequency = (typeof GROUP_FREQUENCIES)[number];

export const GROUP_LIMITS = { name: 80, description: 2000, place: 120, address: 300, capacity: 500, joinMessage: 500 } as const;
/** The picture: the logo's rules (PNG, JPEG or WebP decided from the bytes, at most 2 MB), stored scaled as WebP. */
export const GROUP_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const GROUP_TEXTS = {
  created: 'Group created',
  updated: 'Group updated',
  archived: 'Group archived',
  notFound: 'Group not found',
  notLeader: 'Only the leaders of this group can do that',
  requested: 'Your request to join has been sent to the group leader',
  alreadyMember: 'You are already in this group',
  alreadyRequested: 'You have already asked to join this group',
  closed: 'This group is not taking new members',
  full: 'This group is full',
  accepted: (name: string) => `${name} has joined the group`,
  declined: 'Request declined',
  left: 'You have left the group',
  memberAdded: (name: string) => `${name} added to the group`,
  memberRemoved: 'Removed from the group',
  roleChanged: 'Role updated',
  lastLeader: 'A group needs at least one leader: make someone else leader first',
  personNotFound: 'That person is not a member of the church',
  requestNotFound: 'That request is no longer waiting',
  pictureSaved: 'Picture saved',
  pictureTooLarge: 'The picture must be 2 MB or smaller',
  pictureInvalid: 'The picture must be a PNG, JPEG or WebP image',
  loadFailed: 'Failed to load groups',
  noGroups: 'You are not in a group yet',
  noOpenGroups: 'No open groups right now',
} as const;

const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const time = z
  .string()
  .trim()
  .max(5, { error: 'Time must look like 19:00', abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must look like 19:00');

/** What a leader or the church office sets on a group (no defaults here: a change names only what changes). */
const groupShape = {
  name: trimmed(GROUP_LIMITS.name, 'Name').min(2, 'Name must be at least 2 characters'),
  type: z.enum(GROUP_TYPES, { error: `Type must be one of: ${GROUP_TYPES.join(', ')}` }),
  description: trimmed(GROUP_LIMITS.description, 'Description'),
  meetingDay: z.number().int().min(0, 'Choose a day of the week').max(6, 'Choose a day of the week').nullable(),
  meetingTime: time.nullable(),
  frequency: z.enum(GROUP_FREQUENCIES, { error: `Frequency must be one of: ${GROUP_FREQUENCIES.join(', ')}` }),
  /** Where, in general words everyone may read ('Northcliff', 'Church hall'). */
  meetingPlace: trimmed(GROUP_LIMITS.place, 'Place'),
  /** The street address: shown only to the group's members, leaders and those who run groups. */
  address: trimmed(GROUP_LIMITS.address, 'Address'),
  capacity: z.number().int().min(1, 'Capacity must be at least 1').max(GROUP_LIMITS.capacity).nullable(),
  isOpen: z.boolean().describe('Open: members may find the group and ask to join'),
  showMembers: z.boolean().describe('When open, people outside the group may see who is in it'),
  networkId: z.string().uuid('Choose a zone or district from the list').nullable(),
};
export const groupCreateRequest = z.object({
  ...groupShape,
  description: groupShape.description.default(''),
  meetingDay: groupShape.meetingDay.default(null),
  meetingTime: groupShape.meetingTime.default(null),
  frequency: groupShape.frequency.default('weekly'),
  meetingPlace: groupShape.meetingPlace.default(''),
  address: groupShape.address.default(''),
  capacity: groupShape.capacity.default(null),
  isOpen: groupShape.isOpen.default(true),
  showMembers: groupShape.showMembers.default(false),
  networkId: groupShape.networkId.default(null),
  leaderId: z.string({ error: 'Choose the leader' }).uuid('Choose the leader'),
});
export type GroupCreateRequest = z.input<typeof groupCreateRequest>;
export const groupUpdateRequest = z
  .object(groupShape)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type GroupUpdateRequest = z.input<typeof groupUpdateRequest>;

const person = z.object({ ...entityIds, name: z.string() });
/** How the caller stands to the group: what the presenter shows follows from it. */
export const GROUP_VIEWS = ['manager', 'leader', 'overseer', 'member', 'requested', 'outsider'] as const;
export type GroupView = (typeof GROUP_VIEWS)[number];

export const groupMemberSchema = z.object({
  ...entityIds,
  name: z.string(),
  role: z.enum(GROUP_ROLES),
  joinedAt: z.string().nullable(),
  phone: z.string().nullable().optional().describe('Leaders and the church office only'),
  email: z.string().nullable().optional().describe('Leaders and the church office only'),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupSummarySchema = z.object({
  ...entityIds,
  name: z.string(),
  type: z.enum(GROUP_TYPES),
  description: z.string(),
  meetingDay: z.number().int().nullable(),
  meetingTime: z.string().nullable(),
  frequency: z.enum(GROUP_FREQUENCIES),
  meetingPlace: z.string(),
  capacity: z.number().int().nullable(),
  isOpen: z.boolean(),
  showMembers: z.boolean(),
  pictureUrl: z.string().nullable(),
  memberCount: z.number().int(),
  leaders: z.array(person),
  network: z.object({ ...entityIds, name: z.string() }).nullable(),
  myRole: z.enum(GROUP_ROLES).nullable().describe('The caller’s role in the group, if any'),
  myStatus: z.enum(['active', 'requested']).nullable(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupDetailSchema = groupSummarySchema.extend({
  view: z.enum(GROUP_VIEWS),
  address: z.string().nullable().describe('Members, leaders, overseers and the church office only'),
  members: z.array(groupMemberSchema).nullable().describe('Null when the caller may not see who is in the group'),
  requestCount: z.number().int().nullable().describe('Leaders only: people waiting to join'),
  chatRoomId: z.string().nullable(),
  canEdit: z.boolean(),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const groupResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ group: groupDetailSchema }),
});
export const groupsListResponse = z.object({
  status: z.literal('success'),
  data: z.object({ groups: z.array(groupSummarySchema), ...pageInfo }),
});
export const groupsListQuery = paginationQuery(20, 100).extend({
  q: z.string().trim().max(80, 'Search must be at most 80 characters').optional(),
  type: z.enum(GROUP_TYPES, { error: `type must be one of: ${GROUP_TYPES.join(', ')}` }).optional(),
  networkId: z.string().uuid('That id is not valid').optional(),
});

export const joinRequest = z.object({ message: trimmed(GROUP_LIMITS.joinMessage, 'Message').default('') });
export const joinRequestSchema = z.object({
  ...entityIds,
  name: z.string(),
  message: z.string(),
  requestedAt: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export const joinRequestsResponse = z.object({ status: z.literal('success'), data: z.object({ requests: z.array(joinRequestSchema) }) });
export const decisionRequest = z.object({ accept: z.boolean({ error: 'accept must be true or false' }) });
export const addMemberRequest = z.object({
  userId: z.string({ error: 'Choose a person' }).uuid('Choose a person'),
  role: z.enum(GROUP_ROLES).default('member'),
});
export const memberRoleRequest = z.object({ role: z.enum(GROUP_ROLES, { error: `Role must be one of: ${GROUP_ROLES.join(', ')}` }) });
export const groupMemberParams = z.object({ id: z.string().uuid('That id is not valid'), userId: z.string().uuid('That id is not valid') });
export const groupPictureParams = z.object({ file: z.string().max(60, { error: 'File not found', abort: true }).regex(/^group-[0-9a-f-]{36}\.webp$/, 'File not found') });

/** Care when someone drifts away: a member absent N held meetings running (the church sets N; 0 turns it off). */
export const DRIFT_LIMITS = { min: 0, max: 20, default: 3 } as const;
export const CARE_ALERT_TEXTS = {
  done: 'Follow-up marked as done',
  notFound: 'That follow-up is no longer open',
  settingsSaved: 'Group settings saved',
} as const;
export const careAlertSchema = z.object({
  ...entityIds,
  groupId: z.string(),
  groupName: z.string(),
  person: z.object({ ...entityIds, name: z.string() }),
  missed: z.number().int(),
  lastAttendedAt: z.string().nullable(),
  raisedAt: z.string(),
  assignee: z.object({ ...entityIds, name: z.string() }).nullable(),
});
export type CareAlert = z.infer<typeof careAlertSchema>;
export const careAlertsResponse = z.object({ status: z.literal('success'), data: z.object({ alerts: z.array(careAlertSchema) }) });
export const groupSettingsSchema = z.object({
  driftAfterMeetings: z
    .number({ error: 'Enter a number of meetings' })
    .int('Enter a whole number of meetings')
    .min(DRIFT_LIMITS.min, 'Enter 0 or more')
    .max(DRIFT_LIMITS.max, `Enter ${DRIFT_LIMITS.max} or fewer`)
    .describe('Meetings missed running before a follow-up is raised; 0 turns the check off'),
});
export const groupSettingsResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ settings: groupSettingsSchema }),
});
