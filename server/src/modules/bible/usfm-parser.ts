import type { ChapterItem, Footnote, VerseContent } from '@church/contract/bible/schemas';
import { joinText } from '@church/contract/bible/chapter-text';

/** One book parsed from a USFM file, already in the Free Use Bible API's chapter shape. */
export interface ParsedBook {
  id: string;
  name: string;
  title: string | null;
  chapters: ParsedChapter[];
}
export interface ParsedChapter {
  number: number;
  content: ChapterItem[];
  footnotes: Footnote[];
  /** Plain text per verse (for search and single-verse reads), in order. */
  verses: Array<{ number: number; text: string }>;
}

export class UsfmError extends Error {}

const HEADING = new Set(['s', 's1', 's2', 's3', 's4', 'ms', 'ms1', 'ms2', 'mr', 'qa', 'sp', 'sr']);
const POETRY = /^q(\d?)$/;
const PARAGRAPH = new Set([
  'p',
  'm',
  'pmo',
  'pm',
  'pi',
  'pi1',
  'pi2',
  'mi',
  'nb',
  'pc',
  'pr',
  'li',
  'li1',
  'li2',
  'li3',
  'qr',
  'qc',
  'qm',
  'qm1',
  'qm2',
  'cls',
]);
// Lines whose text we do not show (parallel passage references, remarks, toc …).
const SKIP_LINE = new Set(['r', 'rem', 'toc2', 'toc3', 'ide', 'usfm', 'sts', 'cl', 'cp', 'ca', 'va', 'vp', 'periph']);

/**
 * Parses one USFM book into chapters of headings, verses (with poetry level,
 * words of Jesus, line breaks and footnote markers), line breaks and Hebrew
 * subtitles — the same items the Free Use Bible API serves.
 */
export function parseUsfm(source: string, fileName = 'file'): ParsedBook {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let id = '';
  let name = '';
  let title: string | null = null;
  const chapters: ParsedChapter[] = [];
  let chapter: ParsedChapter | null = null;
  let verse: Extract<ChapterItem, { type: 'verse' }> | null = null;
  // A heading can fall inside a verse; the text after it continues that verse.
  let openVerse = 0;
  const pendingHeadings: ChapterItem[] = [];
  let lineMarker = '';
  let poem = 0;
  let wordsOfJesus = false;
  let newLine = false;
  let pendingBreak = false;
  let note: { caller: string; parts: string[]; collect: boolean } | null = null;
  let skipUntil: string | null = null;
  let wordAttr = false;
  let noteCounter = 0;
  let subtitle: Extract<ChapterItem, { type: 'hebrew_subtitle' }> | null = null;

  const push = (item: ChapterItem) => {
    if (chapter) chapter.content.push(item);
    else pendingHeadings.push(item);
  };
  const addText = (raw: string) => {
    let t = raw.replace(/\s+/g, ' ');
    if (wordAttr) {
      // \w word|lemma="…"\w*: keep the word only.
      const bar = t.indexOf('|');
      if (bar >= 0) t = t.slice(0, bar);
    }
    if (!t.trim()) return;
    if (note) {
      if (note.collect) note.parts.push(t);
      return;
    }
    if (skipUntil) return;
    if (HEADING.has(lineMarker) || lineMarker === 'mt' || lineMarker === 'mt1' || lineMarker === 'h' || lineMarker === 'toc1') {
      const value = t.trim();
      if (lineMarker === 'h' || lineMarker === 'toc1') name ||= value;
      else if (lineMarker.startsWith('mt')) title = title ? `${title} ${value}` : value;
      else {
        verse = null;
        pendingBreak = false;
        push({ type: 'heading', content: [value] });
      }
      return;
    }
    if (SKIP_LINE.has(lineMarker) || lineMarker === 'id') return;
    if (!chapter) return;
    if (lineMarker === 'd' && !verse) {
      if (!subtitle) {
        subtitle = { type: 'hebrew_subtitle', content: [] };
        chapter.content.push(subtitle);
      }
      subtitle.content.push(t.trim());
      pendingBreak = false;
      return;
    }
    if (!verse) {
      if (!openVerse) return; // text before the first verse of a chapter: nothing to attach it to
      verse = { type: 'verse', number: openVerse, content: [] };
      chapter.content.push(verse);
    }
    if (pendingBreak) {
      if (verse.content.length) verse.content.push({ lineBreak: true });
      pendingBreak = false;
      newLine = false;
    } else if (newLine) {
      if (verse.content.length) verse.content.push({ lineBreak: true });
      newLine = false;
    }
    const value = t;
    if (poem || wordsOfJesus) {
      verse.content.push({ text: value, ...(poem ? { poem } : {}), ...(wordsOfJesus ? { wordsOfJesus: true } : {}) });
    } else verse.content.push(value);
  };

  const tokens = text.split(/(\\\+?[a-z0-9]+\*?)/i);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith('\\')) {
      addText(token);
      continue;
    }
    const marker = token.slice(1).replace(/^\+/, '');
    const closing = marker.endsWith('*');
    const base = closing ? marker.slice(0, -1) : marker;
    if (closing) {
      if (base === 'f' || base === 'fe') {
        if (note && chapter) {
          const noteId = noteCounter++;
          chapter.footnotes.push({
            noteId,
            text: joinText(note.parts),
            reference: { chapter: chapter.number, ...(verse ? { verse: verse.number } : {}) },
            caller: note.caller || null,
          });
          if (verse) verse.content.push({ noteId });
        }
        note = null;
      } else if (base === skipUntil) skipUntil = null;
      else if (base === 'wj') wordsOfJesus = false;
      else if (base === 'w') wordAttr = false;
      continue;
    }
    // Markers that take an argument read it from the start of the next text token.
    const takeArg = () => {
      const next = tokens[i + 1] ?? '';
      const m = /^\s*(\S+)\s?/.exec(next);
      tokens[i + 1] = m ? next.slice(m[0].length) : next;
      return m?.[1] ?? '';
    };
    if (note) {
      // Inside a footnote: \fr is its reference, \ft / \fq / \fqa are its text.
      if (base === 'fr') note.collect = false;
      else if (['ft', 'fq', 'fqa', 'fk', 'fl', 'fw', 'fp'].includes(base)) note.collect = true;
      continue;
    }
    if (base === 'id') {
      id = takeArg().toUpperCase();
      lineMarker = 'id';
    } else if (base === 'c') {
      const n = Number(takeArg());
      if (!Number.isInteger(n) || n < 1) throw new UsfmError(`${fileName}: a chapter marker has no number`);
      chapter = { number: n, content: [...pendingHeadings], footnotes: [], verses: [] };
      pendingHeadings.length = 0;
      chapters.push(chapter);
      verse = null;
      openVerse = 0;
      subtitle = null;
      noteCounter = 0;
      lineMarker = 'c';
      pendingBreak = false;
    } else if (base === 'v') {
      const raw = takeArg();
      const n = Number.parseInt(raw, 10);
      if (!chapter) throw new UsfmError(`${fileName}: verse ${raw} comes before any chapter`);
      if (!Number.isInteger(n) || n < 1) throw new UsfmError(`${fileName}: chapter ${chapter.number} has a verse marker without a number`);
      const last = chapter.content.at(-1);
      // A blank line between verses is a line break; right after a heading it adds nothing.
      if (pendingBreak && last && last.type !== 'heading') chapter.content.push({ type: 'line_break' });
      pendingBreak = false;
      newLine = false;
      verse = { type: 'verse', number: n, content: [] };
      openVerse = n;
      chapter.content.push(verse);
      subtitle = null;
    } else if (base === 'f' || base === 'fe') {
      note = { caller: takeArg(), parts: [], collect: false };
    } else if (base === 'x') {
      takeArg();
      skipUntil = 'x';
    } else if (base === 'wj') wordsOfJesus = true;
    else if (base === 'w') wordAttr = true;
    else if (base === 'b') {
      pendingBreak = true;
      lineMarker = 'b';
    } else {
      const q = POETRY.exec(base);
      if (q) {
        poem = Number(q[1] || 1);
        newLine = true;
      } else if (PARAGRAPH.has(base)) {
        poem = 0;
        newLine = true;
      }
      if (
        q ||
        PARAGRAPH.has(base) ||
        HEADING.has(base) ||
        SKIP_LINE.has(base) ||
        base === 'd' ||
        base.startsWith('mt') ||
        base === 'h' ||
        base === 'toc1'
      ) {
        lineMarker = base;
        if (base === 'd') poem = 0;
      }
      // Any other marker is a character style (\add, \nd, \it …): its text is kept as it is.
    }
  }
  if (!id) throw new UsfmError(`${fileName}: no \\id line — is this a USFM file?`);
  if (!chapters.length) throw new UsfmError(`${fileName}: no chapters found`);
  for (const c of chapters) finishChapter(c);
  return { id, name: name || id, title, chapters };
}

/** Trims text pieces and collects each verse's plain text. */
function finishChapter(chapter: ParsedChapter) {
  const texts = new Map<number, string[]>();
  for (const item of chapter.content) {
    if (item.type !== 'verse') continue;
    const pieces = texts.get(item.number) ?? [];
    item.content = item.content
      .map((c): VerseContent => (typeof c === 'string' ? c.trim() : 'text' in c ? { ...c, text: c.text.trim() } : c))
      .filter((c) => c !== '' && !(typeof c === 'object' && 'text' in c && c.text === ''));
    while (item.content.length && typeof item.content.at(-1) === 'object' && 'lineBreak' in (item.content.at(-1) as object))
      item.content.pop();
    for (const c of item.content) {
      if (typeof c === 'string') pieces.push(c);
      else if ('text' in c) pieces.push(c.text);
    }
    texts.set(item.number, pieces);
  }
  chapter.verses = [...texts.entries()].map(([number, pieces]) => ({ number, text: joinText(pieces) }));
}
