import { z } from 'zod';
import { LOCALES, SOURCE_LOCALE } from './i18n/locales';
import { EMAIL_MAX, EMAIL_PATTERN } from './rules/email';
import { phoneOrEmptyField } from './rules/phone-schema';
import { SETTINGS_DEFAULTS } from './settings-constants';
import {
  DEFAULT_HOME_STATS,
  DEFAULT_SERVICES,
  founderSchema,
  heroSlideSchema,
  homeStatSchema,
  MAX_HERO_SLIDES,
  serviceSchema,
} from './site-content';
export * from './settings-constants';

const text = (max: number) => z.string().trim().max(max, `must be ${max} characters or less`);
/** Links the public site renders: http(s) only, so a `javascript:` or `data:` URL can never reach a page. */
export const SETTINGS_TEXTS = {
  saved: 'Settings updated successfully',
  saveFailed: 'Failed to update settings',
  loadFailed: 'Failed to load settings',
  invalidUrl: 'Please enter a web address starting with http:// or https://',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Phone number is invalid',
  logoUpdated: 'Logo updated',
  logoInvalid: 'Please select a PNG, JPEG or WebP image',
  logoTooLarge: 'Logo file too large. Max size: 2MB',
} as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const optionalUrl = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(300, 'must be 300 characters or less')
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: SETTINGS_TEXTS.invalidUrl })),
  ])
  .default('');
/** Spec 001 §9's phone field, read as every phone is (rules/phone.ts): any usual form, stored as E.164. */
const optionalPhone = phoneOrEmptyField(SETTINGS_TEXTS.invalidPhone).default('');
/** Set by the logo upload (POST /settings/logo); only our own stored files are accepted here. */
const logoUrl = z
  .union([
    z.literal(''),
    z
      .string()
      .max(119, { error: 'Upload the logo with the Logo button', abort: true })
      .regex(/^\/api\/settings\/logo\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'Upload the logo with the Logo button'),
  ])
  .default('');

export const coreValueSchema = z.object({
  title: text(60).min(1, 'Each core value needs a title'),
  description: text(400).default(''),
});
export const ministrySchema = z.object({
  name: text(80).min(1, 'Each ministry needs a name'),
  description: text(600).default(''),
  meets: text(120).default('').describe("When and where it meets, e.g. 'Saturdays 9:00 AM, Hall B'"),
  leader: text(80).default(''),
  contact: text(160).default('').describe('Who to ask: a name, phone number or e-mail address'),
});

export const socialLinksSchema = z.object({
  facebook: optionalUrl,
  instagram: optionalUrl,
  youtube: optionalUrl,
  x: optionalUrl,
});

export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean().default(true),
  smsNotifications: z.boolean().default(false),
  prayerAlerts: z.boolean().default(true),
  eventReminders: z.boolean().default(true),
});

export const coordinatesSchema = z.object({
  lat: z.number().min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90'),
  lng: z.number().min(-180, 'longitude must be between -180 and 180').max(180, 'longitude must be between -180 and 180'),
});

function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * POPIA (issue 17): the church's Information Officer and its privacy notice,
 * shown on /privacy and linked from the footer and the registration form.
 */
export const privacySettingsSchema = z.object({
  officerName: text(120).default(''),
  officerEmail: z
    .union([
      z.literal(''),
      z.string().max(EMAIL_MAX, { error: SETTINGS_TEXTS.invalidEmail, abort: true }).regex(EMAIL_PATTERN, SETTINGS_TEXTS.invalidEmail),
    ])
    .default(''),
  officerPhone: optionalPhone,
  notice: text(20000)
    .default('')
    .describe(
      'The privacy notice as HTML (sanitised by the server: no scripts, links http/https/mailto/tel only). Empty: the standard notice is shown',
    ),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/**
 * Spec 001 §3 Church settings plus the public fields of spec 000 §3. The full
 * object is what GET /settings answers and POST /settings takes.
 */
export const churchSettingsSchema = z.object({
  churchName: text(120).min(1, 'Church name is required').default('Church Community'),
  denomination: text(120).default(''),
  description: text(1000).default('').describe('One or two sentences about the church'),
  story: text(5000).default('').describe('The longer story on /about; paragraphs separated by blank lines'),
  founders: z.array(founderSchema).max(12, 'At most 12 founders').default([]),
  mission: text(1000).default('').describe("The mission statement (the spec's missionStatement is accepted as its other name)"),
  vision: text(1000).default(''),
  coreValues: z.array(coreValueSchema).max(12, 'At most 12 core values').default([]),
  ministries: z.array(ministrySchema).max(30, 'At most 30 ministries').default([]),
  // The one linear e-mail pattern (rules/email.ts), behind its length limit.
  email: z
    .union([
      z.literal(''),
      z.string().max(EMAIL_MAX, { error: SETTINGS_TEXTS.invalidEmail, abort: true }).regex(EMAIL_PATTERN, SETTINGS_TEXTS.invalidEmail),
    ])
    .default(''),
  phone: optionalPhone,
  address: text(300).default(''),
  website: optionalUrl,
  pastorName: text(120).default(''),
  logoUrl,
  coordinates: coordinatesSchema.nullable().default(null),
  founded: z
    .number()
    .int()
    .min(1800, 'founded must be a year after 1800')
    .max(2100, 'founded must be a year before 2100')
    .default(SETTINGS_DEFAULTS.founded),
  memberCountOverride: z
    .number()
    .int()
    .min(0, 'member count cannot be negative')
    .nullable()
    .default(null)
    .describe('Shown instead of the counted members when set'),
  services: z
    .array(serviceSchema)
    .max(30, 'At most 30 services')
    .default(DEFAULT_SERVICES)
    .describe("The week's services; the spec's serviceTimes (four days) is accepted instead when services is missing"),
  heroSlides: z.array(heroSlideSchema).max(MAX_HERO_SLIDES, `At most ${MAX_HERO_SLIDES} slides`).default([]),
  homeStats: z.array(homeStatSchema).max(4, 'At most 4 figures').default(DEFAULT_HOME_STATS),
  terms: text(50000)
    .default('')
    .describe('The Terms of Service as HTML (sanitised by the server: no scripts, links http/https/mailto/tel only)'),
  socialLinks: socialLinksSchema.default({ facebook: '', instagram: '', youtube: '', x: '' }),
  timeZone: z.string().refine(isTimeZone, 'time zone must be an IANA name such as Africa/Johannesburg').default(SETTINGS_DEFAULTS.timeZone),
  defaultLanguage: z
    .enum(LOCALES, { error: `default language must be one of ${LOCALES.join(', ')}` })
    .default(SOURCE_LOCALE)
    .describe("The church's language: a visitor whose browser asks for none of ours, and every member who has not chosen, gets it"),
  privacy: privacySettingsSchema.default({ officerName: '', officerEmail: '', officerPhone: '', notice: '' }),
  notifications: notificationSettingsSchema.default({
    emailNotifications: true,
    smsNotifications: false,
    prayerAlerts: true,
    eventReminders: true,
  }),
});
export type ChurchSettings = z.infer<typeof churchSettingsSchema>;
/** POST /settings: the full object (missing parts take their defaults). */
export const updateSettingsRequest = churchSettingsSchema;
/** Spec-shaped documents (serviceTimes by day, missionStatement, a founders line) are brought to today's shape first. */
export { upgradeSettingsDocument } from './site-content';
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequest>;

export const settingsResponse = z.object({
  status: z.literal('success'),
  // Stored phones are already E.164: the answer states them as text (a transform cannot encode a response).
  data: z.object({
    settings: churchSettingsSchema.extend({
      phone: z.string(),
      privacy: privacySettingsSchema.extend({ officerPhone: z.string() }),
      updatedAt: z.string().nullable(),
    }),
  }),
});

/** Figures for the home page statistics strip, counted from real data. */
export const publicStatsSchema = z.object({
  members: z.number().int().describe('memberCountOverride when set, otherwise active members counted'),
  founded: z.number().int(),
  upcomingEvents: z.number().int(),
  recentPrayers: z.number().int().nullable().describe('Prayer requests in the last 30 days; null when unknown'),
});

/** Spec 000 §3 Public settings: only what a visitor may read. */
export const publicSettingsSchema = z.object({
  churchName: z.string(),
  denomination: z.string(),
  description: z.string(),
  story: z.string(),
  founders: z.array(z.object({ name: z.string(), role: z.string(), bio: z.string(), photoUrl: z.string() })),
  pastorName: z.string(),
  logoUrl: z.string().describe('The church logo; empty when none was uploaded'),
  mission: z.string(),
  vision: z.string(),
  coreValues: z.array(z.object({ title: z.string(), description: z.string() })),
  ministries: z.array(z.object({ name: z.string(), description: z.string(), meets: z.string(), leader: z.string(), contact: z.string() })),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  website: z.string(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  memberCount: z.number().int(),
  founded: z.number().int(),
  serviceTimes: z
    .object({
      sunday: z.object({ time: z.string(), location: z.string() }),
      wednesday: z.object({ time: z.string(), location: z.string() }),
      friday: z.object({ time: z.string(), location: z.string() }),
      saturday: z.object({ time: z.string(), location: z.string() }),
    })
    .describe('The first service of each of the four days the spec names, from services'),
  services: z.array(serviceSchema),
  heroSlides: z.array(heroSlideSchema),
  homeStats: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .describe('The figures the home page shows, counted or entered; figures with nothing to show are left out'),
  terms: z.string().describe('The Terms of Service (sanitised HTML); empty when the church has not written them'),
  socialLinks: z.object({ facebook: z.string(), instagram: z.string(), youtube: z.string(), x: z.string() }),
  timeZone: z.string(),
  defaultLanguage: z.enum(LOCALES),
  map: z.object({ tileUrl: z.string().describe('Leaflet tile URL template; empty means no tiles'), zoom: z.number().int() }),
  stats: publicStatsSchema,
  setupNeeded: z.boolean().describe('True until the first administrator exists (the site then links to /setup)'),
  privacy: z
    .object({ officerName: z.string(), officerEmail: z.string(), officerPhone: z.string(), notice: z.string() })
    .describe('The Information Officer and the privacy notice (POPIA), shown on /privacy'),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export const publicSettingsResponse = z.object({ status: z.literal('success'), data: publicSettingsSchema });

/** GET /settings/church-info: name, contact details and service times. */
export const churchInfoSchema = publicSettingsSchema.pick({
  churchName: true,
  denomination: true,
  pastorName: true,
  logoUrl: true,
  email: true,
  phone: true,
  address: true,
  website: true,
  coordinates: true,
  serviceTimes: true,
  socialLinks: true,
  timeZone: true,
});
export const churchInfoResponse = z.object({ status: z.literal('success'), data: z.object({ churchInfo: churchInfoSchema }) });
