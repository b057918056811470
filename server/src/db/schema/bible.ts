import { sql } from 'drizzle-orm';
import { boolean, customType, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A translation imported with `npm run bible:import` (served before the third-party service). */
export const bibleTranslations = pgTable('bible_translations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  englishName: text('english_name').notNull(),
  shortName: text('short_name').notNull(),
  language: text('language').notNull().default('eng'),
  textDirection: text('text_direction').notNull().default('ltr'),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * False while an import in steps (the shipped Bible on a new embedded database, after the server
   * listens: modules/bible/importer.ts) is still adding books: readers see the translation only once it
   * is whole, and a start that finds one left unfinished imports it again.
   */
  complete: boolean('complete').notNull().default(true),
});

export const bibleBooks = pgTable(
  'bible_books',
  {
    translationId: text('translation_id')
      .notNull()
      .references(() => bibleTranslations.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    commonName: text('common_name').notNull(),
    title: text('title'),
    order: integer('order').notNull(),
    numberOfChapters: integer('number_of_chapters').notNull(),
    /** A partial import (one psalm, say) starts and ends where its chapters do. */
    firstChapterNumber: integer('first_chapter_number').notNull(),
    lastChapterNumber: integer('last_chapter_number').notNull(),
    totalNumberOfVerses: integer('total_number_of_verses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.translationId, t.id] })],
);

/**
 * One row per chapter holding its whole answer in the Free Use Bible API's
 * format, serialised at import (links to the next and previous chapter only
 * change when the translation is imported again): a chapter request is one
 * primary-key read whose text goes out as it is.
 */
export const bibleChapters = pgTable(
  'bible_chapters',
  {
    translationId: text('translation_id').notNull(),
    bookId: text('book_id').notNull(),
    number: integer('number').notNull(),
    numberOfVerses: integer('number_of_verses').notNull(),
    /** JSON of ChapterResponse (contract/bible/schemas.ts). */
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.translationId, t.bookId, t.number] }),
    foreignKey({ columns: [t.translationId, t.bookId], foreignColumns: [bibleBooks.translationId, bibleBooks.id] }).onDelete('cascade'),
  ],
);

/** Plain verse text for search: English full-text vector kept by PostgreSQL itself. */
export const bibleVerses = pgTable(
  'bible_verses',
  {
    translationId: text('translation_id').notNull(),
    bookId: text('book_id').notNull(),
    chapter: integer('chapter').notNull(),
    verse: integer('verse').notNull(),
    /** Canonical position of the book, so results in equal rank read in Bible order. */
    bookOrder: integer('book_order').notNull(),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "text")`),
  },
  (t) => [
    primaryKey({ columns: [t.translationId, t.bookId, t.chapter, t.verse] }),
    foreignKey({ columns: [t.translationId, t.bookId], foreignColumns: [bibleBooks.translationId, bibleBooks.id] }).onDelete('cascade'),
    // fastupdate off: a bulk import would otherwise leave entries in GIN's pending list, which every search then scans linearly.
    index('bible_verses_search_idx').using('gin', t.search).with({ fastupdate: false }),
  ],
);
