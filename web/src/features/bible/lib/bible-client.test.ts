import { describe, expect, it } from 'vitest';
import { createBibleClient } from './bible-client';

const versions = {
  status: 'success',
  data: {
    versions: [
      { id: 'BSB', name: 'Berean Standard Bible', available: true, source: 'local', badgeColor: 'blue' },
      { id: 'KJV', name: 'King James Version', available: true, source: 'remote', badgeColor: 'grape' },
      { id: 'NIV', name: 'New International Version', available: false, source: 'none', badgeColor: 'orange' },
    ],
  },
};
const translation = {
  id: 'BSB',
  name: 'Berean Standard Bible',
  englishName: 'Berean Standard Bible',
  shortName: 'BSB',
  language: 'eng',
  textDirection: 'ltr',
};
const book = (id: string) => ({
  id,
  translationId: 'BSB',
  name: id,
  commonName: id,
  title: null,
  order: 1,
  numberOfChapters: 50,
  firstChapterNumber: 1,
  lastChapterNumber: 50,
  totalNumberOfVerses: 1,
  firstChapterApiLink: '',
  lastChapterApiLink: '',
});
const chapter = (bookId: string, n: number) => ({
  translation,
  book: book(bookId),
  thisChapterLink: '',
  nextChapterApiLink: null,
  previousChapterApiLink: null,
  numberOfVerses: 2,
  chapter: {
    number: n,
    content: [
      { type: 'verse', number: 1, content: [`${bookId} ${n} first`] },
      { type: 'verse', number: 2, content: ['second', { noteId: 0 }, 'part'] },
    ],
    footnotes: [],
  },
});

type Handler = (path: string) => Response;
const jsonRes = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(handler: Handler) {
  const calls: string[] = [];
  const fn = (async (input: RequestInfo | URL) => {
    const path = String(input).replace('/api/bible', '');
    calls.push(path);
    if (path === '/versions') return jsonRes(versions);
    return handler(path);
  }) as typeof fetch;
  return { fn, calls };
}

const chapterHandler: Handler = (path) => {
  const m = /^\/BSB\/(\w+)\/(\d+)\.json$/.exec(path);
  return m ? jsonRes(chapter(m[1]!, Number(m[2]))) : jsonRes({ status: 'error', message: 'Not found' }, 404);
};

describe('bible client', () => {
  it('reads a verse, joins its pieces and caches it', async () => {
    const f = fakeFetch(chapterHandler);
    const client = createBibleClient({ fetch: f.fn });
    expect(await client.getVerse('gen 1:2')).toEqual({ reference: 'Genesis 1:2', version: 'BSB', text: 'second part', offline: false });
    await client.getVerse('Genesis 1:2');
    expect(f.calls.filter((c) => c.endsWith('.json'))).toEqual(['/BSB/GEN/1.json']);
    await expect(client.getVerse('Genesis 1:9')).rejects.toThrow('Verse 9 not found in Genesis 1');
    await expect(client.getVerse('Hezekiah 1:1')).rejects.toThrow('Invalid Bible reference');
  });

  it('keeps at most 50 chapters, evicting the oldest first', async () => {
    const f = fakeFetch(chapterHandler);
    const client = createBibleClient({ fetch: f.fn });
    for (let n = 1; n <= 50; n++) await client.getChapter('BSB', 'GEN', n);
    expect(client.cacheSizes().chapters).toBe(50);
    await client.getChapter('BSB', 'EXO', 1);
    expect(client.cacheSizes().chapters).toBe(50);
    expect(client.cacheSizes().chapterKeys[0]).toBe('BSB/GEN/2');
    const before = f.calls.length;
    await client.getChapter('BSB', 'GEN', 2); // still cached
    expect(f.calls.length).toBe(before);
    await client.getChapter('BSB', 'GEN', 1); // evicted: fetched again
    expect(f.calls.length).toBe(before + 1);
    client.clearCache();
    expect(client.cacheSizes()).toMatchObject({ chapters: 0, verses: 0 });
  });

  it('refuses HTML and non-JSON answers with the spec errors', async () => {
    const html = createBibleClient({
      fetch: fakeFetch(() => new Response('<html></html>', { headers: { 'content-type': 'text/html' } })).fn,
    });
    await expect(html.getBooks('BSB')).rejects.toThrow('API endpoint returned HTML instead of JSON - endpoint may not exist');
    const text = createBibleClient({ fetch: fakeFetch(() => new Response('hi', { headers: { 'content-type': 'text/plain' } })).fn });
    await expect(text.getBooks('BSB')).rejects.toThrow('Response is not JSON');
    const down = createBibleClient({
      fetch: fakeFetch(() => new Response('oops', { status: 500, statusText: 'Internal Server Error' })).fn,
    });
    await expect(down.getBooks('BSB')).rejects.toThrow('Failed to fetch data: 500 Internal Server Error');
    const said = createBibleClient({ fetch: fakeFetch(() => jsonRes({ status: 'error', message: 'No such book' }, 404)).fn });
    await expect(said.getBooks('BSB')).rejects.toThrow('Failed to fetch data: No such book');
  });

  it('gives no text and the reason on failure, and does not cache it', async () => {
    let fail = true;
    const f = fakeFetch((path) => (fail ? new Response('x', { status: 503 }) : chapterHandler(path)));
    const client = createBibleClient({ fetch: f.fn });
    const first = await client.getChapter('BSB', 'JHN', 3);
    expect(first.notice).toBe('failed');
    expect(first.content).toEqual([]);
    expect(first.message).toBe('This chapter is temporarily unavailable. Please try again later.');
    fail = false;
    expect((await client.getChapter('BSB', 'JHN', 3)).notice).toBeUndefined();
  });

  it("answers 'Available in BSB version only' for a version that cannot be served", async () => {
    const f = fakeFetch(chapterHandler);
    const client = createBibleClient({ fetch: f.fn });
    const niv = await client.getChapter('NIV', 'JHN', 3);
    expect(niv.notice).toBe('unavailable');
    expect(niv.content).toEqual([]);
    expect(niv.message).toBe('The NIV translation is not available on this server.');
    expect((await client.getVerse('John 3:16', 'NIV')).text).toBe('Available in BSB version only');
    expect(f.calls.some((c) => c.startsWith('/NIV'))).toBe(false);
  });

  it('falls back to offline text, or "Available in offline mode only"', async () => {
    const client = createBibleClient({ fetch: fakeFetch(() => new Response('x', { status: 502 })).fn });
    expect(await client.getVerse('Jn 3:16')).toMatchObject({ offline: true, text: expect.stringMatching(/^For God so loved the world/) });
    expect(await client.getVerse('Psalm 23:1')).toMatchObject({ offline: true, text: 'The LORD is my shepherd; I shall not want.' });
    expect(await client.getVerse('Isaiah 41:10')).toMatchObject({ offline: true, text: 'Available in offline mode only' });
  });

  it('falls back to John 3:16 (KJV) when the daily verse fails', async () => {
    const client = createBibleClient({ fetch: fakeFetch(() => new Response('x', { status: 500 })).fn });
    expect(await client.dailyVerse()).toMatchObject({ reference: 'John 3:16', version: 'KJV' });
  });

  it('searches with the default limit of 10', async () => {
    const f = fakeFetch(() => jsonRes({ status: 'success', data: { query: 'love', verses: [] } }));
    const client = createBibleClient({ fetch: f.fn });
    expect(await client.search('love')).toEqual([]);
    expect(f.calls.at(-1)).toBe('/search?q=love&version=BSB&limit=10');
  });
});
