import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { TranslationMeta } from './importer';
import { parseUsfmFiles } from './usfm-files';
import type { ParsedBook } from './usfm-parser';

/**
 * The Berean Standard Bible ships with the product (public domain), built by
 * scripts/bundle-bible.mjs from its USFM files into one brotli file. This module
 * reads and parses it and holds no database code, so the parse worker
 * (bundled-parse-worker.ts) loads it alone.
 */
export const BUNDLED_BIBLE_FILE = path.resolve(import.meta.dirname, '../../../assets/bible/bsb.usfm.json.br');
/** The id the shipped file carries (checked before the file is read, so a normal start costs one query). */
export const BUNDLED_BIBLE_ID = 'BSB';

export interface Bundle extends TranslationMeta {
  files: Array<{ name: string; content: string }>;
}

export interface ParsedBundle {
  meta: TranslationMeta;
  books: ParsedBook[];
}

export function readBundledBible(file = BUNDLED_BIBLE_FILE): Bundle {
  return JSON.parse(zlib.brotliDecompressSync(fs.readFileSync(file)).toString('utf8')) as Bundle;
}

/** Brotli, JSON and 66 USFM books: ~0.7 s of CPU. */
export function parseBundledBible(file = BUNDLED_BIBLE_FILE): ParsedBundle {
  const { files, ...meta } = readBundledBible(file);
  return { meta, books: parseUsfmFiles(files) };
}
