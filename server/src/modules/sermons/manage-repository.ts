import { and, count, desc, eq, ilike, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sermonPreparations, sermons, sermonViews } from '../../db/schema/index';

const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type NewSermon = typeof sermons.$inferInsert;

/** Queries behind the management side of sermons: every sermon, published or not. */
export function createSermonsManageRepository(db: Db) {
  return {
    async list(q: { search?: string; status: 'all' | 'published' | 'unpublished'; page: number; limit: number }) {
      const filters: SQL[] = [];
      if (q.search) {
        const p = contains(q.search);
        filters.push(or(ilike(sermons.title, p), ilike(sermons.speaker, p), ilike(sermons.series, p))!);
      }
      if (q.status !== 'all') filters.push(eq(sermons.published, q.status === 'published'));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sermons)
          .where(where)
          .orderBy(desc(sermons.preachedOn), desc(sermons.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(sermons).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    find: async (id: string) => (await db.select().from(sermons).where(eq(sermons.id, id)).limit(1))[0],
    /** Inserts the sermon and, when it came from preparation notes of this pastor, links them; all or nothing. */
    create: (values: NewSermon, preparation?: { id: string; pastorId: string }) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(sermons).values(values).returning();
        if (preparation) {
          const linked = await tx
            .update(sermonPreparations)
            .set({ sermonId: row!.id, status: 'ready' })
            .where(and(eq(sermonPreparations.id, preparation.id), eq(sermonPreparations.pastorId, preparation.pastorId)))
            .returning({ id: sermonPreparations.id });
          if (!linked.length) throw Object.assign(new Error('preparation not found'), { preparationMissing: true });
        }
        return row!;
      }),
    /**
     * Points the sermon at new media files and returns the row before and after, read under a row
     * lock, so two replacements at once cannot both think they own the old file.
     */
    replaceMedia: (id: string, values: Pick<Partial<NewSermon>, 'videoFile' | 'audioFile' | 'thumbnailFile' | 'durationSeconds'>) =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(sermons).where(eq(sermons.id, id)).for('update');
        if (!before) return undefined;
        const [after] = await tx.update(sermons).set(values).where(eq(sermons.id, id)).returning();
        return { before, after: after! };
      }),
    update: async (id: string, values: Partial<NewSermon>) =>
      (await db.update(sermons).set(values).where(eq(sermons.id, id)).returning())[0],
    remove: async (id: string) => (await db.delete(sermons).where(eq(sermons.id, id)).returning())[0],
    async stats() {
      const [row] = await db
        .select({
          total: count(),
          published: sql<number>`count(*) filter (where ${sermons.published})`.mapWith(Number),
          views: sum(sermons.views).mapWith(Number),
          series: sql<number>`count(distinct nullif(${sermons.series}, ''))`.mapWith(Number),
        })
        .from(sermons);
      const total = row?.total ?? 0;
      const published = row?.published ?? 0;
      return { total, published, unpublished: total - published, totalViews: row?.views ?? 0, series: row?.series ?? 0 };
    },
    /**
     * Counts a view once per visitor per day: the (sermon, visitor, day) row is
     * the proof; only a new row adds to the counter, in one transaction.
     * Returns the sermon, or undefined when it is not published.
     */
    viewOnce: (id: string, visitor: string, day: string) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sermons)
          .where(and(eq(sermons.id, id), eq(sermons.published, true)))
          .limit(1);
        if (!row) return undefined;
        const inserted = await tx.insert(sermonViews).values({ sermonId: id, visitor, day }).onConflictDoNothing().returning();
        if (!inserted.length) return row;
        const [updated] = await tx
          .update(sermons)
          .set({ views: sql`${sermons.views} + 1` })
          .where(eq(sermons.id, id))
          .returning();
        return updated;
      }),
    /** Yesterday's visitor hashes are no use once their day's key is gone. */
    forgetViewsBefore: (day: string) => db.delete(sermonViews).where(lt(sermonViews.day, day)),
  };
}
export type SermonsManageRepository = ReturnType<typeof createSermonsManageRepository>;
