import { bookById } from '@church/contract/bible/books';
import { BoundedCache, CHAPTER_CACHE_MAX, VERSE_CACHE_MAX } from '@church/contract/bible/cache';
import { verseText } from '@church/contract/bible/chapter-text';
import { dailyVerseResponse, type DailyVerse } from '@church/contract/bible/daily-verse';
import { FALLBACK_DAILY_VERSE } from '@church/contract/bible/daily-verse-constants';
import { OFFLINE_ONLY_TEXT, offlineVerse } from '@church/contract/bible/offline-verses';
import { formatReference, parseReference } from '@church/contract/bible/reference';
import {
  booksResponse,
  chapterResponse,
  searchResponse,
  versionsResponse,
  SEARCH_DEFAULT_LIMIT,
  type BibleVersion,
  type BooksResponse,
  type ChapterItem,
  type Footnote,
  type SearchVerse,
} from '@church/contract/bible/schemas';
import { HELPER_ERRORS } from '@church/contract/bible/texts';
import { BSB_ONLY_TEXT, CHAPTER_UNAVAILABLE_TEXT, DEFAULT_VERSION } from '@church/contract/bible/versions';

export interface ReaderChapter {
  version: string;
  bookId: string;
  number: number;
  content: ChapterItem[];
  footnotes: Footnote[];
  /** 'unavailable': the version cannot be served; 'failed': the fetch failed. Either way the content is empty. */
  notice?: 'unavailable' | 'failed';
  /** With a notice: the one sentence the reader shows (why, in plain words). */
  message?: string;
}

export interface ReaderVerse {
  reference: string;
  version: string;
  text: string;
  offline: boolean;
}

type Fetch = typeof fetch;

/** Versions the helper can read when the server's list cannot be had: BSB only. */
const FALLBACK_VERSIONS: BibleVersion[] = [
  { id: DEFAULT_VERSION, name: 'Berean Standard Bible', available: true, source: 'remote', badgeColor: 'blue' },
];

/**
 * The Bible helper (spec 000 §7–§9): reads the church's Bible service in the
 * Free Use Bible API format, checks every answer is JSON, caches 50 verses
 * and 50 chapters (oldest out first), and answers a chapter it cannot read
 * with the reason (no text), a verse with 'Available in BSB version only' or offline text.
 */
export function createBibleClient({
  base = '/api/bible',
  fetch: doFetch = (...a: Parameters<Fetch>) => fetch(...a),
}: { base?: string; fetch?: Fetch } = {}) {
  const chapters = new BoundedCache<string, ReaderChapter>(CHAPTER_CACHE_MAX);
  const verses = new BoundedCache<string, ReaderVerse>(VERSE_CACHE_MAX);
  let versions: Promise<BibleVersion[]> | null = null;

  async function fetchJson(path: string): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { headers: { accept: 'application/json' } });
    } catch (err) {
      throw new Error(HELPER_ERRORS.fetchFailed((err as Error).message || 'network error'), { cause: err });
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) {
      const body = type.includes('application/json') ? ((await res.json().catch(() => null)) as { message?: string } | null) : null;
      throw new Error(HELPER_ERRORS.fetchFailed(body?.message ?? `${res.status} ${res.statusText}`.trim()));
    }
    if (type.includes('text/html')) throw new Error(HELPER_ERRORS.html);
    if (!type.includes('application/json')) throw new Error(HELPER_ERRORS.notJson);
    return res.json();
  }

  async function listVersions(): Promise<BibleVersion[]> {
    versions ??= fetchJson('/versions')
      .then((body) => versionsResponse.parse(body).data.versions)
      .catch(() => {
        versions = null; // try again next time
        return FALLBACK_VERSIONS;
      });
    return versions;
  }

  async function canServe(version: string) {
    return (await listVersions()).some((v) => v.id === version && v.available);
  }

  /**
   * No text instead of a made-up "verse 1": the reader shows one clear error
   * (issue 18: a toast, a banner and a fake verse said the same thing three times).
   */
  const missing = (version: string, bookId: string, number: number, notice: 'unavailable' | 'failed', message: string): ReaderChapter => ({
    version,
    bookId,
    number,
    notice,
    message,
    content: [],
    footnotes: [],
  });

  async function getChapter(version: string, bookId: string, number: number): Promise<ReaderChapter> {
    const key = `${version}/${bookId}/${number}`;
    const hit = chapters.get(key);
    if (hit) return hit;
    if (!(await canServe(version))) {
      return missing(version, bookId, number, 'unavailable', `The ${version} translation is not available on this server.`);
    }
    try {
      const body = chapterResponse.parse(await fetchJson(`/${version}/${bookId}/${number}.json`));
      const chapter: ReaderChapter = { version, bookId, number, content: body.chapter.content, footnotes: body.chapter.footnotes };
      chapters.set(key, chapter);
      return chapter;
    } catch {
      // Not cached: the next visit tries again.
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      const message = offline
        ? `You are offline, and ${bookById(bookId)?.name ?? bookId} ${number} has not been read on this device yet. Chapters you have read open without the internet.`
        : CHAPTER_UNAVAILABLE_TEXT;
      return missing(version, bookId, number, 'failed', message);
    }
  }

  return {
    listVersions,
    canServe,
    getChapter,

    async getBooks(version: string): Promise<BooksResponse> {
      return booksResponse.parse(await fetchJson(`/${version}/books.json`));
    },

    /** One verse: 'Invalid Bible reference' for bad input; offline text when it cannot be fetched. */
    async getVerse(reference: string, version = DEFAULT_VERSION): Promise<ReaderVerse> {
      const ref = parseReference(reference);
      if (ref.verse === undefined) throw new Error('Invalid Bible reference');
      const name = formatReference(ref);
      const key = `${version}/${name}`;
      const hit = verses.get(key);
      if (hit) return hit;
      if (!(await canServe(version))) return { reference: name, version, text: BSB_ONLY_TEXT, offline: false };
      const chapter = await getChapter(version, ref.book.id, ref.chapter);
      if (chapter.notice) return { reference: name, version, text: offlineVerse(name) ?? OFFLINE_ONLY_TEXT, offline: true };
      const text = verseText(chapter.content, ref.verse);
      if (text === undefined) throw new Error(HELPER_ERRORS.verseNotFound(ref.verse, `${ref.book.name} ${ref.chapter}`));
      const verse = { reference: name, version, text, offline: false };
      verses.set(key, verse);
      return verse;
    },

    /** Spec 000 §9: at most 10 results unless asked otherwise. */
    async search(q: string, version = DEFAULT_VERSION, limit = SEARCH_DEFAULT_LIMIT): Promise<SearchVerse[]> {
      const params = new URLSearchParams({ q, version, limit: String(limit) });
      return searchResponse.parse(await fetchJson(`/search?${params}`)).data.verses;
    },

    async dailyVerse(): Promise<DailyVerse> {
      try {
        return dailyVerseResponse.parse(await fetchJson('/daily-verse')).data.verse;
      } catch {
        return FALLBACK_DAILY_VERSE;
      }
    },

    clearCache() {
      chapters.clear();
      verses.clear();
      versions = null;
    },

    /** For tests and the cache-clear toast. */
    cacheSizes: () => ({ chapters: chapters.size, verses: verses.size, chapterKeys: chapters.keys() }),
  };
}
export type BibleClient = ReturnType<typeof createBibleClient>;

/** The one helper the pages share (its caches live as long as the tab). */
export const bibleClient = createBibleClient();
