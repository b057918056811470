import { z } from 'zod';

/**
 * What a member can agree to, with the words they agree to. A record keeps
 * the wording shown at the time, so a later change of wording does not
 * rewrite what someone said yes to. Add a kind here (with its default) and
 * the profile page, the API and `consents.has` pick it up.
 */
export const CONSENT_KINDS = {
  email_church: {
    label: 'E-mail from the church',
    wording: 'I would like to receive e-mail messages from the church (news, events and pastoral messages). I can unsubscribe at any time.',
    /** Members joined to hear from the church; every e-mail carries a one-click unsubscribe. */
    default: true,
  },
  directory_listing: {
    label: 'Appear in the member directory',
    wording: 'List my name, phone number and address in the member directory shared with other members and leaders.',
    default: false,
  },
  sms_church: {
    label: 'SMS from the church',
    wording:
      'I would like to receive SMS messages from the church on my mobile number (news, events and reminders). I can reply STOP at any time.',
    /** Direct messages by SMS need an opt-in (POPIA s69); every SMS can be stopped with STOP. */
    default: false,
  },
  whatsapp_church: {
    label: 'WhatsApp messages from the church',
    wording: "I would like to receive WhatsApp messages from the church's WhatsApp number. I can reply STOP at any time.",
    /** WhatsApp's own rules require an opt-in before a business writes first. */
    default: false,
  },
  push_church: {
    label: 'App notifications from the church',
    wording: 'Show notifications from the church on the devices where I turned on notifications for the app.',
    /** Turning notifications on in the installed app is itself the choice; this switch turns them all off. */
    default: true,
  },
  public_prayers: {
    label: 'Share my prayer requests publicly',
    wording: 'My approved prayer requests may be shown on the public prayer wall with my name.',
    default: false,
  },
} as const satisfies Record<string, { label: string; wording: string; default: boolean }>;

export type ConsentKind = keyof typeof CONSENT_KINDS;
export const consentKind = z.enum(Object.keys(CONSENT_KINDS) as [ConsentKind, ...ConsentKind[]]);

/** Where a change came from: the member's profile, an e-mail's unsubscribe link, or a leader recording a paper form. */
export const CONSENT_SOURCES = [
  'profile',
  'unsubscribe_link',
  'leader',
  'registration',
  'sms_reply',
  'whatsapp_reply',
  'provider_opt_out',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const consentPreference = z.object({
  kind: consentKind,
  label: z.string(),
  wording: z.string().describe('The words the member agreed (or did not agree) to'),
  granted: z.boolean(),
  /** When the member last decided; null while the default applies. */
  decidedAt: z.string().nullable(),
  isDefault: z.boolean().describe('True when the member has not decided and the default applies'),
});
export type ConsentPreference = z.infer<typeof consentPreference>;

export const preferencesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ preferences: z.array(consentPreference) }),
});

/** PUT /members/preferences: the kinds to change, each granted or not. */
export const preferencesUpdateRequest = z.object({
  preferences: z
    .array(z.object({ kind: consentKind, granted: z.boolean() }))
    .min(1, 'Choose at least one preference to change')
    .max(Object.keys(CONSENT_KINDS).length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'Each preference may appear once'),
});
export type PreferencesUpdateRequest = z.infer<typeof preferencesUpdateRequest>;

export const PREFERENCES_SAVED = 'Preferences saved';
