import type { ApiBook, BooksResponse, ChapterItem, ChapterResponse, Footnote, Translation } from '@church/contract/bible/schemas';
import type { BookRow, TranslationRow } from './repository';

export interface ChapterData {
  bookId: string;
  number: number;
  numberOfVerses: number;
  content: ChapterItem[];
  footnotes: Footnote[];
}

export const chapterLink = (version: string, bookId: string, chapter: number) => `/api/bible/${version}/${bookId}/${chapter}.json`;

export function presentTranslation(row: TranslationRow): Translation {
  return {
    id: row.id,
    name: row.name,
    englishName: row.englishName,
    shortName: row.shortName,
    language: row.language,
    textDirection: row.textDirection,
  };
}

export function presentBook(row: BookRow): ApiBook {
  return {
    id: row.id,
    translationId: row.translationId,
    name: row.name,
    commonName: row.commonName,
    title: row.title,
    order: row.order,
    numberOfChapters: row.numberOfChapters,
    firstChapterNumber: row.firstChapterNumber,
    lastChapterNumber: row.lastChapterNumber,
    totalNumberOfVerses: row.totalNumberOfVerses,
    firstChapterApiLink: chapterLink(row.translationId, row.id, row.firstChapterNumber),
    lastChapterApiLink: chapterLink(row.translationId, row.id, row.lastChapterNumber),
  };
}

export function presentBooks(translation: TranslationRow, books: BookRow[]): BooksResponse {
  return { translation: presentTranslation(translation), books: books.map(presentBook) };
}

/** A chapter from the local store in the Free Use Bible API's shape; links cross into the next and previous book. */
export function presentChapter(translation: TranslationRow, books: BookRow[], row: ChapterData): ChapterResponse {
  const index = books.findIndex((b) => b.id === row.bookId);
  const book = books[index]!;
  const t = translation.id;
  const next =
    row.number < book.lastChapterNumber
      ? chapterLink(t, book.id, row.number + 1)
      : books[index + 1]
        ? chapterLink(t, books[index + 1]!.id, books[index + 1]!.firstChapterNumber)
        : null;
  const prev =
    row.number > book.firstChapterNumber
      ? chapterLink(t, book.id, row.number - 1)
      : books[index - 1]
        ? chapterLink(t, books[index - 1]!.id, books[index - 1]!.lastChapterNumber)
        : null;
  return {
    translation: presentTranslation(translation),
    book: presentBook(book),
    thisChapterLink: chapterLink(t, book.id, row.number),
    nextChapterApiLink: next,
    previousChapterApiLink: prev,
    numberOfVerses: row.numberOfVerses,
    chapter: { number: row.number, content: row.content, footnotes: row.footnotes },
  };
}

/** Upstream links point at the other service's paths; ours answer the same shape under /api/bible/{version}. */
export function rewriteLinks<T>(value: T, version: string): T {
  const fix = (link: unknown) =>
    typeof link === 'string' ? link.replace(/^(https?:\/\/[^/]+)?\/api\/[^/]+\//, `/api/bible/${version}/`) : link;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, /Link$/.test(k) ? fix(x) : walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}
