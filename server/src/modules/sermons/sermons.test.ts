import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { sermons } from '../../db/schema/index';
import { sermonMediaDir } from './routes';
import { parseRange } from './media';

let t: TestApp;
let ids: Record<string, string> = {};
const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(async () => {
  t = await createTestApp();
  const day = 86_400_000;
  const rows = await t.database.db
    .insert(sermons)
    .values([
      {
        title: 'Grace That Finds Us',
        speaker: 'Pastor David Nkosi',
        series: 'Amazing Grace',
        preachedOn: new Date(Date.now() - day),
        description: 'Ephesians 2',
        videoFile: 'grace.mp4',
        durationSeconds: 2535,
        views: 10,
      },
      {
        title: 'Our Father',
        speaker: 'Thandiwe Nkosi',
        series: 'Teach Us to Pray',
        preachedOn: new Date(Date.now() - 8 * day),
        description: 'The Lord’s Prayer',
        audioFile: 'father.mp3',
      },
      {
        title: 'Serving the City',
        speaker: 'Pastor David Nkosi',
        series: null,
        preachedOn: new Date(Date.now() - 15 * day),
        description: 'Jeremiah 29 and 100% commitment',
      },
      {
        title: 'Draft sermon',
        speaker: 'Pastor David Nkosi',
        series: 'Secret Series',
        preachedOn: new Date(),
        published: false,
        audioFile: 'draft.mp3',
      },
    ])
    .returning();
  ids = Object.fromEntries(rows.map((r) => [r.title, r.id]));
  const dir = sermonMediaDir(t.config.uploadDir, 'audio');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'father.mp3'), AUDIO);
  fs.writeFileSync(path.join(dir, 'draft.mp3'), AUDIO);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const titles = (res: Awaited<ReturnType<typeof get>>) => json(res).data.sermons.map((s: { title: string }) => s.title);

describe('GET /api/sermons/public', () => {
  it('lists published sermons newest first with the card fields', async () => {
    const res = await get('/api/sermons/public');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Grace That Finds Us', 'Our Father', 'Serving the City']);
    const first = json(res).data.sermons[0];
    expect(first).toMatchObject({
      _id: first.id,
      preacher: 'Pastor David Nkosi',
      speaker: 'Pastor David Nkosi',
      duration: '42:15',
      views: 10,
      videoUrl: '/api/sermons/video/grace.mp4',
      audioUrl: null,
    });
  });

  it('searches title, speaker, description and series, case-insensitively', async () => {
    expect(titles(await get('/api/sermons/public?search=grace'))).toEqual(['Grace That Finds Us']);
    expect(titles(await get('/api/sermons/public?search=thandiwe'))).toEqual(['Our Father']);
    expect(titles(await get('/api/sermons/public?search=jeremiah'))).toEqual(['Serving the City']);
    expect(titles(await get('/api/sermons/public?search=teach%20us'))).toEqual(['Our Father']);
    expect(titles(await get('/api/sermons/public?search=100%25'))).toEqual(['Serving the City']);
    expect(titles(await get('/api/sermons/public?search=secret'))).toEqual([]);
  });

  it('filters by media type and series', async () => {
    expect(titles(await get('/api/sermons/public?type=video'))).toEqual(['Grace That Finds Us']);
    expect(titles(await get('/api/sermons/public?type=audio'))).toEqual(['Our Father']);
    expect(titles(await get('/api/sermons/public?series=Amazing%20Grace'))).toEqual(['Grace That Finds Us']);
    expect((await get('/api/sermons/public?type=podcast')).statusCode).toBe(400);
  });
});

describe('GET /api/sermons/public/:id and /api/sermons/series', () => {
  it('counts a view and hides unpublished sermons', async () => {
    const res = await get(`/api/sermons/public/${ids['Grace That Finds Us']}`);
    expect(json(res).data.sermon.views).toBe(11);
    expect((await get(`/api/sermons/public/${ids['Draft sermon']}`)).statusCode).toBe(404);
    expect((await get('/api/sermons/public/nope')).statusCode).toBe(400);
  });

  it('lists the series of published sermons only', async () => {
    expect(json(await get('/api/sermons/series')).data.series).toEqual(['Amazing Grace', 'Teach Us to Pray']);
  });
});

describe('media streaming', () => {
  it('streams the whole file with Accept-Ranges', async () => {
    const res = await get('/api/sermons/audio/father.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const res = await get('/api/sermons/audio/father.mp3', { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.equals(AUDIO.subarray(100, 200))).toBe(true);
    const tail = await get('/api/sermons/audio/father.mp3', { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(AUDIO.subarray(990))).toBe(true);
  });

  it('answers 416 for a range past the end', async () => {
    const res = await get('/api/sermons/audio/father.mp3', { range: 'bytes=5000-' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
  });

  it('offers a download with ?download=true', async () => {
    const res = await get('/api/sermons/audio/father.mp3?download=true');
    expect(res.headers['content-disposition']).toBe('attachment; filename="father.mp3"');
  });

  it('never serves unpublished, unknown or path-escaping files', async () => {
    expect((await get('/api/sermons/audio/draft.mp3')).statusCode).toBe(404);
    expect((await get('/api/sermons/video/grace.mp4')).statusCode).toBe(404); // in the table, but no file on disk
    expect((await get('/api/sermons/audio/..%2F..%2Fsecret')).statusCode).toBe(400);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=10-', { start: 10, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=-5', { start: 95, end: 99 }],
    ['bytes=50-10', 'invalid'],
    ['bytes=-', 'invalid'],
    ['items=1-2', 'invalid'],
    ['bytes=0-1,5-6', null],
  ])('%s', (header, expected) => expect(parseRange(header, 100)).toEqual(expected));
});
