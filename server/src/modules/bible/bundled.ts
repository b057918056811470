import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { ImportSummary } from '@church/contract/bible/schemas';
import type { Db } from '../../db/client';
import { bibleTranslations } from '../../db/schema/index';
import { importTranslation, parseUsfmFiles, type TranslationMeta } from './importer';

/**
 * The Berean Standard Bible ships with the product (public domain), built by
 * scripts/bundle-bible.mjs from its USFM files into one brotli file. It is
 * imported into the church's own Bible store on first start, so reading and
 * search work on a fresh install without the internet.
 */
export const BUNDLED_BIBLE_FILE = path.resolve(import.meta.dirname, '../../../assets/bible/bsb.usfm.json.br');
/** The id the shipped file carries (checked before the file is read, so a normal start costs one query). */
export const BUNDLED_BIBLE_ID = 'BSB';

interface Bundle extends TranslationMeta {
  files: Array<{ name: string; content: string }>;
}

export function readBundledBible(file = BUNDLED_BIBLE_FILE): Bundle {
  return JSON.parse(zlib.brotliDecompressSync(fs.readFileSync(file)).toString('utf8')) as Bundle;
}

/**
 * Imports the shipped translation unless the church already has one under
 * that id (an import of its own, or an earlier start): never replaces.
 */
export async function ensureBundledBible(db: Db, file = BUNDLED_BIBLE_FILE): Promise<ImportSummary | null> {
  if (!fs.existsSync(file)) return null;
  const [present] = await db
    .select({ id: bibleTranslations.id })
    .from(bibleTranslations)
    .where(eq(bibleTranslations.id, BUNDLED_BIBLE_ID))
    .limit(1);
  if (present) return null;
  const { files, ...meta } = readBundledBible(file);
  return importTranslation(db, meta, parseUsfmFiles(files));
}
