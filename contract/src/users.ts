import { z } from 'zod';
import { ROLES } from './roles';
import { entityIds } from './http';
import { LOCALES } from './i18n/locales';

export const MEMBER_STATUSES = ['active', 'inactive', 'visitor'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;

/** The user / member as the API presents it. Never carries a password hash. */
export const userSchema = z
  .object({
    ...entityIds,
    name: z.string(),
    email: z.string().nullable().describe('Null for a person recorded without an e-mail (needed only to sign in)'),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    role: z.enum(ROLES),
    permissions: z.array(z.string()),
    status: z.enum(MEMBER_STATUSES),
    isActive: z.boolean(),
    isVolunteer: z.boolean(),
    joinDate: z.string().describe('ISO date the person joined the church'),
    birthday: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    baptismDate: z.string().nullable(),
    spiritualGifts: z.array(z.string()),
    ministryInterests: z.array(z.string()),
    gender: z.enum(GENDERS).nullable(),
    maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
    occupation: z.string().nullable(),
    emergencyContact: z.string().nullable(),
    language: z
      .enum(LOCALES)
      .nullable()
      .optional()
      .describe("The person's chosen language for screens, e-mails and documents; null: the church's default"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('User');
/** The signed-in person's own account (login, register, me, profile): never what leaders wrote about them. */
export type User = z.infer<typeof userSchema>;

/**
 * A member as a leader's directory, detail and edit calls present them. The leader-written
 * fields (notes, lastContacted) are pastoral and confidential: present only when the caller
 * holds 'care:notes' (pastor, admin, superadmin), absent for elders and for the member.
 */
export const memberRecordSchema = userSchema
  .extend({
    notes: z.string().nullable().optional().describe("Leader-written notes; only for callers with 'care:notes'"),
    lastContacted: z.string().nullable().optional().describe("When a leader last contacted them; only for callers with 'care:notes'"),
  })
  .describe('MemberRecord');
export type MemberRecord = z.infer<typeof memberRecordSchema>;

/** PUT /auth/language: the signed-in person's language (issue 36). */
export const languageRequest = z.object({
  language: z.enum(LOCALES, { error: `language must be one of ${LOCALES.join(', ')}` }),
});
export const languageResponse = z.object({ status: z.literal('success'), data: z.object({ language: z.enum(LOCALES) }) });
