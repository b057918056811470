import { z } from 'zod';
import { ROLES } from './roles';

/**
 * The church's security choices (issue 29), set by administrators only (admin:panel) — apart from the
 * church settings, which pastors also write: a pastor must not be able to lift a rule made about pastors.
 */
export const securitySettingsSchema = z.object({
  namedGivingHiddenFromPastors: z
    .boolean()
    .default(false)
    .describe('Pastors see giving totals and funds, never who gave what (the pastor dashboard, donations, batches, certificates)'),
  developerSelfRegistration: z.boolean().default(true).describe('Anyone may register a developer account from the public portal'),
  twoFactorRequiredRoles: z
    .array(z.enum(ROLES))
    .max(ROLES.length)
    .default([])
    .describe('Roles that must sign in with a second factor (authenticator app or passkey)'),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsRequest = securitySettingsSchema.partial();
export const securitySettingsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ settings: securitySettingsSchema.extend({ updatedAt: z.string().nullable() }) }),
});

export const SECURITY_TEXTS = {
  namedGivingHidden: 'This church keeps named giving from pastors. Ask an administrator.',
  developerRegistrationClosed: 'This church does not accept new developer accounts. Ask the church’s administrator.',
} as const;
