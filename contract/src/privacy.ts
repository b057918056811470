import { z } from 'zod';

/**
 * POPIA self-service (issue 17): a member's right of access (download my
 * data) and to deletion, and the list of such requests administrators keep.
 * The texts are ours (the spec is silent); they say plainly what is erased
 * and what the law makes the church keep.
 */
export const PRIVACY_TEXTS = {
  exportQueued: 'We are preparing your data. It will be ready to download in a moment.',
  exportReady: 'Your data is ready to download',
  exportExpired: 'This download has expired. Ask for your data again.',
  exportNotFound: 'Download not found',
  exportBusy: 'Your data is already being prepared',
  deleteConfirmWord: 'DELETE',
  deleteConfirmMismatch: 'Type DELETE to confirm',
  deleteWrongPassword: 'Your password is not correct',
  deleteLastSuperadmin: 'You are the only superadmin. Give the superadmin role to someone else before deleting your account.',
  deleted: 'Your account has been deleted',
  /** Shown before the member confirms: what goes and what stays, in plain words. */
  deleteExplained: [
    'Your profile, contact details, prayer requests, event registrations, notifications, preferences, household link and sign-in are erased at once.',
    'Your chat messages stay in their rooms under the name "Former member".',
    'Records of your gifts stay for five years, as South African tax law requires: the amount, date, fund, reference and the details on your Section 18A tax certificates. Nothing else about you is kept with them.',
  ],
  formerMember: 'Former member',
} as const;

/** A download of one's data is kept this long, then removed. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** Donation records are kept this long after a deletion (Tax Administration Act, s29: five years). */
export const DONATION_RETENTION_YEARS = 5;

export const DATA_REQUEST_KINDS = ['export', 'deletion'] as const;
export const DATA_REQUEST_STATUSES = ['queued', 'ready', 'completed', 'failed', 'expired'] as const;

export const dataRequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(DATA_REQUEST_KINDS),
    status: z.enum(DATA_REQUEST_STATUSES),
    requestedAt: z.string(),
    completedAt: z.string().nullable(),
    expiresAt: z.string().nullable().describe('When the download is removed (exports only)'),
    fileSize: z.number().int().nullable(),
  })
  .describe('DataRequest');
export type DataRequest = z.infer<typeof dataRequestSchema>;

export const myDataRequestsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ requests: z.array(dataRequestSchema) }),
});

export const dataExportQueuedResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ request: dataRequestSchema }),
});

/** DELETE /members/me: the password again, and the word DELETE typed out. */
export const deleteAccountRequest = z.object({
  password: z.string().min(1, 'Enter your password').max(200, 'must be 200 characters or less'),
  confirmation: z
    .string()
    .max(20, 'Type DELETE to confirm')
    .refine((v) => v.trim() === PRIVACY_TEXTS.deleteConfirmWord, PRIVACY_TEXTS.deleteConfirmMismatch),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** For administrators: every request with the person's name at the time (erased people show as former members). */
export const adminDataRequestSchema = dataRequestSchema.extend({
  userId: z.string().nullable(),
  personName: z.string(),
});
export const adminDataRequestsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ requests: z.array(adminDataRequestSchema) }),
});
