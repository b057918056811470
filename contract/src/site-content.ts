import { z } from 'zod';
import { SETTINGS_DEFAULTS } from './settings-constants';
import { groupThousands } from './rules/money';
import { HERO_IMAGE_PATTERN, SITE_IMAGE_PATTERN, WEEKDAYS, type Weekday } from './site-content-constants';
export * from './site-content-constants';

/**
 * What the public site says, as the church writes it (issue 30): hero slides,
 * founders, the services of the week and the figures on the home page. Part of
 * the one settings document (settings.ts), edited on /settings.
 */
const text = (max: number) => z.string().trim().max(max, `must be ${max} characters or less`);

/** A stock picture shipped with the site (/images/hero/sunrise) or one the church uploaded (/api/settings/images/<id>). */
const heroImage = z
  .string()
  .max(80, { error: 'Upload the picture with the Upload picture button', abort: true })
  .regex(HERO_IMAGE_PATTERN, 'Upload the picture with the Upload picture button');
const photo = z
  .union([
    z.literal(''),
    z
      .string()
      .max(80, { error: 'Upload the photo with the Upload photo button', abort: true })
      .regex(SITE_IMAGE_PATTERN, 'Upload the photo with the Upload photo button'),
  ])
  .default('');

/** Where a slide's button leads: a page of this site (/events) or an http(s) address. */
const slideLink = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(300, { error: 'must be 300 characters or less', abort: true })
      .refine(
        (v) => (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) || z.url({ protocol: /^https?$/ }).safeParse(v).success,
        'Enter a page of this site (starting with /) or a web address starting with http:// or https://',
      ),
  ])
  .default('');

export const heroSlideSchema = z.object({
  image: heroImage,
  title: text(80).min(1, 'Each slide needs a heading'),
  subtitle: text(120).default(''),
  description: text(400).default(''),
  verse: text(300).default('').describe('A short line under the text, e.g. a Bible verse'),
  buttonLabel: text(40).default(''),
  buttonLink: slideLink,
});
export type HeroSlide = z.infer<typeof heroSlideSchema>;

export const founderSchema = z.object({
  name: text(120).min(1, 'Each founder needs a name'),
  role: text(120).default(''),
  bio: text(800).default(''),
  photoUrl: photo,
});
export type Founder = z.infer<typeof founderSchema>;

const clock = z
  .string()
  .max(5, { error: 'Enter the time as HH:MM, e.g. 08:30', abort: true })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as HH:MM, e.g. 08:30');
export const serviceSchema = z.object({
  day: z.enum(WEEKDAYS, 'Choose a day of the week'),
  time: clock.describe('Start, 24-hour HH:MM in the church time zone'),
  endTime: z.union([z.literal(''), clock]).default(''),
  name: text(80).min(1, 'Each service needs a name'),
  language: text(40).default(''),
  place: text(120).default(''),
});
export type Service = z.infer<typeof serviceSchema>;

export const HOME_STAT_SOURCES = ['members', 'founded', 'upcomingEvents', 'recentPrayers', 'entered'] as const;
export const homeStatSchema = z.object({
  label: text(40).min(1, 'Each figure needs a label'),
  source: z.enum(HOME_STAT_SOURCES).describe("Counted from the church's data, or 'entered' to show value as written"),
  value: text(20).default('').describe("Shown when source is 'entered'"),
});
export type HomeStat = z.infer<typeof homeStatSchema>;

/** Counted figures only: the founding year shows once the church chooses it (the settings' default year is not its history). */
export const DEFAULT_HOME_STATS: HomeStat[] = [
  { label: 'Members', source: 'members', value: '' },
  { label: 'Upcoming Events', source: 'upcomingEvents', value: '' },
  { label: 'Recent Prayers', source: 'recentPrayers', value: '' },
];
export const FOUNDED_STAT: HomeStat = { label: 'Founded', source: 'founded', value: '' };

/** '10:00 AM - 12:00 PM' → 10:00 and 12:00; linear (one pass of fixed-width pieces). */
function parseTwelveHour(s: string): { time: string; endTime: string } | null {
  const one = (part: string) => {
    const m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/.exec(part.trim());
    if (!m) return null;
    let h = Number(m[1]);
    const pm = m[3]?.toLowerCase() === 'pm';
    if (m[3] && h === 12) h = 0;
    if (pm) h += 12;
    if (h > 23 || Number(m[2]) > 59) return null;
    return `${String(h).padStart(2, '0')}:${m[2]}`;
  };
  const [a = '', b] = s.slice(0, 60).split('-');
  const time = one(a);
  if (!time) return null;
  return { time, endTime: (b && one(b)) || '' };
}

/** The spec's four fixed slots (sunday … saturday) as a list: what stored documents and spec-shaped clients send. */
export function servicesFromDays(days: unknown): Service[] {
  if (!days || typeof days !== 'object') return [];
  const names: Record<string, string> = {
    sunday: 'Sunday Main Service',
    wednesday: 'Wednesday Bible Study',
    friday: 'Friday Prayer Meeting',
    saturday: 'Saturday Gathering',
  };
  const out: Service[] = [];
  for (const day of ['sunday', 'wednesday', 'friday', 'saturday'] as const) {
    const slot = (days as Record<string, unknown>)[day] as { time?: unknown; location?: unknown } | undefined;
    if (!slot || typeof slot.time !== 'string') continue;
    const parsed = parseTwelveHour(slot.time);
    if (!parsed) continue;
    out.push({
      day,
      ...parsed,
      name: names[day]!,
      language: '',
      place: typeof slot.location === 'string' ? slot.location.slice(0, 120) : '',
    });
  }
  return out;
}

export const DEFAULT_SERVICES: Service[] = servicesFromDays(SETTINGS_DEFAULTS.serviceTimes);

const twelveHour = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** The spec's per-day view (spec 000 §3 serviceTimes) of the list: the first service of each of the four days. */
export function daysFromServices(services: readonly Service[]) {
  const slot = (day: Weekday) => {
    const s = services.find((x) => x.day === day);
    return s
      ? { time: twelveHour(s.time) + (s.endTime ? ` - ${twelveHour(s.endTime)}` : ''), location: s.place }
      : { time: '', location: '' };
  };
  return { sunday: slot('sunday'), wednesday: slot('wednesday'), friday: slot('friday'), saturday: slot('saturday') };
}

/**
 * Brings a settings document of an earlier shape (or a spec-shaped request) to
 * today's: the four fixed service slots become the list, the founders line
 * becomes one founder, and `missionStatement` (the spec's name in Church
 * Settings) is the one mission. Only fills what the newer field lacks.
 */
export function upgradeSettingsDocument(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const doc = { ...(input as Record<string, unknown>) };
  if (doc.services === undefined && doc.serviceTimes !== undefined) doc.services = servicesFromDays(doc.serviceTimes);
  delete doc.serviceTimes;
  if (typeof doc.founders === 'string') doc.founders = doc.founders.trim() ? [{ name: doc.founders.trim().slice(0, 120) }] : [];
  if (typeof doc.missionStatement === 'string') {
    if (doc.mission === undefined || doc.mission === '') doc.mission = doc.missionStatement;
    delete doc.missionStatement;
  }
  return doc;
}

type Figures = { members: number; founded: number; upcomingEvents: number; recentPrayers: number | null };

/** The home page's figures: counted ones with nothing to show (none yet, or unknown) are left out, not shown as '0' or '—'. */
export function resolveHomeStats(stats: readonly HomeStat[], figures: Figures): { label: string; value: string }[] {
  return stats.flatMap((s) => {
    if (s.source === 'entered') return s.value ? [{ label: s.label, value: s.value }] : [];
    const n = figures[s.source];
    if (n === null || n <= 0) return [];
    return [{ label: s.label, value: s.source === 'founded' ? String(n) : groupThousands(String(Math.trunc(n))) }];
  });
}

/** POST /settings/images. */
export const siteImageUploadQuery = z.object({
  kind: z
    .enum(['slide', 'photo'])
    .default('slide')
    .describe("'slide': a hero picture (stored 640, 1280 and 1920 wide); 'photo': a founder's photo (320 and 640)"),
});
export const siteImageResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    url: z.string().describe('The picture to put in a slide (image) or a founder (photoUrl); each width is `${url}-${width}.webp`'),
  }),
});
