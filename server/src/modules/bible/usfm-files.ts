import fs from 'node:fs';
import path from 'node:path';
import { bookById } from '@church/contract/bible/books';
import { parseUsfm, UsfmError, type ParsedBook } from './usfm-parser';

/** The .usfm / .sfm files of a folder, by name, with their text. */
export function readUsfmFolder(dir: string): Array<{ name: string; content: string }> {
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(usfm|sfm)$/i.test(f))
    .sort()
    .map((name) => ({ name, content: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** Parses USFM files; books come out in canonical order, and a book given twice is refused. */
export function parseUsfmFiles(files: Array<{ name: string; content: string }>): ParsedBook[] {
  const books = files.map((f) => parseUsfm(f.content, f.name));
  const seen = new Set<string>();
  for (const b of books) {
    if (seen.has(b.id)) throw new UsfmError(`The book ${b.id} appears in more than one file`);
    seen.add(b.id);
  }
  const order = (b: ParsedBook) => bookById(b.id)?.order ?? 1000;
  return books.sort((a, b) => order(a) - order(b));
}
