import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { churchSettings, events, users } from '../../db/schema/index';

type Rows<T> = { rows: T[] };

export function createSettingsRepository(db: Db) {
  return {
    find: async () => (await db.select().from(churchSettings).where(eq(churchSettings.id, 1)).limit(1))[0],
    /** One row, written whole: an upsert keeps concurrent saves from creating two. */
    save: async (data: unknown, updatedBy: string | null) =>
      (
        await db
          .insert(churchSettings)
          .values({ id: 1, data, updatedBy, updatedAt: new Date() })
          .onConflictDoUpdate({ target: churchSettings.id, set: { data, updatedBy, updatedAt: new Date() } })
          .returning()
      )[0]!,
    /** True until the first administrator exists: the site then invites its owner to /setup (issue 30). */
    setupNeeded: async () =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.isActive, true)))
          .limit(1)
      ).length === 0,
    /** Active church members (developer accounts are API users, not congregation). */
    countActiveMembers: async () =>
      (
        await db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.isActive, true), eq(users.status, 'active'), ne(users.role, 'developer')))
      )[0]?.n ?? 0,
    countUpcomingEvents: async () =>
      (
        await db
          .select({ n: count() })
          .from(events)
          .where(sql`coalesce(${events.endsAt}, ${events.startsAt}) >= now()`)
      )[0]?.n ?? 0,
    /**
     * Prayer requests of the last 30 days. The prayers table belongs to the
     * prayers feature and may not exist on this install yet: then the figure is
     * unknown (null), never a made-up number.
     */
    countRecentPrayers: async (): Promise<number | null> => {
      // Both drivers answer execute() with { rows }.
      const exists = (await db.execute(sql`select to_regclass('public.prayers') is not null as present`)) as unknown as Rows<{
        present: boolean;
      }>;
      if (!exists.rows[0]?.present) return null;
      try {
        const r = (await db.execute(
          sql`select count(*) as n from prayers where created_at >= now() - interval '30 days'`,
        )) as unknown as Rows<{ n: number | string }>;
        return Number(r.rows[0]?.n ?? 0);
      } catch {
        return null;
      }
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
