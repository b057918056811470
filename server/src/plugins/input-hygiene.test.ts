import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, createUser, json, type TestApp } from '../../test/test-app';
import { findBadText } from './input-hygiene';

let t: TestApp;
let member: { token: string };
let general: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t, { role: 'admin' });
  member = await createUser(t, { role: 'member' });
  const rooms = json(await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token })).data.rooms;
  general = rooms.find((r: { name: string }) => r.name === 'General Chat').id;
  await t.request({ method: 'POST', url: `/api/chat/rooms/${general}/join`, token: member.token });
});
afterAll(() => t.close());

const contact = (over: Record<string, unknown>) => ({
  method: 'POST' as const,
  url: '/api/contact-messages',
  payload: { name: 'Thandi Mokoena', email: 'thandi@example.org', message: 'Hello', ...over },
});

describe('NUL characters and lone surrogates are refused at the edge, for every route', () => {
  it('refuses a NUL in a body string with a 400 naming the field', async () => {
    const res = await t.request(contact({ name: 'Thandi\u0000' }));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Text must not contain a NUL character (found in body.name). Remove it and try again.');
  });

  it('refuses a NUL in an anonymous search parameter', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sermons/public?search=%00' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('querystring.search');
  });

  it('refuses a NUL in a path parameter', async () => {
    const res = await t.request({ method: 'GET', url: '/api/events/%00' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a lone surrogate in a JSON body (escaped as \\ud800)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Bad \\ud800 name","email":"a@example.org","message":"hi"}',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('unpaired UTF-16 surrogate');
  });

  it('refuses bad text in object keys and deep inside arrays', () => {
    expect(findBadText({ a: [{ b: ['ok', 'x\u0000'] }] }, 'body')).toEqual({ path: 'body.a.0.b.1', problem: 'NUL character' });
    expect(findBadText({ ['k\udc00']: 1 }, 'body')?.problem).toBe('unpaired UTF-16 surrogate');
    expect(findBadText({ emoji: '🙏 amen' }, 'body')).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep, 'body')?.problem).toBe('NUL character');
  });

  it('still accepts ordinary text with emoji and accents', async () => {
    const res = await t.request(contact({ name: 'Zoë 🙏 Naidoo' }));
    expect(res.statusCode).toBe(201);
  });
});

describe('a signed token whose subject is not a user id', () => {
  it('is a 401 on a signed-in route, never a 500', async () => {
    const token = await t.ctx.tokens.sign({ sub: 'not-a-uuid', tv: 0, sid: crypto.randomUUID() });
    const res = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(res.statusCode).toBe(401);
  });

  it('is ignored on a public route', async () => {
    const token = await t.ctx.tokens.sign({ sub: "1' or '1'='1", tv: 0, sid: crypto.randomUUID() });
    expect((await t.request({ method: 'GET', url: '/api/sermons/public', token })).statusCode).toBe(200);
  });
});

describe('broken multipart on the chat upload', () => {
  const boundary = '----broken-boundary';
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

  it('a body cut off in the middle of the file part is a 400', async () => {
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`;
    const res = await t.request({ method: 'POST', url: `/api/chat/rooms/${general}/files`, token: member.token, headers, payload });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('not valid multipart/form-data');
  });

  it('garbage instead of parts is a 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/files`,
      token: member.token,
      headers,
      payload: 'this is not multipart at all',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a multipart header without a boundary is a 4xx', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/files`,
      token: member.token,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('query parameters are never logged', () => {
  it('a failed query logs its SQL but not its parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app } = await buildApp({
      config: t.config,
      database: t.database,
      jwtSecret: crypto.randomBytes(32).toString('hex'),
      logger: { level: 'error', stream },
    });
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ';
    app.get('/boom', async () => t.database.db.execute(sql`select length(${secret}) / 0`));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('Failed query');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('argon2');
  });
});
