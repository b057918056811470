import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements } from '../../db/schema/index';

export type NewAnnouncement = typeof announcements.$inferInsert;

export function createAnnouncementsRepository(db: Db) {
  return {
    /** Every announcement for the management list: newest start first. */
    all: () => db.select().from(announcements).orderBy(desc(announcements.startDate), desc(announcements.createdAt)),
    /** Published and inside their window now (spec 001 §4): high priority first, then the newest. */
    active: (now: Date) =>
      db
        .select()
        .from(announcements)
        .where(and(eq(announcements.published, true), lte(announcements.startDate, now), gte(announcements.endDate, now)))
        .orderBy(
          sql`case ${announcements.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
          desc(announcements.startDate),
          asc(announcements.title),
        )
        .limit(20),
    find: async (id: string) => (await db.select().from(announcements).where(eq(announcements.id, id)).limit(1))[0],
    create: async (values: NewAnnouncement) => (await db.insert(announcements).values(values).returning())[0]!,
    update: async (id: string, values: Partial<NewAnnouncement>) =>
      (await db.update(announcements).set(values).where(eq(announcements.id, id)).returning())[0],
    remove: async (id: string) => (await db.delete(announcements).where(eq(announcements.id, id)).returning())[0],
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
