import { formatPhone } from '@church/contract/rules/phone';
import {
  churchSettingsSchema,
  MAP_ZOOM,
  upgradeSettingsDocument,
  type ChurchSettings,
  type PublicSettings,
} from '@church/contract/settings';
import { daysFromServices, resolveHomeStats } from '@church/contract/site-content';
import type { SettingsRepository } from './repository';
import { sanitizeRichText } from './rich-text';

export interface SettingsService {
  get(): Promise<ChurchSettings & { updatedAt: string | null }>;
  save(input: ChurchSettings, userId: string | null): Promise<ChurchSettings & { updatedAt: string | null }>;
  publicSettings(): Promise<PublicSettings>;
}

/**
 * Reads the stored document through the contract schema, so missing fields
 * take their defaults and an earlier shape (four fixed service slots, a
 * founders line) is brought to today's. A stored document that no longer
 * validates (a field's rule tightened later) keeps what still validates field by field.
 */
export function readSettings(data: unknown): ChurchSettings {
  const upgraded = upgradeSettingsDocument(data ?? {});
  const parsed = churchSettingsSchema.safeParse(upgraded);
  if (parsed.success) return parsed.data;
  const defaults = churchSettingsSchema.parse({});
  const source = (upgraded && typeof upgraded === 'object' ? upgraded : {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof ChurchSettings)[]) {
    const one = churchSettingsSchema.shape[key].safeParse(source[key]);
    if (one.success) merged[key] = one.data;
  }
  return merged as ChurchSettings;
}

/** Rich text is cleaned before it is stored: a script or event handler never reaches the database. */
async function cleaned(input: ChurchSettings): Promise<ChurchSettings> {
  const [terms, notice] = await Promise.all([sanitizeRichText(input.terms), sanitizeRichText(input.privacy.notice)]);
  return { ...input, terms, privacy: { ...input.privacy, notice } };
}

export function createSettingsService({
  repo,
  mapTileUrl,
  onSaved,
}: {
  repo: SettingsRepository;
  mapTileUrl: string;
  /** After a save: e.g. remove pictures the settings no longer use. */
  onSaved?: (settings: ChurchSettings) => void;
}): SettingsService {
  async function get() {
    const row = await repo.find();
    return { ...readSettings(row?.data), updatedAt: row ? row.updatedAt.toISOString() : null };
  }

  return {
    get,
    async save(input, userId) {
      const row = await repo.save(await cleaned(input), userId);
      const saved = readSettings(row.data);
      onSaved?.(saved);
      return { ...saved, updatedAt: row.updatedAt.toISOString() };
    },
    async publicSettings() {
      const [s, members, upcomingEvents, recentPrayers, setupNeeded] = await Promise.all([
        get().then(async (s) => ({ ...s, ...(await cleaned(s)) })),
        repo.countActiveMembers(),
        repo.countUpcomingEvents(),
        repo.countRecentPrayers(),
        repo.setupNeeded(),
      ]);
      const memberCount = s.memberCountOverride ?? members;
      const figures = { members: memberCount, founded: s.founded, upcomingEvents, recentPrayers };
      // Only the public fields: notifications, override and update stamps stay private.
      return {
        churchName: s.churchName,
        denomination: s.denomination,
        description: s.description,
        story: s.story,
        founders: s.founders,
        pastorName: s.pastorName,
        logoUrl: s.logoUrl,
        mission: s.mission,
        vision: s.vision,
        coreValues: s.coreValues,
        ministries: s.ministries,
        email: s.email,
        // Shown as people write it here ('012 362 4410'); stored as E.164.
        phone: formatPhone(s.phone),
        address: s.address,
        website: s.website,
        coordinates: s.coordinates,
        memberCount,
        founded: s.founded,
        serviceTimes: daysFromServices(s.services),
        services: s.services,
        heroSlides: s.heroSlides,
        homeStats: resolveHomeStats(s.homeStats, figures),
        // Cleaned again on the way out (above): a document stored before cleaning existed is safe too.
        terms: s.terms,
        socialLinks: s.socialLinks,
        timeZone: s.timeZone,
        defaultLanguage: s.defaultLanguage,
        map: { tileUrl: mapTileUrl, zoom: MAP_ZOOM },
        stats: figures,
        setupNeeded,
        privacy: { ...s.privacy, officerPhone: formatPhone(s.privacy.officerPhone) },
      };
    },
  };
}
