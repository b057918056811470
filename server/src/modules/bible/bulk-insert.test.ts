import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../members/merge/relations';
import { importTranslation, parseUsfmFiles } from './importer';

/** The bulk path of an import (bulk-insert.ts): JSON rows in, the search index dropped and rebuilt on a first import only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BIBLE_API_BASE: 'http://127.0.0.1:9/none' });
});
afterAll(() => t.close());

// Characters a JSON document or a SQL literal could get wrong: quotes, a tab, non-Latin text, an emoji (USFM has no backslash in text).
const TRICKY = 'He said, "It\'s {done}" —\tשָׁלוֹם, 平安 🙏';
const usfm = (id: string, text: string) => `\\id ${id}\n\\h ${id}\n\\c 1\n\\p\n\\v 1 ${text}\n\\v 2 The shepherd came.\n`;
const book = (id: string, text: string) => parseUsfmFiles([{ name: `${id}.usfm`, content: usfm(id, text) }]);

const indexDefinitions = () =>
  rowsOf<{ indexname: string; indexdef: string }>(
    t.database.db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'bible_verses' order by indexname`,
  );
const verseCount = async () => (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bible_verses`))[0]!.n;
const searchIndexOid = async () =>
  (await rowsOf<{ oid: number }>(t.database.db, sql`select 'bible_verses_search_idx'::regclass::oid as oid`))[0]!.oid;
const search = async (q: string, version: string) =>
  json(await t.request({ method: 'GET', url: `/api/bible/search?${new URLSearchParams({ q, version })}` })).data.verses;

describe('importing in bulk', () => {
  it('a failing first import leaves no rows and the search index in place (one transaction)', async () => {
    const before = await indexDefinitions();
    expect(await verseCount()).toBe(0);
    // The same verse twice breaks the primary key after the index was dropped and rows went in.
    const books = book('GEN', 'In the beginning.');
    books[0]!.chapters[0]!.verses.push({ ...books[0]!.chapters[0]!.verses[0]! });
    await expect(importTranslation(t.database.db, { id: 'BAD', name: 'Bad' }, books)).rejects.toThrow();
    expect(await indexDefinitions()).toEqual(before);
    expect(await verseCount()).toBe(0);
    const versions = json(await t.request({ method: 'GET', url: '/api/bible/versions' })).data.versions;
    expect(versions.map((v: { id: string }) => v.id)).not.toContain('BAD');
  });

  it('keeps every character of the text, and rebuilds the search index as the migration made it', async () => {
    const before = await indexDefinitions();
    const oid = await searchIndexOid();
    expect(await importTranslation(t.database.db, { id: 'TST', name: 'Test' }, book('JHN', TRICKY))).toMatchObject({
      books: 1,
      chapters: 1,
      verses: 2,
    });
    // The parser folds the tab into a space; everything else arrives as written.
    const parsed = book('JHN', TRICKY)[0]!.chapters[0]!;
    expect(parsed.verses[0]!.text).toBe(TRICKY.replace('\t', ' '));
    const chapter = json(await t.request({ method: 'GET', url: '/api/bible/TST/JHN/1.json' }));
    expect(chapter.chapter.content).toEqual(parsed.content);
    const [stored] = await rowsOf<{ text: string }>(
      t.database.db,
      sql`select text from bible_verses where translation_id = 'TST' and verse = 1`,
    );
    expect(stored!.text).toBe(parsed.verses[0]!.text);
    // The table was empty: the index was dropped and built again after the rows (a new index), with the same definition.
    expect(await searchIndexOid()).not.toBe(oid);
    expect(await indexDefinitions()).toEqual(before);
    expect(before.find((i) => i.indexname === 'bible_verses_search_idx')?.indexdef).toContain("fastupdate='false'");
    expect(await search('shepherd', 'TST')).toEqual([expect.objectContaining({ chapter: 1, verse: 2 })]);
  });

  it('a second translation goes in beside the first with the index kept (others may be searching)', async () => {
    const oid = await searchIndexOid();
    await importTranslation(t.database.db, { id: 'TS2', name: 'Second' }, book('ROM', 'Grace and peace.'));
    expect(await searchIndexOid()).toBe(oid);
    expect(await search('grace', 'TS2')).toHaveLength(1);
    // Replacing the first keeps the second whole.
    await importTranslation(t.database.db, { id: 'TST', name: 'Test' }, book('JHN', 'Abide in Me.'));
    expect(await search('grace', 'TS2')).toHaveLength(1);
    expect(await search('abide', 'TST')).toHaveLength(1);
  });
});
