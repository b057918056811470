import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { dailyReferenceFor, calendarDay } from '@church/contract/bible/daily-verse';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { bibleVerses } from '../../db/schema/index';
import { readUsfmFolder, USFM_FIXTURE_DIR } from './fixtures/usfm-fixture';
import { importTranslation, parseUsfmFiles } from './importer';

let t: TestApp;
let admin: string;
let member: string;
const files = readUsfmFolder(USFM_FIXTURE_DIR);
beforeAll(async () => {
  // No outbound calls: the base points at a closed port, and nothing here may need it.
  t = await createTestApp({ BIBLE_API_BASE: 'http://127.0.0.1:9/none' });
  admin = (await createUser(t, { role: 'admin' })).token;
  member = (await createUser(t, { role: 'member' })).token;
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });
const importBody = (over: object = {}) => ({ id: 'BSB', name: 'Berean Standard Bible', files, ...over });

describe('POST /api/bible/translations (import through the running server)', () => {
  it('requires sign-in and an administrator', async () => {
    expect((await t.request({ method: 'POST', url: '/api/bible/translations', payload: importBody() })).statusCode).toBe(401);
    const res = await t.request({ method: 'POST', url: '/api/bible/translations', token: member, payload: importBody() });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('You do not have permission to perform this action');
  });

  it('refuses files that are not USFM with a clear 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/bible/translations',
      token: admin,
      payload: importBody({ files: [{ name: 'notes.txt', content: 'hello' }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('notes.txt: no \\id line — is this a USFM file?');
    const empty = await t.request({ method: 'POST', url: '/api/bible/translations', token: admin, payload: importBody({ files: [] }) });
    expect(json(empty).message).toBe('Send at least one USFM file');
  });

  it('imports the fixture and reports counts', async () => {
    const res = await t.request({ method: 'POST', url: '/api/bible/translations', token: admin, payload: importBody() });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.translation).toMatchObject({ id: 'BSB', name: 'Berean Standard Bible', books: 9, chapters: 10, verses: 146 });
  });
});

describe('serving an imported translation from our own database', () => {
  it('lists BSB as local', async () => {
    const versions = json(await get('/api/bible/versions')).data.versions;
    expect(versions[0]).toMatchObject({ id: 'BSB', source: 'local', available: true, name: 'Berean Standard Bible' });
  });

  it('serves books.json in the Free Use Bible API format', async () => {
    const body = json(await get('/api/bible/BSB/books.json'));
    expect(body.translation).toEqual({
      id: 'BSB',
      name: 'Berean Standard Bible',
      englishName: 'Berean Standard Bible',
      shortName: 'BSB',
      language: 'eng',
      textDirection: 'ltr',
    });
    expect(body.books.map((b: { id: string }) => b.id)).toEqual(['GEN', 'PSA', 'ISA', 'JER', 'MAT', 'JHN', 'ROM', '1CO', 'PHP']);
    expect(body.books[1]).toMatchObject({
      id: 'PSA',
      name: 'Psalms',
      order: 19,
      numberOfChapters: 1,
      firstChapterNumber: 23,
      lastChapterNumber: 23,
      firstChapterApiLink: '/api/bible/BSB/PSA/23.json',
      totalNumberOfVerses: 6,
    });
  });

  it('serves Genesis 1 with headings, verses, footnotes and links', async () => {
    const body = json(await get('/api/bible/BSB/GEN/1.json'));
    expect(body.numberOfVerses).toBe(31);
    expect(body.previousChapterApiLink).toBeNull();
    expect(body.nextChapterApiLink).toBe('/api/bible/BSB/GEN/2.json');
    expect(body.chapter.content[0]).toEqual({ type: 'heading', content: ['The Creation'] });
    expect(body.chapter.content[1]).toEqual({
      type: 'verse',
      number: 1,
      content: ['In the beginning God created the heavens and the earth.'],
    });
    expect(body.chapter.content[2]).toEqual({ type: 'line_break' });
    expect(body.chapter.footnotes[0]).toMatchObject({ noteId: 0, caller: '+', reference: { chapter: 1, verse: 3 } });
    const g2 = json(await get('/api/bible/BSB/GEN/2.json'));
    expect(g2.nextChapterApiLink).toBe('/api/bible/BSB/PSA/23.json');
  });

  it('serves Psalm 23 as poetry and John 3 with the words of Jesus', async () => {
    const psa = json(await get('/api/bible/BSB/PSA/23.json'));
    expect(psa.chapter.content.slice(0, 2)).toEqual([
      { type: 'heading', content: ['The LORD Is My Shepherd'] },
      { type: 'hebrew_subtitle', content: ['A Psalm of David.'] },
    ]);
    expect(psa.chapter.content[2]).toEqual({
      type: 'verse',
      number: 1,
      content: [{ text: 'The LORD is my shepherd;', poem: 1 }, { noteId: 0 }, { lineBreak: true }, { text: 'I shall not want.', poem: 2 }],
    });
    const jhn = json(await get('/api/bible/BSB/JHN/3.json'));
    const v16 = jhn.chapter.content.find((i: { number?: number }) => i.number === 16);
    expect(v16.content[0]).toMatchObject({ text: expect.stringMatching(/^For God so loved the world/), wordsOfJesus: true });
    const v2 = jhn.chapter.content.find((i: { number?: number }) => i.number === 2);
    expect(v2.content.some((c: { wordsOfJesus?: boolean }) => typeof c === 'object' && c.wordsOfJesus)).toBe(false);
  });

  it('answers 404 for a chapter not imported', async () => {
    const res = await get('/api/bible/BSB/GEN/3.json');
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Genesis 3 is not in the BSB translation');
  });

  it("serves today's verse from the imported text", async () => {
    const verse = json(await get('/api/bible/daily-verse')).data.verse;
    const day = calendarDay(new Date(), 'Africa/Johannesburg');
    expect(verse).toMatchObject({
      reference: dailyReferenceFor(day),
      version: 'BSB',
      date: day,
      offline: false,
      fullReference: `${dailyReferenceFor(day)} (BSB)`,
    });
    expect(verse.text.length).toBeGreaterThan(20);
  });
});

describe('GET /api/bible/search', () => {
  it('ranks matches and returns at most 10 by default', async () => {
    const res = await get('/api/bible/search?q=love');
    expect(res.statusCode).toBe(200);
    const verses = json(res).data.verses;
    expect(verses.length).toBe(10);
    expect(verses[0]).toEqual({
      text: expect.stringMatching(/love/i),
      reference: expect.stringMatching(/^[\w ]+ \d+:\d+$/),
      version: 'BSB',
      book: expect.any(String),
      chapter: expect.any(Number),
      verse: expect.any(Number),
    });
    const all = json(await get('/api/bible/search?q=love&limit=50')).data.verses;
    expect(all.length).toBeGreaterThan(10);
    // Verses that say "love" most come first (1 Corinthians 13:4 says it three times).
    expect(verses[0].reference).toBe('1 Corinthians 13:4');
  });

  it('matches phrases and word forms, filters by book', async () => {
    const phrase = json(await get(`/api/bible/search?q=${encodeURIComponent('"love is patient"')}`)).data.verses;
    expect(phrase.map((v: { reference: string }) => v.reference)).toEqual(['1 Corinthians 13:4']);
    const loved = json(await get('/api/bible/search?q=loved')).data.verses;
    expect(loved.length).toBeGreaterThan(0);
    const john = json(await get('/api/bible/search?q=love&book=John')).data.verses;
    expect(john.length).toBeGreaterThan(0);
    expect(john.every((v: { book: string }) => v.book === 'JHN')).toBe(true);
    expect(json(await get('/api/bible/search?q=love&book=Hezekiah')).message).toBe('Unknown book: Hezekiah');
  });

  it('reads a reference typed into search', async () => {
    const one = json(await get(`/api/bible/search?q=${encodeURIComponent('John 3:16')}`)).data.verses;
    expect(one).toHaveLength(1);
    expect(one[0].text).toBe(
      'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
    );
    const psalm = json(await get('/api/bible/search?q=ps%2023')).data.verses;
    expect(psalm.map((v: { verse: number }) => v.verse)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('validates the query', async () => {
    expect(json(await get('/api/bible/search?q=')).message).toBe('Please enter a search term');
    expect(json(await get('/api/bible/search')).message).toBe('Please enter a search term');
    expect((await get('/api/bible/search?q=love&limit=500')).statusCode).toBe(400);
    expect(json(await get('/api/bible/search?q=zzzqqq')).data.verses).toEqual([]);
  });
});

describe('importing again', () => {
  it('replaces the translation in one transaction; a failed import leaves the old text', async () => {
    const verseCount = async () =>
      (await t.database.db.select({ n: count() }).from(bibleVerses).where(eq(bibleVerses.translationId, 'BSB')))[0]!.n;
    const before = await verseCount();
    const books = parseUsfmFiles(files.filter((f) => f.name.startsWith('43')));
    // A NUL byte cannot be stored in PostgreSQL text: the import fails half-way through.
    const broken = structuredClone(books);
    broken[0]!.chapters[0]!.verses[5]!.text = 'bad\u0000text';
    await expect(importTranslation(t.database.db, { id: 'BSB', name: 'Broken' }, broken)).rejects.toThrow();
    expect(await verseCount()).toBe(before);
    expect(json(await get('/api/bible/BSB/books.json')).books).toHaveLength(9);

    const summary = await importTranslation(t.database.db, { id: 'BSB', name: 'Berean Standard Bible' }, books);
    expect(summary).toMatchObject({ books: 1, chapters: 1, verses: 36 });
    expect(await verseCount()).toBe(36);
    expect(json(await get('/api/bible/BSB/books.json')).books.map((b: { id: string }) => b.id)).toEqual(['JHN']);
  });
});
