import { formatPhone } from '@church/contract/rules/phone';
import { churchSettingsSchema, MAP_ZOOM, type ChurchSettings, type PublicSettings } from '@church/contract/settings';
import type { SettingsRepository } from './repository';

export interface SettingsService {
  get(): Promise<ChurchSettings & { updatedAt: string | null }>;
  save(input: ChurchSettings, userId: string | null): Promise<ChurchSettings & { updatedAt: string | null }>;
  publicSettings(): Promise<PublicSettings>;
}

/**
 * Reads the stored document through the contract schema, so missing fields
 * take their defaults. A stored document that no longer validates (a field's
 * rule tightened later) keeps what still validates field by field.
 */
export function readSettings(data: unknown): ChurchSettings {
  const parsed = churchSettingsSchema.safeParse(data ?? {});
  if (parsed.success) return parsed.data;
  const defaults = churchSettingsSchema.parse({});
  const source = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof ChurchSettings)[]) {
    const one = churchSettingsSchema.shape[key].safeParse(source[key]);
    if (one.success) merged[key] = one.data;
  }
  return merged as ChurchSettings;
}

export function createSettingsService({ repo, mapTileUrl }: { repo: SettingsRepository; mapTileUrl: string }): SettingsService {
  async function get() {
    const row = await repo.find();
    return { ...readSettings(row?.data), updatedAt: row ? row.updatedAt.toISOString() : null };
  }

  return {
    get,
    async save(input, userId) {
      const row = await repo.save(input, userId);
      return { ...readSettings(row.data), updatedAt: row.updatedAt.toISOString() };
    },
    async publicSettings() {
      const [s, members, upcomingEvents, recentPrayers] = await Promise.all([
        get(),
        repo.countActiveMembers(),
        repo.countUpcomingEvents(),
        repo.countRecentPrayers(),
      ]);
      const memberCount = s.memberCountOverride ?? members;
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
        serviceTimes: s.serviceTimes,
        socialLinks: s.socialLinks,
        timeZone: s.timeZone,
        map: { tileUrl: mapTileUrl, zoom: MAP_ZOOM },
        stats: { members: memberCount, founded: s.founded, upcomingEvents, recentPrayers },
        privacy: { ...s.privacy, officerPhone: formatPhone(s.privacy.officerPhone) },
      };
    },
  };
}
