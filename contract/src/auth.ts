import { z } from 'zod';
export * from './auth-constants';
import { userSchema } from './users';
import { EMAIL_MAX, EMAIL_PATTERN, normalizeEmail } from './rules/email';
import { optionalPhoneField } from './rules/phone-schema';
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, isCommonPassword } from './rules/password';

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  // abort: zod runs later checks even after one fails; the pattern must never see over-long input.
  .max(EMAIL_MAX, { error: 'Email is too long', abort: true })
  .regex(EMAIL_PATTERN, 'Please enter a valid email address')
  .transform(normalizeEmail);

export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !isCommonPassword(p), 'This password is too common. Please choose another one');

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(NAME_MIN, `Name must be at least ${NAME_MIN} characters`)
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const loginRequest = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const developerProfile = z.object({
  company: optionalText(120),
  website: optionalText(300),
  useCase: z.enum(['church-app', 'website-integration', 'internal-tools', 'third-party-app', 'personal-project', 'other']).optional(),
  projectDescription: optionalText(2000),
});

export const registerRequest = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  phone: optionalPhoneField(),
  address: optionalText(300),
  /** Only 'developer' may be asked for; every other role is given by a leader. */
  role: z.enum(['member', 'developer']).optional(),
  permissions: z.array(z.literal('api:access')).optional(),
  developerProfile: developerProfile.optional(),
  communicationPreferences: z
    .object({ newsletter: z.boolean().optional(), productUpdates: z.boolean().optional(), apiChanges: z.boolean().optional() })
    .optional(),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const updatePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: newPasswordField,
});
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequest>;

/** Spec 002 §8 (Auth): the change-password form's texts; the fallback when the server's answer names no reason. */
export const PASSWORD_UPDATE_TEXTS = {
  updated: 'Password updated successfully',
  failed: 'Password update failed',
  mismatch: 'Passwords do not match',
} as const;

export const forgotPasswordRequest = z.object({ email: emailField });
export const resetPasswordRequest = z.object({
  token: z.string({ error: 'Reset token is required' }).min(10, 'This reset link is not valid').max(200),
  newPassword: newPasswordField,
});

/** Login, register and update-password answer with token and user at the top level (spec 000 §7). */
export const sessionResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const meResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    user: userSchema,
    twoFactorSetupRequired: z
      .boolean()
      .optional()
      .describe('The church requires two-factor sign-in for this role and it is not set up: only its enrolment routes answer'),
  }),
});
