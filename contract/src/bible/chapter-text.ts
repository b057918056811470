import type { ChapterItem, VerseContent } from './schemas';

/** Joins text pieces with one space, but none before closing punctuation or after an opening quote. */
export function joinText(pieces: readonly string[]): string {
  let out = '';
  for (const raw of pieces) {
    const piece = raw.trim();
    if (!piece) continue;
    out += out && !/^[,.;:!?’”)\]—]/.test(piece) && !/[—(“‘[]$/.test(out) ? ` ${piece}` : piece;
  }
  return out;
}

/** The readable text of a verse's content (footnote markers and headings left out). */
export function contentText(content: readonly VerseContent[]): string {
  return joinText(content.flatMap((c) => (typeof c === 'string' ? [c] : 'text' in c ? [c.text] : [])));
}

/** The text of verse n of a chapter (a verse split by a heading is joined), or undefined. */
export function verseText(content: readonly ChapterItem[], n: number): string | undefined {
  const parts = content.filter((i): i is Extract<ChapterItem, { type: 'verse' }> => i.type === 'verse' && i.number === n);
  if (!parts.length) return undefined;
  return joinText(parts.map((p) => contentText(p.content)));
}
