import { z } from 'zod';

/** Spec 000 §3: bookmarks live only on the device, under this localStorage key. */
export const BOOKMARKS_STORAGE_KEY = 'bibleBookmarks';

/** Spec 000 §3 Bible bookmark. */
export const bookmarkSchema = z.object({
  id: z.number().describe('Creation time in milliseconds'),
  reference: z.string(),
  version: z.string(),
  text: z.string(),
  dateAdded: z.string().describe('ISO timestamp'),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const sameBookmark = (a: Pick<Bookmark, 'reference' | 'version'>, b: Pick<Bookmark, 'reference' | 'version'>) =>
  a.reference === b.reference && a.version === b.version;

export const isBookmarked = (list: readonly Bookmark[], ref: Pick<Bookmark, 'reference' | 'version'>) =>
  list.some((b) => sameBookmark(b, ref));

export type AddBookmarkResult = { ok: true; bookmarks: Bookmark[]; bookmark: Bookmark } | { ok: false; bookmarks: Bookmark[] };

/** Newest first; a second bookmark with the same reference and version is rejected. */
export function addBookmark(
  list: readonly Bookmark[],
  verse: { reference: string; version: string; text: string },
  now = new Date(),
): AddBookmarkResult {
  if (isBookmarked(list, verse)) return { ok: false, bookmarks: [...list] };
  // Two bookmarks in the same millisecond still get distinct ids.
  const id = Math.max(now.getTime(), ...list.map((b) => b.id + 1));
  const bookmark: Bookmark = { id, reference: verse.reference, version: verse.version, text: verse.text, dateAdded: now.toISOString() };
  return { ok: true, bookmark, bookmarks: [bookmark, ...list] };
}

export function removeBookmark(list: readonly Bookmark[], ref: Pick<Bookmark, 'reference' | 'version'>): Bookmark[] {
  return list.filter((b) => !sameBookmark(b, ref));
}

/** Reads stored JSON defensively: anything malformed is dropped, never thrown. */
export function parseStoredBookmarks(raw: string | null): Bookmark[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) => {
      const r = bookmarkSchema.safeParse(item);
      return r.success ? [r.data] : [];
    });
  } catch {
    return [];
  }
}
