import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import type { ImportSummary } from '@church/contract/bible/schemas';
import type { Db } from '../../db/client';
import { bibleTranslations } from '../../db/schema/index';
import { BUNDLED_BIBLE_FILE, BUNDLED_BIBLE_ID, parseBundledBible, type ParsedBundle } from './bundled-file';
import { importTranslation, importTranslationInSteps } from './importer';
import { isCompiled } from '../../lib/compiled';

export { BUNDLED_BIBLE_FILE, BUNDLED_BIBLE_ID, readBundledBible } from './bundled-file';

/**
 * The shipped Berean Standard Bible is imported into the church's own Bible
 * store on first start, so reading and search work on a fresh install without
 * the internet (issue 18: first `npm start` to a searchable BSB in ≤ 15 s).
 */

/** A parse of the shipped Bible already under way on another thread. */
export interface BundleParse {
  parsed: Promise<ParsedBundle>;
  /** Stops the thread (the Bible was there already, or the work failed before it was needed). */
  cancel(): void;
}

/**
 * Starts parsing the shipped Bible on a worker thread, so the ~0.7 s of CPU it takes runs on the other
 * core while this thread creates or migrates the database, instead of after it. Only the compiled server
 * (`npm start`, whose first start this is about) has the worker as a JavaScript file of its own
 * (scripts/build-server.mjs); from TypeScript (tests, dev) this answers null and the import parses on
 * its own thread when it gets there.
 */
export function parseBundledBibleAhead(file = BUNDLED_BIBLE_FILE): BundleParse | null {
  if (!isCompiled(import.meta.url) || !fs.existsSync(file)) return null;
  const worker = new Worker(new URL('./bible-parse-worker.mjs', import.meta.url), { workerData: file });
  const parsed = new Promise<ParsedBundle>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Parsing the shipped Bible stopped before it answered (exit ${code})`)));
  });
  // Awaited by ensureBundledBible, or never (the Bible is there already): a failure must not go unhandled.
  parsed.catch(() => {});
  return { parsed, cancel: () => void worker.terminate() };
}

/**
 * Imports the shipped translation unless the church already has one under
 * that id (an import of its own, or an earlier start): never replaces. One left
 * unfinished by an import in steps that stopped (a server stopped during its
 * first start) is removed and imported again.
 * `ahead`: a parse started earlier (parseBundledBibleAhead), used instead of parsing now.
 * `inSteps`: many short transactions instead of one (the embedded database while the server answers:
 * importer.ts), asking `stop` between them; null when stopped.
 */
export async function ensureBundledBible(
  db: Db,
  {
    file = BUNDLED_BIBLE_FILE,
    ahead = null,
    inSteps,
  }: { file?: string; ahead?: BundleParse | null; inSteps?: { stop: () => boolean } } = {},
): Promise<ImportSummary | null> {
  try {
    if (!fs.existsSync(file)) return null;
    const state = await bundledBibleState(db);
    if (state === 'whole') return null;
    if (state === 'unfinished') await db.delete(bibleTranslations).where(eq(bibleTranslations.id, BUNDLED_BIBLE_ID));
    const { meta, books } = ahead ? await ahead.parsed : parseBundledBible(file);
    return inSteps ? await importTranslationInSteps(db, meta, books, inSteps) : await importTranslation(db, meta, books);
  } finally {
    ahead?.cancel();
  }
}

/**
 * Whether the shipped translation is in the church's Bible store, whole or left unfinished (one query).
 * The row is read whole (to_jsonb) so this also answers before a start's migrations (start.ts, PostgreSQL):
 * a database made before translations had `complete` has no such column yet, and its rows were all imported whole.
 */
export async function bundledBibleState(db: Db): Promise<'absent' | 'unfinished' | 'whole'> {
  const result = (await db.execute(
    sql`select coalesce((to_jsonb(t) ->> 'complete')::boolean, true) as whole from bible_translations t where id = ${BUNDLED_BIBLE_ID}`,
  )) as unknown as { rows: Array<{ whole: boolean }> };
  const row = result.rows[0];
  return !row ? 'absent' : row.whole ? 'whole' : 'unfinished';
}

/** The shipped translation is in the church's Bible store, whole (one query). */
export const hasBundledBible = async (db: Db) => (await bundledBibleState(db)) === 'whole';
