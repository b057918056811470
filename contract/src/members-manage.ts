import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';
import { MEMBER_PAGE_ROLES } from './roles';
import { EMAIL_MAX, EMAIL_PATTERN, normalizeEmail } from './rules/email';
import { optionalPhoneField } from './rules/phone-schema';
import { GENDERS, MARITAL_STATUSES, MEMBER_STATUSES, memberRecordSchema } from './users';

/** Spec 001 §8 (Members) and §5 (Add member): the exact texts. */
export const MEMBER_TEXTS = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phoneInvalid: 'Phone number is invalid',
  joinDateRequired: 'Join date is required',
  fixErrors: 'Please fix the form errors',
  /** The server's 409 message contains 'email already exists' (spec 001 §8). */
  emailExists: 'A member with this email already exists',
  validationFailed: 'Please check the form data and try again',
  addFailed: 'Failed to add member',
  added: (name: string) => `Member ${name} added successfully!`,
  updated: 'Member updated successfully',
  updateFailed: 'Failed to update member',
  roleUpdated: 'Member role updated successfully',
  roleFailed: 'Failed to update member role',
  deleted: 'Member deleted successfully',
  deleteFailed: 'Failed to delete member',
  getFailed: 'Failed to get member',
  listFailed: 'Failed to get members',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}? Their gifts, prayers and history are kept.`,
  inactiveReasonRequired: 'Please give a reason for setting this member inactive',
  roleNotAllowed: (role: string) => `You may not grant the role ${role}`,
  targetNotAllowed: 'Only an administrator can change or remove an administrator',
  notYourself: 'You cannot delete your own account here',
  /** Issue 29, finding 5: a login e-mail is where the password reset goes. */
  emailPeerNotAllowed: 'You may not change the login e-mail of someone whose role is the same as yours or higher. Ask someone above them.',
  emailOwnOnProfile: 'Change your own e-mail on your profile: it asks for your password.',
  emailNeededToSignIn: 'This person signs in with their e-mail, so it cannot be removed. Enter their new address instead.',
  emailChangePending: (email: string) =>
    `Member updated. The new e-mail takes effect once ${email} confirms it with the link we sent there; the old address was told.`,
  emailWaiting: (email: string) => `Waiting for confirmation from ${email}`,
} as const;

/** A change of someone's login e-mail waiting for the new address to confirm it (issue 29, finding 5). */
export const EMAIL_CHANGE_TTL_HOURS = 48;
export const pendingEmailChangeSchema = z.object({
  email: z.string().describe('The new address, which must confirm the change with the link sent to it'),
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;
export const confirmEmailChangeRequest = z.object({
  token: z.string({ error: 'The confirmation token is required' }).min(10, 'This confirmation link is not valid').max(200),
});
export const EMAIL_CHANGE_TEXTS = {
  invalid: 'This confirmation link is invalid, has expired or was already used. Ask the church office to change the e-mail again.',
  confirmed: 'Your new e-mail is confirmed. Sign in with it from now on.',
  taken: 'Another account already uses this e-mail, so the change cannot be made. Ask the church office.',
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDay = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (isoDate.test(v) && isRealDay(v)), `${label} must be a date (YYYY-MM-DD)`);

const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** Add member / edit member (spec 001 §5 and §7: name, email, phone, address, dateOfBirth, joinDate, role, status, gender, maritalStatus, occupation, emergencyContact, notes). */
export const memberWriteRequest = z.object({
  name: z
    .string({ error: MEMBER_TEXTS.nameRequired })
    .trim()
    .min(1, MEMBER_TEXTS.nameRequired)
    .max(100, 'Name must be at most 100 characters'),
  // Optional (issue 31): children, elderly members and visitors from a paper card have none. An e-mail
  // is needed only to sign in; an invitation asks for it when the person has none.
  email: z
    .string({ error: MEMBER_TEXTS.emailInvalid })
    .max(EMAIL_MAX + 20, { error: MEMBER_TEXTS.emailInvalid, abort: true })
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || (v.length <= EMAIL_MAX && EMAIL_PATTERN.test(v)), MEMBER_TEXTS.emailInvalid)
    .transform((v) => (v === null ? null : normalizeEmail(v))),
  // Any usual form ('082 555 1234', '+27 82 555 1234'), stored as E.164 (rules/phone.ts).
  phone: optionalPhoneField(MEMBER_TEXTS.phoneInvalid),
  address: optionalText(300, 'Address'),
  dateOfBirth: optionalDay('Date of birth').refine(
    (v) => v === null || v <= new Date().toISOString().slice(0, 10),
    'Date of birth cannot be in the future',
  ),
  joinDate: z
    .string({ error: MEMBER_TEXTS.joinDateRequired })
    .trim()
    .min(1, MEMBER_TEXTS.joinDateRequired)
    .refine((v) => isoDate.test(v) && isRealDay(v), 'Join date must be a date (YYYY-MM-DD)'),
  role: z.enum(MEMBER_PAGE_ROLES, { error: `Role must be one of: ${MEMBER_PAGE_ROLES.join(', ')}` }).default('member'),
  status: z.enum(MEMBER_STATUSES, { error: `Status must be one of: ${MEMBER_STATUSES.join(', ')}` }).default('active'),
  gender: z.preprocess(emptyToNull, z.enum(GENDERS, { error: `Gender must be one of: ${GENDERS.join(', ')}` }).nullish()),
  maritalStatus: z.preprocess(
    emptyToNull,
    z.enum(MARITAL_STATUSES, { error: `Marital status must be one of: ${MARITAL_STATUSES.join(', ')}` }).nullish(),
  ),
  occupation: optionalText(120, 'Occupation'),
  emergencyContact: optionalText(200, 'Emergency contact'),
  notes: optionalText(2000, 'Notes'),
  isVolunteer: z.boolean().default(false),
  /** Required when the status becomes inactive (issue 10: setting someone inactive asks for a reason). */
  statusReason: optionalText(300, 'Reason'),
});
export type MemberWriteRequest = z.input<typeof memberWriteRequest>;
export type MemberWrite = z.output<typeof memberWriteRequest>;

export const MEMBER_SORTS = ['name', 'joinDate', 'createdAt', 'role', 'status'] as const;

/** GET /members: server-side search (name, e-mail, phone digits), filters, sorting and paging. */
export const membersManageQuery = paginationQuery(20, 200).extend({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Matches name, email or phone (any spacing; 0… and +27… alike); with an API key, the name only'),
  role: z.enum(MEMBER_PAGE_ROLES).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  sort: z.enum(MEMBER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type MembersManageQuery = z.input<typeof membersManageQuery>;

export const memberRoleRequest = z.object({
  role: z.enum(MEMBER_PAGE_ROLES, { error: `Role must be one of: ${MEMBER_PAGE_ROLES.join(', ')}` }),
});

export const statusHistorySchema = z.object({
  id: z.string(),
  fromStatus: z.enum(MEMBER_STATUSES).nullable(),
  toStatus: z.enum(MEMBER_STATUSES),
  reason: z.string().nullable(),
  changedByName: z.string(),
  at: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistorySchema>;

export const HOUSEHOLD_ROLES = ['head', 'spouse', 'child', 'other'] as const;

export const householdSchema = z.object({
  ...entityIds,
  name: z.string(),
  address: z.string().nullable(),
  members: z.array(
    z.object({ id: z.string(), name: z.string(), householdRole: z.enum(HOUSEHOLD_ROLES).nullable(), status: z.enum(MEMBER_STATUSES) }),
  ),
});
export type Household = z.infer<typeof householdSchema>;

export const memberDetailResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    member: memberRecordSchema.extend({
      householdId: z.string().nullable(),
      householdRole: z.enum(HOUSEHOLD_ROLES).nullable(),
      hasAccount: z.boolean().describe('Has set a password (signs in to the portal); otherwise a leader may invite them'),
      pendingEmailChange: pendingEmailChangeSchema.nullable().describe('A new login e-mail waiting for its address to confirm it'),
    }),
    household: householdSchema.nullable(),
    statusHistory: z.array(statusHistorySchema),
  }),
});
export type MemberDetail = z.infer<typeof memberDetailResponse>['data'];

export const memberSavedResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ member: memberRecordSchema }),
});

/** Link a member into a household: an existing one, a new one by name, or none. */
export const memberHouseholdRequest = z
  .object({
    householdId: z.string().uuid('That household id is not valid').nullable().optional(),
    newHouseholdName: z.string().trim().max(120, 'Household name must be at most 120 characters').optional(),
    householdRole: z.enum(HOUSEHOLD_ROLES, { error: `Household role must be one of: ${HOUSEHOLD_ROLES.join(', ')}` }).nullish(),
  })
  .refine((b) => !(b.householdId && b.newHouseholdName), 'Choose an existing household or name a new one, not both');

export const householdsQuery = z.object({ q: z.string().trim().max(100).optional() });
export const householdsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ households: z.array(z.object({ ...entityIds, name: z.string(), memberCount: z.number().int() })) }),
});

export const membersManageResponse = z.object({
  status: z.literal('success'),
  data: z.object({ members: z.array(memberRecordSchema), ...pageInfo }),
});
