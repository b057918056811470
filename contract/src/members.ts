import { z } from 'zod';
import { emailField, nameField } from './auth';
import { entityIds, pageInfo, paginationQuery } from './http';
import { memberRecordSchema, userSchema } from './users';
import { splitCommaList } from './rules/profile-lists';
import { optionalPhoneField } from './rules/phone-schema';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (isoDate.test(v) && !Number.isNaN(Date.parse(v))), `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => v === null || Date.parse(v) <= Date.now(), `${label} cannot be in the future`);

/** A list of short labels; a comma-separated string is accepted too and split the way the form does. */
const labelList = (label: string) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((v) => splitCommaList(v ?? []))
    .refine((v) => v.length <= 20, `At most 20 ${label}`)
    .refine((v) => v.every((s) => s.length <= 60), `Each of the ${label} must be at most 60 characters`);

/** PUT /members/profile (spec 000 §7): name and email required, the rest optional. */
export const profileUpdateRequest = z.object({
  name: nameField,
  email: emailField,
  phone: optionalPhoneField(),
  address: optionalText(300, 'Address'),
  birthday: optionalDate('Birthday'),
  spiritualGifts: labelList('spiritual gifts'),
  ministryInterests: labelList('ministry interests'),
  /** Needed only when the e-mail changes: the address is what a password reset goes to. */
  currentPassword: z.string().max(1_000).optional().describe('Your current password; required to change the e-mail address'),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

/** Spec 002 §7.4: responses carry data.member; the profile update also returns the updated user (spec 000 §7). */
export const profileResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ member: userSchema, user: userSchema }),
  /** After an e-mail change every other session ends; this is the caller's new one. */
  token: z.string().optional(),
});

export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email address';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/** Congregation counts every signed-in member may see (no names). */
export const memberStatsSchema = z.object({
  totalMembers: z.number().int(),
  activeMembers: z.number().int().describe('Members not flagged inactive'),
  inactiveMembers: z.number().int(),
  newMembers: z.number().int().describe('Joined within the last month'),
  volunteers: z.number().int(),
});
export type MemberStats = z.infer<typeof memberStatsSchema>;
export const memberStatsResponse = z.object({ status: z.literal('success'), data: memberStatsSchema });

/** GET /members (leaders): the directory, paginated, with an optional search. */
export const membersListQuery = paginationQuery(20, 200).extend({
  q: z.string().trim().max(100).optional().describe('Matches name, email or phone'),
});
export const membersListResponse = z.object({
  status: z.literal('success'),
  data: z.object({ members: z.array(memberRecordSchema), ...pageInfo }),
});

/** A member as others see them in small lists (registrations, prayer authors). */
export const memberSummarySchema = z.object({ ...entityIds, name: z.string(), email: z.string().nullable() });
export type MemberSummary = z.infer<typeof memberSummarySchema>;
