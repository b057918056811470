import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sermonFileTooLargeText, sermonUploadLimitBytes, SERMON_TEXTS, type SermonMediaKind } from '@church/contract/sermons';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { multipart } from '../../../test/multipart';

const MEDIA = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/seed/media');
const VIDEO = fs.readFileSync(path.join(MEDIA, 'sermon-sample.webm'));
const AUDIO = fs.readFileSync(path.join(MEDIA, 'sermon-sample.mp3'));
let PNG: Buffer;

let t: TestApp;
let pastor: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  pastor = (await createUser(t, { role: 'pastor' })).token;
  PNG = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Every file under the sermon uploads folder (incoming and stored). */
const storedFiles = () => {
  const root = path.join(t.config.uploadDir, 'sermons');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile())
    : [];
};

const upload = (fields: Record<string, string>, files: Parameters<typeof multipart>[1], token = pastor) => {
  const body = multipart(fields, files);
  return t.request({ method: 'POST', url: '/api/sermons', token, payload: body.payload, headers: body.headers });
};
const fields = {
  title: 'Grace Upon Grace',
  speaker: 'Pastor David Nkosi',
  date: '2026-11-22',
  series: 'Amazing Grace',
  description: 'John 1:16',
};

/**
 * Streams a file part of `total` bytes over a real socket and stops sending as
 * soon as the server answers. Returns the answer and how much had been sent.
 */
/**
 * Streams a file of `total` bytes. Once `pauseAt` bytes are out it stops and waits (up to 30 s) for the
 * answer before sending the rest: a server that answers while the body is unfinished is shown to, however
 * slow a loaded machine makes the answer; one that waits for the whole body gets it after the pause.
 */
function streamUpload(kind: SermonMediaKind, total: number, pauseAt = total) {
  const body = multipart({ title: 'Big', speaker: 'Someone' }, []);
  const head = Buffer.from(
    `--${body.boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n--${body.boundary}\r\nContent-Disposition: form-data; name="speaker"\r\n\r\nSomeone\r\n` +
      `--${body.boundary}\r\nContent-Disposition: form-data; name="${kind}"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${body.boundary}--\r\n`);
  return new Promise<{ status: number | null; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${base}/api/sermons`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${pastor}`, 'content-length': String(head.length + total + tail.length) },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? null, body: text, sent }));
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(256 * 1024, 7);
    req.write(head);
    let paused = false;
    const pump = () => {
      while (!answered && sent < total) {
        if (sent >= pauseAt && !paused) {
          paused = true;
          return void setTimeout(pump, 30_000).unref();
        }
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    pump();
  });
}

describe('POST /api/sermons (upload)', () => {
  it('stores video, audio and a scaled thumbnail under fresh names and lists the sermon', async () => {
    const res = await upload({ ...fields, durationSeconds: '8' }, [
      { field: 'video', filename: 'grace.webm', content: VIDEO, type: 'video/webm' },
      { field: 'audio', filename: 'grace.mp3', content: AUDIO, type: 'audio/mpeg' },
      { field: 'thumbnail', filename: 'cover.png', content: PNG, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    const sermon = json(res).data.sermon;
    expect(sermon).toMatchObject({
      title: 'Grace Upon Grace',
      speaker: 'Pastor David Nkosi',
      series: 'Amazing Grace',
      published: true,
      duration: '00:08',
    });
    expect(sermon.videoUrl).toMatch(/^\/api\/sermons\/video\/[0-9a-f-]{36}\.webm$/);
    expect(sermon.audioUrl).toMatch(/^\/api\/sermons\/audio\/[0-9a-f-]{36}\.mp3$/);
    const thumb = await t.request({ method: 'GET', url: sermon.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
    // Range on the uploaded video: the player seeks.
    const part = await t.request({ method: 'GET', url: sermon.videoUrl, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(VIDEO.subarray(1000, 2000))).toBe(true);
    // And on the uploaded audio: the audio player seeks too (an open-ended range, as a browser asks after a seek).
    const tail = await t.request({ method: 'GET', url: sermon.audioUrl, headers: { range: `bytes=${AUDIO.length - 500}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${AUDIO.length - 500}-${AUDIO.length - 1}/${AUDIO.length}`);
    expect(tail.headers['content-type']).toMatch(/^audio\/mpeg/);
    expect(tail.rawPayload.equals(AUDIO.subarray(AUDIO.length - 500))).toBe(true);
    const list = json(await t.request({ method: 'GET', url: '/api/sermons/public?search=grace%20upon' }));
    expect(list.data.sermons.map((s: { id: string }) => s.id)).toEqual([sermon.id]);
  });

  it.each([
    [{ ...fields, title: '  ' }, SERMON_TEXTS.titleRequired],
    [{ ...fields, speaker: '' }, SERMON_TEXTS.speakerRequired],
  ])('refuses a missing title or speaker with the spec text and keeps no file', async (f, message) => {
    const before = storedFiles().length;
    const res = await upload(f, [{ field: 'audio', filename: 'a.mp3', content: AUDIO }]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(storedFiles().length).toBe(before);
  });

  it("links the preparation notes it came from (preparationId), and only the uploading pastor's own", async () => {
    const prep = (
      await t.request({
        method: 'POST',
        url: '/api/sermons/preparations',
        token: pastor,
        payload: { title: 'The Vine', scriptures: 'John 15:1-8', outline: '1. Abide', date: '2026-12-13', status: 'draft' },
      })
    ).json().data.preparation;
    expect(prep.sermonId).toBeNull();

    // Another pastor cannot turn these notes into their sermon: 404, and nothing is stored.
    const other = (await createUser(t, { role: 'pastor' })).token;
    const before = storedFiles().length;
    const refused = await upload(
      { ...fields, title: 'The Vine', preparationId: prep.id },
      [{ field: 'audio', filename: 'v.mp3', content: AUDIO }],
      other,
    );
    expect(refused.statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
    expect(json(await t.request({ method: 'GET', url: '/api/sermons/public?search=the%20vine' })).data.sermons).toEqual([]);

    const res = await upload({ ...fields, title: 'The Vine', preparationId: prep.id }, [
      { field: 'audio', filename: 'v.mp3', content: AUDIO },
    ]);
    expect(res.statusCode).toBe(201);
    const sermon = json(res).data.sermon;
    const linked = json(await t.request({ method: 'GET', url: `/api/sermons/preparations/${prep.id}`, token: pastor })).data.preparation;
    expect(linked).toMatchObject({ sermonId: sermon.id, status: 'ready' });
  });

  it('needs a video or an audio file', async () => {
    const before = storedFiles().length;
    const res = await upload(fields, [{ field: 'thumbnail', filename: 'c.png', content: PNG }]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(SERMON_TEXTS.mediaRequired);
    expect(storedFiles().length).toBe(before);
  });

  it.each([
    ['video', 'sermon.mp4', Buffer.from('this is plain text, not a video at all '.repeat(20))],
    ['audio', 'sermon.mp3', () => PNG],
    ['thumbnail', 'cover.jpg', Buffer.from('%PDF-1.4 not an image '.repeat(10))],
    ['video', 'sermon.webm', () => AUDIO],
  ] as const)('decides the kind from the bytes: %s named %s with other bytes is refused', async (kind, filename, content) => {
    const before = storedFiles().length;
    const bytes = typeof content === 'function' ? content() : content;
    const res = await upload(fields, [
      { field: kind, filename, content: bytes, type: kind === 'thumbnail' ? 'image/jpeg' : `${kind}/mp4` },
    ]);
    expect(res.statusCode).toBe(415);
    expect(json(res).message).toBe(SERMON_TEXTS.invalidType[kind]);
    expect(storedFiles().length).toBe(before);
  });

  it('never uses a path-like file name as a path', async () => {
    const res = await upload({ ...fields, title: 'Path test' }, [
      { field: 'audio', filename: '../../../../tmp/evil.mp3', content: AUDIO },
      { field: 'thumbnail', filename: '..\\..\\evil.png', content: PNG },
    ]);
    expect(res.statusCode).toBe(201);
    const s = json(res).data.sermon;
    expect(path.basename(s.audioUrl)).toMatch(/^[0-9a-f-]{36}\.mp3$/);
    expect(fs.existsSync(path.join(t.config.uploadDir, '..', 'evil.mp3'))).toBe(false);
    expect(storedFiles().some((f) => f.includes('evil'))).toBe(false);
  });

  it.each(['video', 'audio', 'thumbnail'] as const)(
    'refuses a %s over its limit with 413 and the spec text while it streams, leaving nothing',
    async (kind) => {
      const before = storedFiles().length;
      const limit = sermonUploadLimitBytes(kind);
      const total = limit + 32 * 1024 * 1024;
      const res = await streamUpload(kind, total, limit + 4 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).message).toBe(sermonFileTooLargeText(kind));
      // Answered while the body was unfinished: the sender stopped 4 MB past the limit and waited.
      expect(res.sent).toBeLessThan(total - 16 * 1024 * 1024);
      await new Promise((r) => setTimeout(r, 100));
      expect(storedFiles().length).toBe(before);
    },
    60_000,
  );

  it('an interrupted upload leaves nothing behind', async () => {
    const before = storedFiles().length;
    const body = multipart({ title: 'Cut off', speaker: 'Someone' }, [{ field: 'video', filename: 'v.webm', content: VIDEO }]);
    const req = http.request(`${base}/api/sermons`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${pastor}`, 'content-length': String(body.payload.length + 10_000_000) },
    });
    req.on('error', () => undefined);
    // The real file's bytes (so it passes the type check), then the connection drops mid-file.
    req.write(body.payload.subarray(0, body.payload.length - 100));
    await expect.poll(() => storedFiles().length, { timeout: 5000 }).toBeGreaterThan(before);
    req.destroy();
    await expect.poll(() => storedFiles().length, { timeout: 5000 }).toBe(before);
  });

  it('answers 401 without sign-in and 403 to roles below pastor', async () => {
    expect((await upload(fields, [{ field: 'audio', filename: 'a.mp3', content: AUDIO }], '')).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await upload(fields, [{ field: 'audio', filename: 'a.mp3', content: AUDIO }], token)).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/sermons/:id/media (replacing media on edit)', () => {
  const replace = (id: string, files: Parameters<typeof multipart>[1], extra: Record<string, string> = {}, token = pastor) => {
    const body = multipart(extra, files);
    return t.request({ method: 'PUT', url: `/api/sermons/${id}/media`, token, payload: body.payload, headers: body.headers });
  };
  const mediaPath = (kind: 'video' | 'audio' | 'thumbnail', url: string) =>
    path.join(t.config.uploadDir, 'sermons', kind, path.basename(url));

  it('swaps the video and thumbnail, deletes the old files, keeps the audio and serves the new video with Range', async () => {
    const created = json(
      await upload({ ...fields, title: 'Replace me', durationSeconds: '8' }, [
        { field: 'video', filename: 'v.webm', content: VIDEO },
        { field: 'audio', filename: 'a.mp3', content: AUDIO },
        { field: 'thumbnail', filename: 't.png', content: PNG },
      ]),
    ).data.sermon;
    const res = await replace(created.id, [
      { field: 'video', filename: 'new.webm', content: VIDEO },
      { field: 'thumbnail', filename: 'new.png', content: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const after = json(res).data.sermon;
    expect(after.videoUrl).not.toBe(created.videoUrl);
    expect(after.thumbnailUrl).not.toBe(created.thumbnailUrl);
    expect(after.audioUrl).toBe(created.audioUrl);
    // A new video without a length: the old length no longer describes it.
    expect(after.duration).not.toBe('00:08');
    expect(fs.existsSync(mediaPath('video', created.videoUrl))).toBe(false);
    expect(fs.existsSync(mediaPath('thumbnail', created.thumbnailUrl))).toBe(false);
    expect(fs.existsSync(mediaPath('video', after.videoUrl))).toBe(true);
    expect(fs.existsSync(mediaPath('audio', created.audioUrl))).toBe(true);
    const part = await t.request({ method: 'GET', url: after.videoUrl, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(VIDEO.subarray(0, 100))).toBe(true);
  });

  it('keeps everything as it was when the new file is the wrong kind, and writes nothing', async () => {
    const created = json(await upload({ ...fields, title: 'Keep me' }, [{ field: 'audio', filename: 'a.mp3', content: AUDIO }])).data
      .sermon;
    const before = storedFiles().length;
    const res = await replace(created.id, [{ field: 'audio', filename: 'a.mp3', content: PNG }]);
    expect(res.statusCode).toBe(415);
    expect(json(res).message).toBe(SERMON_TEXTS.invalidType.audio);
    expect(storedFiles().length).toBe(before);
    const now = json(await t.request({ method: 'GET', url: `/api/sermons/${created.id}`, token: pastor })).data.sermon;
    expect(now.audioUrl).toBe(created.audioUrl);
  });

  it('asks for a file, refuses an unknown sermon, and answers 401/403 like the upload', async () => {
    const created = json(await upload({ ...fields, title: 'Nothing sent' }, [{ field: 'audio', filename: 'a.mp3', content: AUDIO }])).data
      .sermon;
    const empty = await replace(created.id, [], { durationSeconds: '60' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe(SERMON_TEXTS.replaceNothing);
    const before = storedFiles().length;
    const missing = await replace('00000000-0000-4000-8000-000000000000', [{ field: 'audio', filename: 'a.mp3', content: AUDIO }]);
    expect(missing.statusCode).toBe(404);
    expect(storedFiles().length).toBe(before);
    expect((await replace(created.id, [{ field: 'audio', filename: 'a.mp3', content: AUDIO }], {}, '')).statusCode).toBe(401);
    const { token } = await createUser(t, { role: 'member' });
    expect((await replace(created.id, [{ field: 'audio', filename: 'a.mp3', content: AUDIO }], {}, token)).statusCode).toBe(403);
    expect(storedFiles().length).toBe(before);
  });
});
