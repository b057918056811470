import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { BUNDLED_BIBLE_ID, ensureBundledBible, readBundledBible } from './bundled';

/** The whole Berean Standard Bible as it ships with the product (server/assets/bible). */
describe('the shipped BSB', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BIBLE_API_BASE: 'http://127.0.0.1:9/none' });
  }, 60_000);
  afterAll(() => t?.close());

  it('carries all 66 books under the id checked before reading it', () => {
    const bundle = readBundledBible();
    expect(bundle.id).toBe(BUNDLED_BIBLE_ID);
    expect(bundle.files).toHaveLength(66);
  });

  it('imports once on a new database: 66 books, 1,189 chapters, John 3:16 reads correctly, search works offline', async () => {
    const summary = await ensureBundledBible(t.database.db);
    expect(summary).toMatchObject({ id: 'BSB', books: 66, chapters: 1189 });
    expect(summary!.verses).toBeGreaterThan(31_000);
    // A second start finds it and leaves it alone.
    expect(await ensureBundledBible(t.database.db)).toBeNull();

    const books = json(await t.request({ method: 'GET', url: '/api/bible/BSB/books.json' })).books;
    expect(books).toHaveLength(66);
    expect(books.reduce((n: number, b: { numberOfChapters: number }) => n + b.numberOfChapters, 0)).toBe(1189);
    const hits = json(await t.request({ method: 'GET', url: '/api/bible/search?q=John%203:16' })).data.verses;
    expect(hits[0].text).toBe(
      'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
    );
    const rev = json(await t.request({ method: 'GET', url: '/api/bible/BSB/REV/22.json' }));
    expect(rev.nextChapterApiLink).toBeNull();
    const love = json(await t.request({ method: 'GET', url: '/api/bible/search?q=love' })).data.verses;
    expect(love).toHaveLength(10);
  }, 240_000);
});
