import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * The bulk part of a Bible import (1,189 chapters, 31,000 verses), written for the first start of a new
 * install, where the shipped Bible must be searchable within seconds (issue 18: ≤ 15 s from `npm start`).
 *
 * - Rows go in as one JSON document per slice, unpacked by PostgreSQL (`json_to_recordset`): a statement
 *   with one parameter instead of 6,000 placeholders, so neither Drizzle nor the driver builds and encodes
 *   thousands of parameters per batch (the same on PGlite and `pg`).
 * - On the first import (no verses stored yet) the search index is dropped before the verses go in and
 *   built again from its own stored definition afterwards: one sorted GIN build instead of ~450,000
 *   single-entry insertions. Later imports keep the index (readers of other translations still search
 *   while the transaction runs on PostgreSQL).
 */

export interface ChapterRow {
  translationId: string;
  bookId: string;
  number: number;
  numberOfVerses: number;
  body: string;
}

export interface VerseRow {
  translationId: string;
  bookId: string;
  bookOrder: number;
  chapter: number;
  verse: number;
  text: string;
}

/** Rows per statement: a slice's JSON stays a few megabytes at most. */
const CHAPTER_SLICE = 300;
const VERSE_SLICE = 10_000;

async function inSlices<T>(rows: T[], size: number, insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function insertChapters(tx: Tx, rows: ChapterRow[]) {
  await inSlices(rows, CHAPTER_SLICE, (slice) =>
    tx.execute(sql`
      insert into bible_chapters (translation_id, book_id, number, number_of_verses, body)
      select "translationId", "bookId", "number", "numberOfVerses", "body"
      from json_to_recordset(${JSON.stringify(slice)}::json)
        as r("translationId" text, "bookId" text, "number" integer, "numberOfVerses" integer, "body" text)`),
  );
}

/** `keepIndexes`: insert into the search index as rows go in (an import in steps: importer.ts says why). */
export async function insertVerses(tx: Tx, rows: VerseRow[], { keepIndexes = false } = {}) {
  const rebuild = keepIndexes ? [] : await secondaryIndexesIfEmpty(tx);
  for (const index of rebuild) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  await inSlices(rows, VERSE_SLICE, (slice) =>
    tx.execute(sql`
      insert into bible_verses (translation_id, book_id, book_order, chapter, verse, text)
      select "translationId", "bookId", "bookOrder", "chapter", "verse", "text"
      from json_to_recordset(${JSON.stringify(slice)}::json)
        as r("translationId" text, "bookId" text, "bookOrder" integer, "chapter" integer, "verse" integer, "text" text)`),
  );
  // The definition PostgreSQL kept (pg_get_indexdef), so the rebuilt index is the migration's, options included.
  for (const index of rebuild) await tx.execute(sql.raw(index.definition));
  return { rebuiltIndexes: rebuild.map((i) => i.name) };
}

/** The indexes of bible_verses other than its primary key, when it holds no rows yet. */
async function secondaryIndexesIfEmpty(tx: Tx): Promise<Array<{ name: string; definition: string }>> {
  const result = (await tx.execute(sql`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    where x.indrelid = 'bible_verses'::regclass
      and not x.indisprimary
      and not exists (select 1 from bible_verses)`)) as unknown as { rows: Array<{ name: string; definition: string }> };
  return result.rows;
}
