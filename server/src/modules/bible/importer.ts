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

type Translation = typeof bibleTranslations.$inferSelect;
type Book = typeof bibleBooks.$inferSelect;

const orderOf = (b: ParsedBook, i: number) => bookById(b.id)?.order ?? 100 + i;

/** The translation's row and its books' rows (with their verse counts), inserted in `tx`; books in Bible order. */
async function insertTranslation(tx: Tx, id: string, meta: TranslationMeta, books: ParsedBook[], complete: boolean) {
  const [translation] = await tx
    .insert(bibleTranslations)
    .values({
      id,
      name: meta.name,
      englishName: meta.englishName ?? meta.name,
      shortName: meta.shortName ?? id,
      language: meta.language ?? 'eng',
      complete,
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
        order: orderOf(b, i),
        numberOfChapters: b.chapters.length,
        firstChapterNumber: Math.min(...b.chapters.map((c) => c.number)),
        lastChapterNumber: Math.max(...b.chapters.map((c) => c.number)),
        totalNumberOfVerses: b.chapters.reduce((n, c) => n + c.verses.length, 0),
      })),
    )
    .returning();
  bookRows.sort((a, b) => a.order - b.order);
  return { translation: translation!, bookRows };
}

/** Chapters `from`..`to` (indexes) of book `i`: each chapter's whole answer serialised now (serving it is then one read), and its verses. */
function chapterRowsOf(t: { translation: Translation; bookRows: Book[] }, books: ParsedBook[], i: number, from = 0, to = Infinity) {
  const b = books[i]!;
  const chapters = b.chapters.slice(from, to);
  return {
    chapters: chapters.map((c) => ({
      translationId: t.translation.id,
      bookId: b.id,
      number: c.number,
      numberOfVerses: c.verses.length,
      body: JSON.stringify(
        presentChapter(t.translation, t.bookRows, {
          bookId: b.id,
          number: c.number,
          numberOfVerses: c.verses.length,
          content: c.content,
          footnotes: c.footnotes,
        }),
      ),
    })),
    verses: chapters.flatMap((c) =>
      c.verses.map((v) => ({
        translationId: t.translation.id,
        bookId: b.id,
        bookOrder: orderOf(b, i),
        chapter: c.number,
        verse: v.number,
        text: v.text,
      })),
    ),
  };
}

const summaryOf = (id: string, meta: TranslationMeta, books: ParsedBook[], started: number): ImportSummary => ({
  id,
  name: meta.name,
  books: books.length,
  chapters: books.reduce((n, b) => n + b.chapters.length, 0),
  verses: books.reduce((n, b) => n + b.chapters.reduce((m, c) => m + c.verses.length, 0), 0),
  durationMs: Math.round(performance.now() - started),
});

/**
 * Imports (or replaces) a translation in one transaction: readers see the old
 * text or the new one, never half of it.
 */
export async function importTranslation(db: Db, meta: TranslationMeta, books: ParsedBook[]): Promise<ImportSummary> {
  const started = performance.now();
  const id = meta.id.toUpperCase();
  await db.transaction(async (tx: Tx) => {
    await tx.delete(bibleTranslations).where(eq(bibleTranslations.id, id));
    const t = await insertTranslation(tx, id, meta, books, true);
    const rows = books.map((_, i) => chapterRowsOf(t, books, i));
    await insertChapters(
      tx,
      rows.flatMap((r) => r.chapters),
    );
    await insertVerses(
      tx,
      rows.flatMap((r) => r.verses),
    );
    // Fresh statistics, so the planner uses the full-text index for rare words and scans only for very common ones.
    await tx.execute(sql`analyze bible_verses`);
  });
  return summaryOf(id, meta, books, started);
}

/** Chapters per step of an import in steps: ~40–70 ms of the embedded database's time each (measured on the BSB). */
export const CHAPTERS_PER_STEP = 10;

/**
 * Imports a translation that is not there yet in many short transactions, for the embedded database while
 * the server already answers (the shipped Bible on a first start): PGlite runs one transaction at a time,
 * so one import-long transaction (~3 s) would hold every request; steps of a few chapters let requests in
 * between. The translation is stored as not `complete` until its last step, so readers do not see it
 * half imported (the Bible service falls back to the online source meanwhile), and a start that finds it
 * unfinished removes it and imports it again (bundled.ts). The search index stays in place (dropping it
 * for the import would leave the table without one if the process stopped before the rebuild).
 * `stop`: asked between steps (the server is shutting down); the import then ends unfinished.
 */
export async function importTranslationInSteps(
  db: Db,
  meta: TranslationMeta,
  books: ParsedBook[],
  { stop = () => false }: { stop?: () => boolean } = {},
): Promise<ImportSummary | null> {
  const started = performance.now();
  const id = meta.id.toUpperCase();
  const t = await db.transaction((tx: Tx) => insertTranslation(tx, id, meta, books, false));
  for (let i = 0; i < books.length; i++) {
    for (let from = 0; from < books[i]!.chapters.length; from += CHAPTERS_PER_STEP) {
      if (stop()) return null;
      const rows = chapterRowsOf(t, books, i, from, from + CHAPTERS_PER_STEP);
      await db.transaction(async (tx: Tx) => {
        await insertChapters(tx, rows.chapters);
        await insertVerses(tx, rows.verses, { keepIndexes: true });
      });
    }
  }
  // Statistics for the planner (see importTranslation) from a smaller sample: in the server's own process
  // a full-sample analyze left ~17 MB more of the embedded database's memory touched for good.
  await db.transaction(async (tx: Tx) => {
    await tx.execute(sql`set local default_statistics_target = 10`);
    await tx.execute(sql`analyze bible_verses`);
  });
  // Whole: readers see it from here on (and the service's book lists, keyed by imported_at, start afresh).
  await db.update(bibleTranslations).set({ complete: true, importedAt: new Date() }).where(eq(bibleTranslations.id, id));
  return summaryOf(id, meta, books, started);
}
