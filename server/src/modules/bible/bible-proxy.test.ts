import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { startFakeBibleService } from './fixtures/fake-bible-service';
import { UPSTREAM_HTML, UPSTREAM_NOT_JSON, UPSTREAM_TIMEOUT, UPSTREAM_UNREACHABLE } from './upstream';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeBibleService>>;
beforeAll(async () => {
  fake = await startFakeBibleService();
  t = await createTestApp({ BIBLE_API_BASE: fake.url, BIBLE_API_TIMEOUT_MS: '2000' }); // room for a loaded CI machine: 400 ms gave a 504 to a loopback answer at load 25
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.setMode('json'));

const get = (url: string) => t.request({ method: 'GET', url });

describe('Bible service proxy (nothing imported)', () => {
  it('lists versions: BSB and KJV through the Free Use Bible API, NIV unavailable', async () => {
    const res = await get('/api/bible/versions');
    expect(res.statusCode).toBe(200);
    expect(json(res).data.versions).toEqual([
      expect.objectContaining({ id: 'BSB', available: true, source: 'remote' }),
      expect.objectContaining({ id: 'KJV', available: true, source: 'remote', reason: null }),
      expect.objectContaining({ id: 'NIV', available: false, source: 'none', reason: 'not-licensed' }),
    ]);
  });

  it('proxies books.json (KJV maps to eng_kjv), rewrites links to our paths and caches the answer', async () => {
    const before = fake.requests.length;
    const res = await get('/api/bible/KJV/books.json');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.translation).toMatchObject({ id: 'eng_kjv', shortName: 'KJV' });
    expect(body.translation.website).toBeUndefined(); // unlisted fields never leak
    expect(body.books[2]).toMatchObject({ id: 'JHN', order: 43, numberOfChapters: 21, firstChapterApiLink: '/api/bible/KJV/JHN/1.json' });
    expect(fake.requests.slice(before)).toEqual(['/eng_kjv/books.json']);
    const again = await get('/api/bible/kjv/books.json');
    expect(again.statusCode).toBe(200);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('serves a chapter with heading, words of Jesus, footnote, poem lines, line breaks and a Hebrew subtitle', async () => {
    const jhn = json(await get('/api/bible/KJV/JHN/3.json'));
    expect(jhn.chapter.content[0]).toEqual({ type: 'heading', content: ['Jesus and Nicodemus'] });
    expect(jhn.chapter.content).toContainEqual({ type: 'line_break' });
    expect(jhn.chapter.content.find((i: { number?: number }) => i.number === 16).content[0]).toMatchObject({ wordsOfJesus: true });
    expect(jhn.chapter.footnotes[0]).toEqual({ noteId: 0, text: 'Or, from above', reference: { chapter: 3, verse: 2 }, caller: '+' });
    expect(jhn.nextChapterApiLink).toBe('/api/bible/KJV/JHN/4.json');
    expect(jhn.thisChapterAudioLinks).toBeUndefined();
    const psa = json(await get('/api/bible/KJV/PSA/23'));
    expect(psa.chapter.content[0]).toEqual({ type: 'hebrew_subtitle', content: ['A Psalm of David.'] });
    expect(psa.chapter.content[2].content).toEqual([
      { text: 'He maketh me to lie down in green pastures:', poem: 1 },
      { lineBreak: true },
      { text: 'he leadeth me beside the still waters.', poem: 2 },
    ]);
  });

  it('reports an HTML answer with the spec text', async () => {
    fake.setMode('html');
    const res = await get('/api/bible/KJV/GEN/1.json');
    expect(res.statusCode).toBe(502);
    expect(json(res)).toEqual({ status: 'error', message: UPSTREAM_HTML });
    expect(UPSTREAM_HTML).toBe('API endpoint returned HTML instead of JSON - endpoint may not exist');
  });

  it('reports a non-JSON answer with the spec text', async () => {
    fake.setMode('text');
    const res = await get('/api/bible/KJV/GEN/2.json');
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe(UPSTREAM_NOT_JSON);
  });

  it('reports a non-OK answer as "Failed to fetch data: …" (404 stays 404)', async () => {
    fake.setMode('error');
    const res = await get('/api/bible/KJV/GEN/3.json');
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe('Failed to fetch data: 500 Internal Server Error');
    fake.setMode('json');
    const missing = await get('/api/bible/KJV/GEN/4.json');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Failed to fetch data: 404 Not Found');
  });

  it('gives up after the timeout with a clear message', async () => {
    fake.setMode('slow');
    const started = Date.now();
    const res = await get('/api/bible/KJV/GEN/5.json');
    expect(res.statusCode).toBe(504);
    expect(json(res).message).toBe(UPSTREAM_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('does not cache failures: the next call succeeds', async () => {
    fake.setMode('html');
    expect((await get('/api/bible/KJV/JHN/3.json')).statusCode).toBe(200); // cached earlier
    const fresh = await get('/api/bible/KJV/PSA/23.json');
    expect(fresh.statusCode).toBe(200);
  });

  it('reads the verse of the day in the translation asked for, and another one a step along the rotation', async () => {
    const { dailyReferenceFor, calendarDay } = await import('@church/contract/bible/daily-verse');
    const day = calendarDay(new Date());
    const kjv = json(await get('/api/bible/daily-verse?version=kjv')).data.verse;
    expect(kjv).toMatchObject({ version: 'KJV', reference: expect.any(String) as string });
    expect(kjv.fullReference).toBe(`${kjv.reference} (KJV)`);
    // Nothing is imported and the stand-in serves only John 3, so a reference is answered from the offline
    // text, which spec 000 §9 has for five of the seven (the other two fall back to John 3:16): step to one
    // of those five, whatever today is.
    const { offlineVerse } = await import('@church/contract/bible/offline-verses');
    const offset = [1, 2, 3, 4, 5, 6].find(
      (o) => offlineVerse(dailyReferenceFor(day, o)) && dailyReferenceFor(day, o) !== dailyReferenceFor(day),
    )!;
    const next = json(await get(`/api/bible/daily-verse?offset=${offset}`)).data.verse;
    expect(next.reference).toBe(dailyReferenceFor(day, offset));
    expect(next.reference).not.toBe(dailyReferenceFor(day));
  });

  it('refuses a daily verse in NIV or with a bad offset', async () => {
    const niv = await get('/api/bible/daily-verse?version=NIV');
    expect(niv.statusCode).toBe(404);
    expect(json(niv).message).toBe('The NIV translation is not available on this server');
    expect((await get('/api/bible/daily-verse?offset=7')).statusCode).toBe(400);
    expect((await get('/api/bible/daily-verse?offset=-1')).statusCode).toBe(400);
    expect((await get('/api/bible/daily-verse?version=K$V')).statusCode).toBe(400);
  });

  it('refuses NIV, unknown versions and bad paths with 4xx', async () => {
    expect(json(await get('/api/bible/NIV/books.json'))).toEqual({
      status: 'error',
      message: 'The NIV translation is not available on this server',
    });
    expect((await get('/api/bible/NIV/JHN/3.json')).statusCode).toBe(404);
    expect((await get('/api/bible/XYZ/books.json')).statusCode).toBe(404);
    expect((await get('/api/bible/KJV/JHN/abc.json')).statusCode).toBe(400);
    expect((await get('/api/bible/KJV/JHN/0.json')).statusCode).toBe(400);
    expect(json(await get('/api/bible/K$V/books.json')).message).toBe('That Bible version is not valid');
  });

  it('search needs an imported translation', async () => {
    const res = await get('/api/bible/search?q=love');
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toMatch(/imported on this server/);
  });
});

describe('Bible service when the other service is unreachable', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp({ BIBLE_API_BASE: 'http://127.0.0.1:9/none' });
  });
  afterAll(() => offline.close());

  it('answers 503 with a clear message', async () => {
    const res = await offline.request({ method: 'GET', url: '/api/bible/BSB/JHN/3.json' });
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toBe(UPSTREAM_UNREACHABLE);
  });

  it('then lists the remote translations as unreadable for now, saying why, apart from the unlicensed (issue 31: KJV offline)', async () => {
    // The call above could not reach the service.
    const versions = json(await offline.request({ method: 'GET', url: '/api/bible/versions' })).data.versions;
    expect(versions).toEqual([
      expect.objectContaining({ id: 'BSB', available: false, source: 'remote', reason: 'unreachable' }),
      expect.objectContaining({ id: 'KJV', available: false, source: 'remote', reason: 'unreachable' }),
      expect.objectContaining({ id: 'NIV', available: false, source: 'none', reason: 'not-licensed' }),
    ]);
  });

  it('still gives a daily verse: offline text or John 3:16 (KJV)', async () => {
    const res = await offline.request({ method: 'GET', url: '/api/bible/daily-verse' });
    expect(res.statusCode).toBe(200);
    const verse = json(res).data.verse;
    expect(verse.offline).toBe(true);
    expect(verse.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(verse.text.length).toBeGreaterThan(20);
    expect(['BSB', 'KJV']).toContain(verse.version);
  });
});

describe('daily verse through the Free Use Bible API', () => {
  it('reads the day’s verse from the other service, joined around its footnote', async () => {
    const { createBibleService } = await import('./service');
    const { createBibleRepository } = await import('./repository');
    const { createUpstream } = await import('./upstream');
    const service = createBibleService({
      db: t.database.db,
      repo: createBibleRepository(t.database.db),
      upstream: createUpstream({ base: fake.url, timeoutMs: 400, cacheMs: 60_000 }),
      timeZone: () => 'Africa/Johannesburg',
    });
    // 7 January is day 7: 7 % 7 = 0 → John 3:16.
    const verse = await service.dailyVerse(new Date('2026-01-07T08:00:00Z'));
    expect(verse).toEqual({
      reference: 'John 3:16',
      version: 'BSB',
      text: 'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
      date: '2026-01-07',
      fullReference: 'John 3:16 (BSB)',
      offline: false,
    });
    // 1 January is day 1 → Philippians 4:13, which the fake service does not have: offline text.
    expect(await service.dailyVerse(new Date('2026-01-01T08:00:00Z'))).toMatchObject({
      reference: 'Philippians 4:13',
      offline: true,
      text: 'I can do all things through Christ who gives me strength.',
    });
    // 6 January → Matthew 11:28: no offline text either, so John 3:16 (KJV).
    expect(await service.dailyVerse(new Date('2026-01-06T08:00:00Z'))).toMatchObject({
      reference: 'John 3:16',
      version: 'KJV',
      date: '2026-01-06',
      offline: true,
    });
    // In KJV: the other service's eng_kjv text, never the BSB offline wording under KJV's name.
    expect(await service.dailyVerse(new Date('2026-01-07T08:00:00Z'), { version: 'KJV' })).toMatchObject({
      reference: 'John 3:16',
      version: 'KJV',
      fullReference: 'John 3:16 (KJV)',
      offline: false,
    });
    const kjvText = (await service.dailyVerse(new Date('2026-01-07T08:00:00Z'), { version: 'KJV' })).text;
    expect(kjvText).toMatch(/begotten Son/);
    // 6 January + 1 → day 7's John 3:16: 'Refresh verse' steps along the rotation.
    expect(await service.dailyVerse(new Date('2026-01-06T08:00:00Z'), { offset: 1 })).toMatchObject({
      reference: 'John 3:16',
      version: 'BSB',
      offline: false,
    });
  });
});
