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
  public_prayers: {
    label: 'Share my prayer requests publicly',
    wording: 'My approved prayer requests may be shown on the public prayer wall with my name.',
    default: false,
  },
} as const satisfies Record<string, { label: string; wording: string; default: boolean }>;

export type ConsentKind = keyof typeof CONSENT_KINDS;
export const consentKind = z.enum(Object.keys(CONSENT_KINDS) as [ConsentKind, ...ConsentKind[]]);

/** Where a change came from: the member's profile, an e-mail's unsubscribe link, or a leader recording a paper form. */
export const CONSENT_SOURCES = ['profile', 'unsubscribe_link', 'leader', 'registration'] as const;
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
