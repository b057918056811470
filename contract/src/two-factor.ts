import { z } from 'zod';
import { sessionResponse } from './auth';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes (issue 29).
 * One sign-in service serves the web, the API and the chat socket, so no path skips the second factor.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step either side of now are accepted (clocks drift, people type slowly). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait after the password was right. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;

export const totpCodeField = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .max(TOTP_DIGITS, { error: 'Enter the 6-digit code from your authenticator app', abort: true })
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
/** Recovery codes read like "abcd-efgh-ijkl"; spaces, dashes and case are forgiven. */
export const recoveryCodeField = z
  .string({ error: 'Enter one of your recovery codes' })
  .trim()
  .min(8, 'Enter one of your recovery codes')
  .max(40, 'That is not a recovery code');

/** The password was right; the answer carries no token, only a short-lived challenge for the second step. */
export const twoFactorChallengeResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe('Signed, valid for five minutes: send it back with a code to POST /api/auth/login/two-factor'),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponse>;

/** A session, with the church's demand when the person's role must use two-factor sign-in and they have not set it up. */
export const signedInResponse = sessionResponse.extend({
  twoFactorSetupRequired: z
    .boolean()
    .optional()
    .describe('The church requires two-factor sign-in for this role: until it is set up only the enrolment routes answer'),
});
export type SignedInResponse = z.infer<typeof signedInResponse>;
export const loginResponse = z.union([signedInResponse, twoFactorChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const twoFactorLoginRequest = z.union([
  z.object({ challenge: z.string().min(1).max(2000), code: totpCodeField }),
  z.object({ challenge: z.string().min(1).max(2000), recoveryCode: recoveryCodeField }),
]);
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginRequest>;

export const twoFactorStatusResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int().nonnegative(),
    /** The church requires it for this person's role. */
    required: z.boolean(),
  }),
});

export const twoFactorEnrolmentResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    otpauthUri: z.string().describe('otpauth:// URI for the QR code; shown once'),
    secret: z.string().describe('The base32 secret, for typing into the app by hand; never shown again'),
  }),
});

export const twoFactorConfirmRequest = z.object({ code: totpCodeField });
export const twoFactorCodeRequest = z.object({ code: totpCodeField });
export const twoFactorDisableRequest = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
  code: totpCodeField,
});

export const recoveryCodesResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ recoveryCodes: z.array(z.string()).describe('Each works once; shown only now') }),
});

export const twoFactorResetParams = z.object({ id: z.uuid({ error: 'That is not a person id' }) });

export { TWO_FACTOR_TEXTS } from './two-factor-texts';
