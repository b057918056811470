import { bookById, findBook } from '@church/contract/bible/books';
import {
  calendarDay,
  DAILY_VERSE_VERSION,
  dailyReferenceFor,
  FALLBACK_DAILY_VERSE,
  type DailyVerse,
} from '@church/contract/bible/daily-verse';
import { OFFLINE_VERSION, offlineVerse } from '@church/contract/bible/offline-verses';
import { parseReference, tryParseReference } from '@church/contract/bible/reference';
import { verseText } from '@church/contract/bible/chapter-text';
import {
  booksResponse,
  chapterResponse,
  type BibleVersion,
  type BooksResponse,
  type ChapterResponse,
  type ImportRequest,
  type ImportSummary,
  type SearchVerse,
} from '@church/contract/bible/schemas';
import { KNOWN_VERSIONS, knownVersion } from '@church/contract/bible/versions';
import type { Db } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { importTranslation, parseUsfmFiles } from './importer';
import { presentBooks, rewriteLinks } from './presenter';
import type { BibleRepository, BookRow, TranslationRow } from './repository';
import type { Upstream } from './upstream';
import { UsfmError } from './usfm-parser';

export interface BibleServiceDeps {
  db: Db;
  repo: BibleRepository;
  upstream: Upstream;
  /** The church's time zone (the day of the daily verse). */
  timeZone?: () => Promise<string> | string;
  /** The daily verse waits at most this long for the other service before using offline text. */
  dailyVerseDeadlineMs?: number;
}

const OFFLINE_DAILY_RETRY_MS = 5 * 60_000;

const unavailable = (version: string) => notFound(`The ${version} translation is not available on this server`);

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('deadline')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export function createBibleService({
  db,
  repo,
  upstream,
  timeZone = () => 'Africa/Johannesburg',
  dailyVerseDeadlineMs = 3000,
}: BibleServiceDeps) {
  const dailyCache = new Map<string, { at: number; verse: DailyVerse }>();
  // Book lists per imported translation, kept until that translation is imported again.
  const bookCache = new Map<string, { importedAt: number; books: BookRow[] }>();
  async function localBooks(t: TranslationRow) {
    const hit = bookCache.get(t.id);
    if (hit && hit.importedAt === t.importedAt.getTime()) return hit.books;
    const books = await repo.books(t.id);
    bookCache.set(t.id, { importedAt: t.importedAt.getTime(), books });
    return books;
  }

  function remoteId(version: string): string {
    const known = knownVersion(version);
    if (!known?.upstreamId) throw unavailable(version);
    return known.upstreamId;
  }

  function checked<T>(
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    body: unknown,
    version: string,
  ): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new HttpError(502, 'The Bible service answered in an unexpected format');
    return rewriteLinks(parsed.data, version);
  }

  /** A chapter: imported ones as their stored JSON (sent as it is), others from the Free Use Bible API. */
  async function chapter(version: string, bookId: string, number: number): Promise<{ json: string } | { data: ChapterResponse }> {
    const id = version.toUpperCase();
    const book = bookId.toUpperCase();
    if (await repo.translation(id)) {
      const json = await repo.chapterBody(id, book, number);
      if (!json) throw notFound(`${bookById(book)?.name ?? book} ${number} is not in the ${id} translation`);
      return { json };
    }
    return { data: checked(chapterResponse, await upstream.get(`/${remoteId(id)}/${book}/${number}.json`), id) };
  }

  async function readVerse(version: string, bookId: string, chapterNo: number, verse: number): Promise<string | undefined> {
    if (await repo.translation(version)) return repo.verse(version, bookId, chapterNo, verse);
    const c = checked(chapterResponse, await upstream.get(`/${remoteId(version)}/${bookId}/${chapterNo}.json`), version);
    return verseText(c.chapter.content, verse);
  }

  return {
    async versions(): Promise<BibleVersion[]> {
      const local = new Map((await repo.listTranslations()).map((t) => [t.id, t]));
      const offline = upstream.unreachable();
      const listed: BibleVersion[] = KNOWN_VERSIONS.filter((v) => v.id !== 'ZULU' || local.has(v.id)).map((v) => {
        const source = local.has(v.id) ? 'local' : v.upstreamId ? 'remote' : 'none';
        const reason = source === 'none' ? 'not-licensed' : source === 'remote' && offline ? 'unreachable' : null;
        return { id: v.id, name: local.get(v.id)?.name ?? v.name, available: reason === null, source, reason, badgeColor: v.badgeColor };
      });
      for (const t of local.values()) {
        if (!knownVersion(t.id)) listed.push({ id: t.id, name: t.name, available: true, source: 'local', reason: null, badgeColor: 'teal' });
      }
      return listed;
    },

    async books(version: string): Promise<BooksResponse> {
      const id = version.toUpperCase();
      const local = await repo.translation(id);
      if (local) return presentBooks(local, await localBooks(local));
      return checked(booksResponse, await upstream.get(`/${remoteId(id)}/books.json`), id);
    },

    chapter,

    /**
     * Spec 000 §9: today's reference in BSB; offline text, then John 3:16 (KJV), when it cannot be read.
     * `version` reads it in another translation (the reader's chosen chip); `offset` steps along the
     * rotation, so 'Refresh verse' shows another verse.
     */
    async dailyVerse(now = new Date(), opts: { version?: string; offset?: number } = {}): Promise<DailyVerse> {
      const date = calendarDay(now, await Promise.resolve(timeZone()).catch(() => 'Africa/Johannesburg'));
      const version = (opts.version ?? DAILY_VERSE_VERSION).toUpperCase();
      const offset = opts.offset ?? 0;
      const key = `${date}/${version}/${offset}`;
      // Every home page asks: keep today's answer (an offline one only briefly, so the real text shows once it can be read).
      const kept = dailyCache.get(key);
      if (kept && (!kept.verse.offline || Date.now() - kept.at < OFFLINE_DAILY_RETRY_MS)) return kept.verse;
      if (version !== DAILY_VERSE_VERSION && !(await repo.translation(version)) && !knownVersion(version)?.upstreamId) {
        throw unavailable(version);
      }
      const reference = dailyReferenceFor(date, offset);
      const ref = parseReference(reference);
      const text = await withDeadline(readVerse(version, ref.book.id, ref.chapter, ref.verse!), dailyVerseDeadlineMs).catch(
        () => undefined,
      );
      // The offline verses are BSB wording: never shown under another translation's name.
      const offline = version === OFFLINE_VERSION ? offlineVerse(reference) : undefined;
      let verse: DailyVerse;
      if (text) verse = { reference, version, text, date, fullReference: `${reference} (${version})`, offline: false };
      else if (offline) verse = { reference, version, text: offline, date, fullReference: `${reference} (${version})`, offline: true };
      else if (version === DAILY_VERSE_VERSION || version === FALLBACK_DAILY_VERSE.version) verse = { ...FALLBACK_DAILY_VERSE, date };
      else throw new HttpError(503, `The ${version} text cannot be read right now`);
      // Today's answers only: yesterday's keys go when the day changes.
      for (const k of dailyCache.keys()) if (!k.startsWith(`${date}/`)) dailyCache.delete(k);
      dailyCache.set(key, { at: Date.now(), verse });
      return verse;
    },

    /** Full-text search over an imported translation; a reference ('John 3:16', 'Ps 23') reads those verses instead. */
    async search(input: { q: string; version: string; limit: number; book?: string }): Promise<SearchVerse[]> {
      const version = input.version.toUpperCase();
      if (!(await repo.translation(version))) {
        throw notFound(`Search needs the ${version} text imported on this server (npm run bible:import)`);
      }
      let bookId: string | undefined;
      if (input.book) {
        bookId = findBook(input.book)?.id;
        if (!bookId) throw badRequest(`Unknown book: ${input.book}`);
      }
      const ref = tryParseReference(input.q);
      const hits = ref
        ? ref.verse
          ? (await repo.chapterVerses(version, ref.book.id, ref.chapter, 200)).filter((v) => v.verse === ref.verse)
          : await repo.chapterVerses(version, ref.book.id, ref.chapter, input.limit)
        : await repo.search(version, input.q, input.limit, bookId);
      return hits.map((h) => ({
        text: h.text,
        reference: `${bookById(h.bookId)?.name ?? h.bookId} ${h.chapter}:${h.verse}`,
        version,
        book: h.bookId,
        chapter: h.chapter,
        verse: h.verse,
      }));
    },

    async importFiles(input: ImportRequest): Promise<ImportSummary> {
      let books;
      try {
        books = parseUsfmFiles(input.files);
      } catch (err) {
        if (err instanceof UsfmError) throw badRequest(err.message);
        throw err;
      }
      const summary = await importTranslation(db, input, books);
      bookCache.delete(summary.id);
      dailyCache.clear();
      return summary;
    },
  };
}
export type BibleService = ReturnType<typeof createBibleService>;
