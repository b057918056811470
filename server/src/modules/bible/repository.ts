import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bibleBooks, bibleChapters, bibleTranslations, bibleVerses } from '../../db/schema/index';

export type TranslationRow = typeof bibleTranslations.$inferSelect;
export type BookRow = typeof bibleBooks.$inferSelect;

export interface SearchHit {
  bookId: string;
  chapter: number;
  verse: number;
  text: string;
}

/** Queries over the imported translations (the local Bible store). */
export function createBibleRepository(db: Db) {
  return {
    // Only whole translations: one being imported in steps (importer.ts) is not there yet for readers.
    listTranslations: () =>
      db.select().from(bibleTranslations).where(eq(bibleTranslations.complete, true)).orderBy(asc(bibleTranslations.id)),

    async translation(id: string): Promise<TranslationRow | undefined> {
      const [row] = await db
        .select()
        .from(bibleTranslations)
        .where(and(eq(bibleTranslations.id, id), eq(bibleTranslations.complete, true)))
        .limit(1);
      return row;
    },

    books: (translationId: string) =>
      db.select().from(bibleBooks).where(eq(bibleBooks.translationId, translationId)).orderBy(asc(bibleBooks.order)),

    /** The stored JSON of a chapter's answer. */
    async chapterBody(translationId: string, bookId: string, number: number): Promise<string | undefined> {
      const [row] = await db
        .select({ body: bibleChapters.body })
        .from(bibleChapters)
        .where(and(eq(bibleChapters.translationId, translationId), eq(bibleChapters.bookId, bookId), eq(bibleChapters.number, number)))
        .limit(1);
      return row?.body;
    },

    async verse(translationId: string, bookId: string, chapter: number, verse: number): Promise<string | undefined> {
      const [row] = await db
        .select({ text: bibleVerses.text })
        .from(bibleVerses)
        .where(
          and(
            eq(bibleVerses.translationId, translationId),
            eq(bibleVerses.bookId, bookId),
            eq(bibleVerses.chapter, chapter),
            eq(bibleVerses.verse, verse),
          ),
        )
        .limit(1);
      return row?.text;
    },

    chapterVerses: (translationId: string, bookId: string, chapter: number, limit: number) =>
      db
        .select({ bookId: bibleVerses.bookId, chapter: bibleVerses.chapter, verse: bibleVerses.verse, text: bibleVerses.text })
        .from(bibleVerses)
        .where(and(eq(bibleVerses.translationId, translationId), eq(bibleVerses.bookId, bookId), eq(bibleVerses.chapter, chapter)))
        .orderBy(asc(bibleVerses.verse))
        .limit(limit),

    /**
     * Full-text search: websearch syntax ("quoted phrases", -exclusions, or),
     * ranked by cover density, ties in Bible order. The GIN index on
     * bible_verses.search keeps this fast on the whole Bible.
     */
    search(translationId: string, query: string, limit: number, bookId?: string): Promise<SearchHit[]> {
      const q = sql`websearch_to_tsquery('english', ${query})`;
      return db
        .select({ bookId: bibleVerses.bookId, chapter: bibleVerses.chapter, verse: bibleVerses.verse, text: bibleVerses.text })
        .from(bibleVerses)
        .where(
          and(
            eq(bibleVerses.translationId, translationId),
            sql`${bibleVerses.search} @@ ${q}`,
            bookId ? eq(bibleVerses.bookId, bookId) : undefined,
          ),
        )
        .orderBy(
          sql`ts_rank_cd(${bibleVerses.search}, ${q}) desc`,
          asc(bibleVerses.bookOrder),
          asc(bibleVerses.chapter),
          asc(bibleVerses.verse),
        )
        .limit(limit);
    },
  };
}
export type BibleRepository = ReturnType<typeof createBibleRepository>;
