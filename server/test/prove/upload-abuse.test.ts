/**
 * Upload abuse (issue 15, "Prove"), over real sockets against the three
 * upload endpoints — the chat file, the sermon media (thumbnail part) and the
 * settings logo: an endless stream is cut at the limit, wrong bytes under a
 * right name, path-traversal names, zero bytes and a client trickling one byte
 * a second are all refused, nothing is left in the upload folder, and other
 * requests keep being answered meanwhile.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@church/contract/settings';
import { sermonUploadLimitBytes } from '@church/contract/sermons';
import { createTestApp, createUser, type TestApp } from '../test-app';

/** Lowered from 120 s (on the second server) so the slow client is cut off within the test. */
const REQUEST_TIMEOUT_MS = 3_000;
const MB = 1024 * 1024;

let t: TestApp;
let base: string;
let PNG: Buffer;
/** A second server with REQUEST_TIMEOUT_MS lowered, for the slow client only (big uploads on a busy machine need longer). */
let slowT: TestApp;
let slowBase: string;
const slowTargets: Target[] = [];
interface Target {
  /** The server's address, set once it listens. */
  base?: string;
  name: string;
  url: string;
  field: string;
  token: string;
  limit: number;
  fields: Record<string, string>;
}
const targets: Target[] = [];

async function setUp(env: Record<string, string>, into: Target[]): Promise<{ app: TestApp; url: string }> {
  const app = await createTestApp(env);
  const admin = await createUser(app, { role: 'admin' });
  const pastor = await createUser(app, { role: 'pastor' });
  const member = await createUser(app, { role: 'member' });
  const rooms = (await app.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token })).json().data.rooms as Array<{
    id: string;
    settings: { allowFiles: boolean; maxFileSize: number };
  }>;
  const room = rooms.find((r) => r.settings.allowFiles)!;
  expect((await app.request({ method: 'POST', url: `/api/chat/rooms/${room.id}/join`, token: member.token })).statusCode).toBe(200);
  into.push(
    {
      name: 'chat file',
      url: `/api/chat/rooms/${room.id}/files`,
      field: 'file',
      token: member.token,
      limit: room.settings.maxFileSize,
      fields: {},
    },
    {
      name: 'sermon media',
      url: '/api/sermons',
      field: 'thumbnail',
      token: pastor.token,
      limit: sermonUploadLimitBytes('thumbnail'),
      fields: { title: 'Upload abuse', speaker: 'Someone' },
    },
    { name: 'settings logo', url: '/api/settings/logo', field: 'logo', token: admin.token, limit: LOGO_MAX_BYTES, fields: {} },
  );
  const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
  for (const x of into) x.base = url;
  return { app, url };
}

beforeAll(async () => {
  PNG = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  ({ app: t, url: base } = await setUp({}, targets));
  ({ app: slowT, url: slowBase } = await setUp({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) }, slowTargets));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await slowT?.close();
});

/** Every regular file under the upload folder (relative paths). */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}
const uploaded = () => filesUnder(t.config.uploadDir);

function multipartHead(target: Target, filename: string) {
  const boundary = `----abuse${crypto.randomBytes(8).toString('hex')}`;
  let head = '';
  for (const [k, v] of Object.entries(target.fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${target.field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return { boundary, head: Buffer.from(head), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

interface Sent {
  status: number | null;
  body: string;
  sent: number;
  ms: number;
  /** The server closed the connection without an answer. */
  cut: boolean;
}

/**
 * Sends a multipart upload over a socket. `content` is either the whole file
 * or a pump that writes the file's bytes (endless, trickling …) until told the
 * server has answered. No content-length: the server cannot know the size ahead.
 */
function send(target: Target, filename: string, content: Buffer | ((write: (b: Buffer) => boolean, done: () => boolean) => Promise<void>)) {
  const { boundary, head, tail } = multipartHead(target, filename);
  const started = performance.now();
  return new Promise<Sent>((resolve) => {
    let sent = 0;
    let finished = false;
    const finish = (r: Omit<Sent, 'sent' | 'ms'>) => {
      if (finished) return;
      finished = true;
      resolve({ ...r, sent, ms: performance.now() - started });
    };
    const req = http.request(`${target.base}${target.url}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${target.token}` },
    });
    // The status line counts as the answer even if the socket is closed before the body is read.
    let answered: number | null = null;
    req.on('response', (res) => {
      answered = res.statusCode ?? null;
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => finish({ status: res.statusCode ?? null, body: text, cut: false }));
      res.on('error', () => finish({ status: res.statusCode ?? null, body: text, cut: false }));
      res.on('close', () => finish({ status: res.statusCode ?? null, body: text, cut: false }));
    });
    // A write can fail (EPIPE) just before the server's answer is read: give the answer a moment to win.
    req.on('error', () => setTimeout(() => finish({ status: answered, body: '', cut: answered === null }), 300));
    req.write(head);
    const write = (b: Buffer) => {
      sent += b.length;
      return req.write(b);
    };
    if (Buffer.isBuffer(content)) {
      write(content);
      req.end(tail);
      return;
    }
    void content(write, () => finished || req.destroyed).then(() => {
      if (!finished && !req.destroyed) req.end(tail);
    });
  });
}

const endless = (cap: number) => async (write: (b: Buffer) => boolean, done: () => boolean) => {
  const chunk = Buffer.alloc(256 * 1024, 0x41);
  write(PNG.subarray(0, 64));
  let sent = 64;
  while (!done() && sent < cap) {
    sent += chunk.length;
    if (!write(chunk)) await new Promise((r) => setTimeout(r, 5));
  }
};

/** Answers of /api/health over another socket while `work` runs: every one must come, quickly. */
async function whileServing<T>(work: Promise<T>, server = base): Promise<{ result: T; health: number[] }> {
  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const status = await new Promise<number>((resolve) =>
        http
          .get(`${server}/api/health`, { agent: false }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)))
          .on('error', (e) => {
            console.log('[uploads] health probe error', String(e));
            resolve(0);
          }),
      );
      expect(status).toBe(200);
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const result = await work;
  running = false;
  await probe;
  return { result, health };
}

describe.each([0, 1, 2])('upload abuse: %#', (i) => {
  const target = () => targets[i]!;

  it('an endless stream is cut at the limit with 413, and nothing is kept', async () => {
    const before = uploaded();
    const cap = target().limit + 64 * MB;
    const { result, health } = await whileServing(send(target(), 'big.png', endless(cap)));
    console.log(
      `[uploads] ${target().name}: endless stream → ${result.status ?? 'connection closed'} after ${(result.sent / MB).toFixed(1)} MB ` +
        `(limit ${(target().limit / MB).toFixed(1)} MB) in ${result.ms.toFixed(0)} ms; health slowest ${Math.max(...health).toFixed(0)} ms`,
    );
    // The 413 is sent at the limit; a client that keeps writing may see the connection reset before it reads
    // that answer (the server stops reading and closes; TCP then drops what the client had not yet read).
    // Either way the upload is refused at the limit and nothing is kept.
    if (result.status === null) expect(result.cut).toBe(true);
    else expect(result.status, result.body).toBe(413);
    // Cut near the limit, long before the endless sender's own cap (limit + 64 MB). Socket buffers hold a
    // few MB, and on a busy machine the sender writes more before it sees the cut (29.6 MB against a 10 MB
    // limit once at load 15 on 2 cores): what is proved is that the server stopped reading, not how fast.
    expect(result.sent).toBeLessThan(target().limit + 32 * MB);
    expect(Math.max(...health)).toBeLessThan(2_000);
    await expect.poll(uploaded, { timeout: 5_000 }).toEqual(before);
  }, 60_000);

  it('wrong bytes under a right name → 415, nothing kept', async () => {
    const before = uploaded();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), crypto.randomBytes(4_000)]);
    for (const [name, bytes] of [
      ['photo.png', exe],
      ['logo.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['cover.webp', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), crypto.randomBytes(2_000)])], // ELF
    ] as const) {
      const res = await send(target(), name, bytes);
      expect(res.status, `${name}: ${res.body}`).toBe(415);
    }
    expect(uploaded()).toEqual(before);
  });

  it('path-traversal names never leave the upload folder (the name is not used to store)', async () => {
    const before = uploaded();
    const names = [
      '../../../../../../tmp/evil.png',
      '..\\..\\..\\evil.png',
      '/etc/evil.png',
      'evil.png\u0000.exe',
      '%2e%2e%2f%2e%2e%2fevil.png',
    ];
    for (const name of names) {
      const res = await send(target(), name, PNG);
      // Refused, or stored under a name of the server's own (UUID) inside the upload folder.
      expect([201, 200, 400, 415], `${name}: ${res.body}`).toContain(res.status);
    }
    expect(fs.existsSync('/tmp/evil.png')).toBe(false);
    expect(fs.existsSync(path.resolve(t.config.uploadDir, '..', 'evil.png'))).toBe(false);
    expect(filesUnder(t.config.dataDir).filter((f) => f.includes('evil'))).toEqual([]);
    for (const f of uploaded().filter((x) => !before.includes(x))) expect(path.basename(f)).toMatch(/^(logo-)?[0-9a-f-]{36}(\.\w+)?$/);
  });

  it('a file of zero bytes is refused, nothing kept', async () => {
    const before = uploaded();
    const res = await send(target(), 'empty.png', Buffer.alloc(0));
    expect([400, 415], res.body).toContain(res.status);
    expect(uploaded()).toEqual(before);
  });
});

describe('a client sending one byte a second', () => {
  it(`is cut off after REQUEST_TIMEOUT_MS (${REQUEST_TIMEOUT_MS} ms) on every upload, nothing kept, others served meanwhile`, async () => {
    const before = filesUnder(slowT.config.uploadDir);
    const trickle = async (write: (b: Buffer) => boolean, done: () => boolean) => {
      write(PNG.subarray(0, 100));
      for (let i = 100; i < PNG.length && !done(); i += 1) {
        write(PNG.subarray(i, i + 1));
        await new Promise((r) => setTimeout(r, 1_000));
      }
    };
    const { result, health } = await whileServing(Promise.all(slowTargets.map((x) => send(x, 'slow.png', trickle))), slowBase);
    for (const [i, r] of result.entries()) {
      console.log(
        `[uploads] ${targets[i]!.name}: one byte a second → ${r.status ?? 'connection closed'} after ${r.ms.toFixed(0)} ms (${r.sent} bytes)`,
      );
      // 408 from the server's request timeout (or the connection closed by it), well before the file could finish.
      expect(r.status === 408 || r.cut, `${targets[i]!.name}: ${r.status} ${r.body}`).toBe(true);
      expect(r.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);
    }
    console.log(`[uploads] health during the slow clients: ${health.length} checks, slowest ${Math.max(...health).toFixed(0)} ms`);
    expect(Math.max(...health)).toBeLessThan(2_000);
    await expect.poll(() => filesUnder(slowT.config.uploadDir), { timeout: 5_000 }).toEqual(before);
  }, 30_000);
});
