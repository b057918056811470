import { findBook, type BibleBook } from './books';

/** Spec 000 §8 Bible helper error. */
export const INVALID_REFERENCE = 'Invalid Bible reference';

export interface BibleReference {
  book: BibleBook;
  chapter: number;
  verse?: number;
}

/** Longer than any real reference ('1 Thessalonians 5:17' is 20); checked before the pattern runs. */
export const REFERENCE_MAX = 60;
// A book name (may start with a number: '1 Cor'), a chapter, and an optional :verse, on trimmed input.
// Linear: a digit ends the book name (it cannot contain one), so the engine has one way to split.
const PATTERN = /^([1-3]?[^\d:]+)(\d{1,3})(?:\s*:\s*(\d{1,3}))?$/;

/**
 * Spec 000 §5: a book name or prefix followed by a chapter and an optional
 * :verse; anything else is invalid (throws 'Invalid Bible reference').
 */
export function parseReference(input: string): BibleReference {
  const text = (input ?? '').trim();
  const match = text.length <= REFERENCE_MAX ? PATTERN.exec(text) : null;
  if (!match) throw new Error(INVALID_REFERENCE);
  const book = findBook(match[1]!.trim());
  const chapter = Number(match[2]);
  const verse = match[3] === undefined ? undefined : Number(match[3]);
  if (!book || chapter < 1 || chapter > book.chapters || (verse !== undefined && verse < 1)) throw new Error(INVALID_REFERENCE);
  return verse === undefined ? { book, chapter } : { book, chapter, verse };
}

/** parseReference without the throw. */
export function tryParseReference(input: string): BibleReference | null {
  try {
    return parseReference(input);
  } catch {
    return null;
  }
}

/** 'John 3:16', or 'John 3' for a whole chapter. */
export const formatReference = (ref: { book: { name: string }; chapter: number; verse?: number }) =>
  `${ref.book.name} ${ref.chapter}${ref.verse === undefined ? '' : `:${ref.verse}`}`;
