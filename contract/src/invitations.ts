import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN, normalizeEmail } from './rules/email';
import { newPasswordField } from './auth';
import { userSchema } from './users';

/**
 * Inviting a member a leader added to the member portal (issue 31): an e-mail with
 * a set-password link, or — where there is no SMTP, or no e-mail — a link the
 * leader copies, shows as a QR code or shares through WhatsApp. Like a reset link
 * it is single-use, expires, and only a hash of it is stored: nobody can read it
 * back later, not even the leader who made it.
 */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_CHANNELS = ['email', 'link'] as const;
export type InvitationChannel = (typeof INVITATION_CHANNELS)[number];

export const INVITATION_TEXTS = {
  button: 'Invite to the portal',
  title: 'Invite to the member portal',
  sendEmail: 'Send an e-mail invitation',
  makeLink: 'Create an invitation link',
  sent: (email: string) => `Invitation sent to ${email}`,
  linkReady: 'Invitation link created: copy it, show the QR code or share it by WhatsApp. It is shown only now.',
  noEmail: 'This person has no e-mail address: create an invitation link instead',
  noSmtp: 'E-mail is not set up on this server: create an invitation link instead',
  hasAccount: 'This person already has a portal account: they can use Forgot Password to set a new password',
  notInvitable: 'This person cannot be invited',
  invalid: 'This invitation link is invalid, has expired or was already used. Please ask your church for a new one.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  emailNeeded: 'Email is required: you sign in with it',
  acceptTitle: 'Welcome to the member portal',
  accepted: 'Your account is ready. Welcome!',
  expires: (date: string) => `The link works once, until ${date}.`,
  whatsapp: (name: string, church: string, link: string) =>
    `Hello ${name}, ${church} invites you to the member portal. Open this link to set your password: ${link}`,
} as const;

export const createInvitationRequest = z.object({
  channel: z.enum(INVITATION_CHANNELS, { error: 'Channel must be email or link' }),
});

export const invitationResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    invitation: z.object({
      channel: z.enum(INVITATION_CHANNELS),
      expiresAt: z.string(),
      email: z.string().nullable().describe('Where the e-mail went (channel email)'),
      link: z.string().nullable().describe('The single-use link (channel link), shown in this answer only'),
      whatsappUrl: z.string().nullable().describe("A WhatsApp share link carrying the invitation (to the member's phone when known)"),
    }),
  }),
});
export type InvitationCreated = z.infer<typeof invitationResponse>['data']['invitation'];

const tokenField = z.string({ error: INVITATION_TEXTS.invalid }).min(20, INVITATION_TEXTS.invalid).max(200, INVITATION_TEXTS.invalid);

export const invitationInfoQuery = z.object({ token: tokenField });
export const invitationInfoResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    name: z.string(),
    email: z.string().nullable(),
    needsEmail: z.boolean().describe('True when the person was recorded without an e-mail: accepting asks for one'),
    expiresAt: z.string(),
  }),
});

export const acceptInvitationRequest = z.object({
  token: tokenField,
  password: newPasswordField,
  email: z
    .string()
    .max(EMAIL_MAX + 20, { error: 'Please enter a valid email address', abort: true })
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || (v.length <= EMAIL_MAX && EMAIL_PATTERN.test(v)), 'Please enter a valid email address')
    .transform((v) => (v === undefined ? undefined : normalizeEmail(v))),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;

export const acceptInvitationResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  user: userSchema,
});
