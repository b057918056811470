import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sermons } from '../../db/schema/index';

/** ilike pattern with the caller's % and _ taken literally. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createSermonsRepository(db: Db) {
  return {
    async listPublished(q: {
      search?: string;
      type: 'all' | 'video' | 'audio';
      series?: string;
      preacher?: string;
      page: number;
      limit: number;
    }) {
      const filters: SQL[] = [eq(sermons.published, true)];
      if (q.search) {
        const p = contains(q.search);
        filters.push(or(ilike(sermons.title, p), ilike(sermons.speaker, p), ilike(sermons.description, p), ilike(sermons.series, p))!);
      }
      if (q.type === 'video') filters.push(isNotNull(sermons.videoFile));
      if (q.type === 'audio') filters.push(isNotNull(sermons.audioFile));
      if (q.series) filters.push(eq(sermons.series, q.series));
      if (q.preacher) filters.push(ilike(sermons.speaker, contains(q.preacher)));
      const where = and(...filters);
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
    series: async () =>
      (
        await db
          .selectDistinct({ series: sermons.series })
          .from(sermons)
          .where(and(eq(sermons.published, true), isNotNull(sermons.series), sql`${sermons.series} <> ''`))
          .orderBy(sermons.series)
      ).map((r) => r.series!),
    /** Is this stored file part of a published sermon? Unpublished media stays private. */
    isPublishedMedia: async (kind: 'video' | 'audio' | 'thumbnail', file: string) => {
      const column = kind === 'video' ? sermons.videoFile : kind === 'audio' ? sermons.audioFile : sermons.thumbnailFile;
      const [row] = await db
        .select({ id: sermons.id })
        .from(sermons)
        .where(and(eq(column, file), eq(sermons.published, true)))
        .limit(1);
      return !!row;
    },
  };
}
export type SermonsRepository = ReturnType<typeof createSermonsRepository>;
