import { eq, sql } from 'drizzle-orm';
import { bookById } from '@church/contract/bible/books';
import type { ImportSummary } from '@church/contract/bible/schemas';
import type { Db, Tx } from '../../db/client';
import { bibleBooks, bibleTranslations } from '../../db/schema/index';
import { insertChapters, insertVerses } from './bulk-insert';
import { presentChapter } from './presenter';
import type { ParsedBook } from './usfm-parser';

// Parsing lives beside the file readers (no database code), so a worker thread can load it alone.
export { parseUsfmFiles } from './usfm-files';

export interface TranslationMeta {
  id: string;
  name: string;
  englishName?: string;
  shortName?: string;
  language?: string;
}

/**
 * Imports (or replaces) a translation in one transaction: readers see the old
 * text or the new one, never half of it.
 */
export async function importTranslation(db: Db, meta: TranslationMeta, books: ParsedBook[]): Promise<ImportSummary> {
  const started = performance.now();
  const id = meta.id.toUpperCase();
  let chapters = 0;
  let verses = 0;
  await db.transaction(async (tx: Tx) => {
    await tx.delete(bibleTranslations).where(eq(bibleTranslations.id, id));
    const [translation] = await tx
      .insert(bibleTranslations)
      .values({
        id,
        name: meta.name,
        englishName: meta.englishName ?? meta.name,
        shortName: meta.shortName ?? id,
        language: meta.language ?? 'eng',
      })
      .returning();
    const bookRows = await tx
      .insert(bibleBooks)
      .values(
        books.map((b, i) => ({
          translationId: id,
          id: b.id,
          name: bookById(b.id)?.name ?? b.name,
          commonName: b.name,
          title: b.title,
          order: bookById(b.id)?.order ?? 100 + i,
          numberOfChapters: b.chapters.length,
          firstChapterNumber: Math.min(...b.chapters.map((c) => c.number)),
          lastChapterNumber: Math.max(...b.chapters.map((c) => c.number)),
          totalNumberOfVerses: b.chapters.reduce((n, c) => n + c.verses.length, 0),
        })),
      )
      .returning();
    bookRows.sort((a, b) => a.order - b.order);
    // Each chapter's whole answer is serialised now: serving it is then one read.
    const chapterRows = books.flatMap((b) =>
      b.chapters.map((c) => ({
        translationId: id,
        bookId: b.id,
        number: c.number,
        numberOfVerses: c.verses.length,
        body: JSON.stringify(
          presentChapter(translation!, bookRows, {
            bookId: b.id,
            number: c.number,
            numberOfVerses: c.verses.length,
            content: c.content,
            footnotes: c.footnotes,
          }),
        ),
      })),
    );
    const verseRows = books.flatMap((b, i) =>
      b.chapters.flatMap((c) =>
        c.verses.map((v) => ({
          translationId: id,
          bookId: b.id,
          bookOrder: bookById(b.id)?.order ?? 100 + i,
          chapter: c.number,
          verse: v.number,
          text: v.text,
        })),
      ),
    );
    chapters = chapterRows.length;
    verses = verseRows.length;
    await insertChapters(tx, chapterRows);
    await insertVerses(tx, verseRows);
    // Fresh statistics, so the planner uses the full-text index for rare words and scans only for very common ones.
    await tx.execute(sql`analyze bible_verses`);
  });
  return { id, name: meta.name, books: books.length, chapters, verses, durationMs: Math.round(performance.now() - started) };
}
