/**
 * Spec 000 §3 Bible book: all 66 books are embedded in the client, with the
 * USFM three-character id, canonical order and chapter count. Order 1–39 is
 * the Old Testament, above 39 the New Testament.
 */
export type Testament = 'old' | 'new';

export interface BibleBook {
  id: string;
  name: string;
  order: number;
  chapters: number;
  testament: Testament;
}

// [id, name, chapters] in canonical order.
const TABLE: ReadonlyArray<readonly [string, string, number]> = [
  ['GEN', 'Genesis', 50],
  ['EXO', 'Exodus', 40],
  ['LEV', 'Leviticus', 27],
  ['NUM', 'Numbers', 36],
  ['DEU', 'Deuteronomy', 34],
  ['JOS', 'Joshua', 24],
  ['JDG', 'Judges', 21],
  ['RUT', 'Ruth', 4],
  ['1SA', '1 Samuel', 31],
  ['2SA', '2 Samuel', 24],
  ['1KI', '1 Kings', 22],
  ['2KI', '2 Kings', 25],
  ['1CH', '1 Chronicles', 29],
  ['2CH', '2 Chronicles', 36],
  ['EZR', 'Ezra', 10],
  ['NEH', 'Nehemiah', 13],
  ['EST', 'Esther', 10],
  ['JOB', 'Job', 42],
  ['PSA', 'Psalms', 150],
  ['PRO', 'Proverbs', 31],
  ['ECC', 'Ecclesiastes', 12],
  ['SNG', 'Song of Songs', 8],
  ['ISA', 'Isaiah', 66],
  ['JER', 'Jeremiah', 52],
  ['LAM', 'Lamentations', 5],
  ['EZK', 'Ezekiel', 48],
  ['DAN', 'Daniel', 12],
  ['HOS', 'Hosea', 14],
  ['JOL', 'Joel', 3],
  ['AMO', 'Amos', 9],
  ['OBA', 'Obadiah', 1],
  ['JON', 'Jonah', 4],
  ['MIC', 'Micah', 7],
  ['NAM', 'Nahum', 3],
  ['HAB', 'Habakkuk', 3],
  ['ZEP', 'Zephaniah', 3],
  ['HAG', 'Haggai', 2],
  ['ZEC', 'Zechariah', 14],
  ['MAL', 'Malachi', 4],
  ['MAT', 'Matthew', 28],
  ['MRK', 'Mark', 16],
  ['LUK', 'Luke', 24],
  ['JHN', 'John', 21],
  ['ACT', 'Acts', 28],
  ['ROM', 'Romans', 16],
  ['1CO', '1 Corinthians', 16],
  ['2CO', '2 Corinthians', 13],
  ['GAL', 'Galatians', 6],
  ['EPH', 'Ephesians', 6],
  ['PHP', 'Philippians', 4],
  ['COL', 'Colossians', 4],
  ['1TH', '1 Thessalonians', 5],
  ['2TH', '2 Thessalonians', 3],
  ['1TI', '1 Timothy', 6],
  ['2TI', '2 Timothy', 4],
  ['TIT', 'Titus', 3],
  ['PHM', 'Philemon', 1],
  ['HEB', 'Hebrews', 13],
  ['JAS', 'James', 5],
  ['1PE', '1 Peter', 5],
  ['2PE', '2 Peter', 3],
  ['1JN', '1 John', 5],
  ['2JN', '2 John', 1],
  ['3JN', '3 John', 1],
  ['JUD', 'Jude', 1],
  ['REV', 'Revelation', 22],
];

export const OLD_TESTAMENT_LAST_ORDER = 39;
export const testamentOf = (order: number): Testament => (order <= OLD_TESTAMENT_LAST_ORDER ? 'old' : 'new');

export const BIBLE_BOOKS: readonly BibleBook[] = TABLE.map(([id, name, chapters], i) => ({
  id,
  name,
  order: i + 1,
  chapters,
  testament: testamentOf(i + 1),
}));

const BY_ID = new Map(BIBLE_BOOKS.map((b) => [b.id, b]));

/** A book by its USFM id (case-insensitive), or undefined. */
export const bookById = (id: string): BibleBook | undefined => BY_ID.get(id.toUpperCase());

/** Usual short forms that are not a prefix of the book's name. */
export const BOOK_ALIASES: Readonly<Record<string, string>> = {
  jn: 'JHN',
  jhn: 'JHN',
  mk: 'MRK',
  mrk: 'MRK',
  mt: 'MAT',
  lk: 'LUK',
  ps: 'PSA',
  psalm: 'PSA',
  pss: 'PSA',
  prov: 'PRO',
  prv: 'PRO',
  eccl: 'ECC',
  qoh: 'ECC',
  songofsolomon: 'SNG',
  song: 'SNG',
  canticles: 'SNG',
  sos: 'SNG',
  ezk: 'EZK',
  jdg: 'JDG',
  jgs: 'JDG',
  jud: 'JUD',
  phil: 'PHP',
  php: 'PHP',
  phm: 'PHM',
  phlm: 'PHM',
  jas: 'JAS',
  jms: 'JAS',
  '1jn': '1JN',
  '2jn': '2JN',
  '3jn': '3JN',
  '1jhn': '1JN',
  '2jhn': '2JN',
  '3jhn': '3JN',
  rev: 'REV',
  revelations: 'REV',
  zeph: 'ZEP',
  zech: 'ZEC',
  hab: 'HAB',
  nah: 'NAM',
  obad: 'OBA',
  mic: 'MIC',
  am: 'AMO',
  jl: 'JOL',
  hos: 'HOS',
};

/** Book keys compare without case, spaces or dots: '1 Cor.' → '1cor'. Leading I/II/III become 1/2/3. */
export function bookKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/^\s*(iii|ii|i)\s+(?=[a-z])/, (_m, r: string) => `${r.length}`)
    .replace(/^\s*(first|second|third)\s+/, (_m, w: string) => `${['first', 'second', 'third'].indexOf(w) + 1}`)
    .replace(/[\s.]/g, '');
}

const NAME_KEYS = BIBLE_BOOKS.map((b) => ({ book: b, key: bookKey(b.name) }));

/**
 * The book named by text: an alias, a USFM id, a full name, or a prefix of a
 * name (the first book in canonical order wins, so 'Phil' is Philippians).
 */
export function findBook(text: string): BibleBook | undefined {
  const key = bookKey(text);
  if (!key) return undefined;
  const alias = BOOK_ALIASES[key];
  if (alias) return bookById(alias);
  const byId = key.length === 3 ? bookById(key) : undefined;
  if (byId) return byId;
  return NAME_KEYS.find((n) => n.key === key)?.book ?? NAME_KEYS.find((n) => n.key.startsWith(key))?.book;
}
