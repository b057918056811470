import { z } from 'zod';
import { success } from '../http';
import { VERSION_ID_PATTERN } from './versions';

/*
 * The Free Use Bible API's JSON formats (bible.helloao.org), which our own
 * Bible service speaks too, plus our versions, search and import calls.
 */

export const translationSchema = z.object({
  id: z.string(),
  name: z.string(),
  englishName: z.string(),
  shortName: z.string(),
  language: z.string(),
  textDirection: z.string(),
});
export type Translation = z.infer<typeof translationSchema>;

export const apiBookSchema = z.object({
  id: z.string().describe('USFM code such as GEN or JHN'),
  translationId: z.string(),
  name: z.string(),
  commonName: z.string(),
  title: z.string().nullable(),
  order: z.number().int(),
  numberOfChapters: z.number().int(),
  firstChapterNumber: z.number().int(),
  lastChapterNumber: z.number().int(),
  totalNumberOfVerses: z.number().int(),
  firstChapterApiLink: z.string(),
  lastChapterApiLink: z.string(),
});
export type ApiBook = z.infer<typeof apiBookSchema>;

export const booksResponse = z.object({ translation: translationSchema, books: z.array(apiBookSchema) });
export type BooksResponse = z.infer<typeof booksResponse>;

export const verseContentSchema = z.union([
  z.string(),
  z.object({ text: z.string(), poem: z.number().int().optional(), wordsOfJesus: z.boolean().optional() }),
  z.object({ heading: z.string() }),
  z.object({ lineBreak: z.literal(true) }),
  z.object({ noteId: z.number().int() }),
]);
export type VerseContent = z.infer<typeof verseContentSchema>;

export const chapterItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), content: z.array(z.string()) }),
  z.object({ type: z.literal('line_break') }),
  z.object({ type: z.literal('hebrew_subtitle'), content: z.array(verseContentSchema) }),
  z.object({ type: z.literal('verse'), number: z.number().int(), content: z.array(verseContentSchema) }),
]);
export type ChapterItem = z.infer<typeof chapterItemSchema>;

export const footnoteSchema = z.object({
  noteId: z.number().int(),
  text: z.string(),
  reference: z.object({ chapter: z.number().int(), verse: z.number().int().optional() }),
  caller: z.string().nullable(),
});
export type Footnote = z.infer<typeof footnoteSchema>;

export const chapterResponse = z.object({
  translation: translationSchema,
  book: apiBookSchema,
  thisChapterLink: z.string(),
  nextChapterApiLink: z.string().nullable(),
  previousChapterApiLink: z.string().nullable(),
  numberOfVerses: z.number().int(),
  chapter: z.object({ number: z.number().int(), content: z.array(chapterItemSchema), footnotes: z.array(footnoteSchema) }),
});
export type ChapterResponse = z.infer<typeof chapterResponse>;

/** GET /api/bible/versions */
export const versionSchema = z.object({
  id: z.string(),
  name: z.string(),
  available: z.boolean().describe('Whether this server can serve the text'),
  source: z.enum(['local', 'remote', 'none']).describe('local: imported into our database; remote: the Free Use Bible API'),
  reason: z
    .enum(['not-licensed', 'unreachable'])
    .nullable()
    .optional()
    .describe('Why an unavailable translation cannot be read: not licensed to this church, or the Bible service cannot be reached now'),
  badgeColor: z.string(),
});
export type BibleVersion = z.infer<typeof versionSchema>;
export const versionsResponse = success(z.object({ versions: z.array(versionSchema) }));

export const versionParam = z
  .string()
  .max(32, { error: 'That Bible version is not valid', abort: true })
  .regex(VERSION_ID_PATTERN, 'That Bible version is not valid');
export const booksParams = z.object({ version: versionParam });
export const chapterParams = z.object({
  version: versionParam,
  book: z
    .string()
    .max(3, { error: 'That book id is not valid', abort: true })
    .regex(/^[1-3A-Za-z][A-Za-z0-9]{2}$/, 'That book id is not valid'),
  // Paths end in '3.json' as the Free Use Bible API's do; a bare '3' works too.
  chapter: z
    .string()
    .max(8, { error: 'That chapter is not valid', abort: true })
    .regex(/^[1-9]\d{0,2}(\.json)?$/, 'That chapter is not valid')
    .transform((s) => Number.parseInt(s, 10)),
});

/** Spec 000 §9: search limit 10 results. */
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

export const searchQuery = z.object({
  q: z.string({ error: 'Please enter a search term' }).trim().min(1, 'Please enter a search term').max(200, 'The search term is too long'),
  version: versionParam.default('BSB'),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(SEARCH_MAX_LIMIT, `limit must be ${SEARCH_MAX_LIMIT} or less`)
    .default(SEARCH_DEFAULT_LIMIT),
  book: z.string().trim().max(40).optional().describe('Only this book: a USFM id or a name such as John'),
});

/** Spec 000 §3 Search result verse: text, reference, version (plus where it is). */
export const searchVerseSchema = z.object({
  text: z.string(),
  reference: z.string(),
  version: z.string(),
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
});
export type SearchVerse = z.infer<typeof searchVerseSchema>;
export const searchResponse = success(z.object({ query: z.string(), verses: z.array(searchVerseSchema) }));

/** POST /api/bible/translations: import USFM files through the running server. */
export const importRequest = z.object({
  id: versionParam,
  name: z.string({ error: 'A translation name is required' }).trim().min(1, 'A translation name is required').max(120),
  englishName: z.string().trim().max(120).optional(),
  shortName: z.string().trim().max(32).optional(),
  language: z.string().trim().min(2).max(16).default('eng'),
  files: z
    .array(z.object({ name: z.string().max(200), content: z.string().min(1, 'A USFM file is empty') }))
    .min(1, 'Send at least one USFM file')
    .max(100, 'At most 100 files'),
});
export type ImportRequest = z.infer<typeof importRequest>;

export const importSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  books: z.number().int(),
  chapters: z.number().int(),
  verses: z.number().int(),
  durationMs: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importResponse = success(z.object({ translation: importSummarySchema }));
