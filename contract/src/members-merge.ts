import { z } from 'zod';
import { MEMBER_STATUSES } from './users';
import { ROLES } from './roles';

/**
 * Duplicate handling (issue 10): likely duplicates, a merge that keeps every
 * related row, and its undo.
 */
export const MERGE_TEXTS = {
  loginEmail: 'The kept record signs in with its e-mail: keep its e-mail here, and change it on the member page, where the new address is asked to confirm it.',
  notYourself: 'A member cannot be merged with themselves',
  notYourOwnAccount: 'You cannot merge away your own account; keep it instead',
  alreadyMerged: (into: string) => `This member was already merged into ${into}`,
  alreadyUndone: 'This merge was already undone',
  keptGone: 'The kept member no longer exists (deleted or merged again); undo the later change first',
  emailTaken: (email: string) => `The e-mail ${email} now belongs to another account; change that account first`,
  merged: (removed: string, kept: string) => `${removed} was merged into ${kept}`,
  undone: (removed: string) => `Merge undone: ${removed} is back`,
  mergeNotFound: 'Merge not found',
  cannotCombine: 'These two records hold rows that cannot be combined; please contact your administrator',
} as const;

/** Why two records look like one person. */
export const DUPLICATE_REASONS = ['email', 'phone', 'nameBirthday'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  email: 'Same e-mail',
  phone: 'Same phone',
  nameBirthday: 'Same name and birth date',
};

/** The fields a leader chooses one by one on the merge page (household is chosen apart, as one). */
export const MERGE_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'birthday',
  'joinDate',
  'role',
  'status',
  'gender',
  'maritalStatus',
  'occupation',
  'emergencyContact',
  'notes',
  'isVolunteer',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
  birthday: 'Date of birth',
  joinDate: 'Join date',
  role: 'Role',
  status: 'Status',
  gender: 'Gender',
  maritalStatus: 'Marital status',
  occupation: 'Occupation',
  emergencyContact: 'Emergency contact',
  notes: 'Notes',
  isVolunteer: 'Volunteer',
};

const side = z.enum(['keep', 'remove'], { error: "Choose 'keep' or 'remove'" });

export const duplicatesQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(200, 'limit must be 200 or less').default(50),
});

export const duplicateMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(MEMBER_STATUSES),
  joinDate: z.string(),
  createdAt: z.string(),
});
export type DuplicateMember = z.infer<typeof duplicateMemberSchema>;

export const duplicatePairSchema = z.object({
  a: duplicateMemberSchema,
  b: duplicateMemberSchema,
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

export const duplicatesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ pairs: z.array(duplicatePairSchema), total: z.number().int().describe('Pairs found (the list shows at most limit)') }),
});

export const mergeRequest = z.object({
  keepId: z.string().uuid('That id is not valid').describe('The record that stays'),
  removeId: z.string().uuid('That id is not valid').describe('The record merged away (restored by an undo)'),
  fields: z
    .partialRecord(z.enum(MERGE_FIELDS), side)
    .default({})
    .describe("Per field, whose value the kept record takes; unlisted fields keep the kept record's value"),
  household: side.default('keep').describe('Whose household (and place in it) the kept record takes'),
});
export type MergeRequest = z.input<typeof mergeRequest>;

export const mergeSchema = z.object({
  id: z.string(),
  keptId: z.string(),
  keptName: z.string().nullable().describe('Null when the kept member no longer exists'),
  removedId: z.string(),
  removedName: z.string(),
  mergedByName: z.string(),
  at: z.string(),
  undoneAt: z.string().nullable(),
  undoneByName: z.string().nullable(),
  moved: z.record(z.string(), z.number().int()).describe('Rows moved to the kept member, per table.column'),
  dropped: z
    .record(z.string(), z.number().int())
    .describe('Rows of the removed member that duplicated one of the kept member (same event, room …), per table; restored by an undo'),
});
export type MemberMerge = z.infer<typeof mergeSchema>;

export const mergeResponse = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ merge: mergeSchema }) });

export const mergesQuery = z.object({
  memberId: z.string().uuid('That id is not valid').optional().describe('Only merges this member was part of'),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be 100 or less').default(20),
});
export const mergesResponse = z.object({ status: z.literal('success'), data: z.object({ merges: z.array(mergeSchema) }) });

/** Where each kind of moved row comes from, in words a leader reads (table.column → one, many). */
export const MOVED_LABELS: Record<string, readonly [string, string]> = {
  'prayers.user_id': ['prayer request', 'prayer requests'],
  'donations.user_id': ['gift', 'gifts'],
  'event_registrations.user_id': ['event registration', 'event registrations'],
  'event_attendance.user_id': ['check-in', 'check-ins'],
  'chat_messages.sender_id': ['chat message', 'chat messages'],
  'chat_room_members.user_id': ['chat room', 'chat rooms'],
  'care_visits.member_id': ['care note', 'care notes'],
  'notifications.user_id': ['notification', 'notifications'],
  'member_status_history.member_id': ['status history entry', 'status history entries'],
  'consents.user_id': ['consent', 'consents'],
  'giving_subscriptions.user_id': ['recurring gift', 'recurring gifts'],
  'audit_log.actor_id': ['audit log entry', 'audit log entries'],
};
