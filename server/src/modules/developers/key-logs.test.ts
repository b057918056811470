/**
 * Issue 14: "a key never readable after creation (not in logs, not in any
 * response)". The server's own logger, at its most talkative level, writes
 * into a buffer while a key is created, used every way a client can send it
 * (X-API-Key, bearer, in a query string), verified, refused and revoked; not
 * one log line may carry the key or its secret part.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp, createApprovedKey } from '../../../test/test-app';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'trace', stream: capture } });
});
afterAll(() => t?.close());

it('an API key never appears in the server log', async () => {
  const dev = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  const { id, key } = await createApprovedKey(t, dev.token, 'basic', 'Log check');
  const secret = key.slice('chk_live_'.length);

  expect((await t.request({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  expect((await t.request({ method: 'GET', url: '/api/chat/rooms', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);
  // Refused answers log too (403 for a permission the tier lacks, 400 for a bad body).
  expect((await t.request({ method: 'POST', url: '/api/events', headers: { 'x-api-key': key }, payload: {} })).statusCode).toBe(403);
  // A client that puts the key where it does not belong: the URL's query string.
  await t.request({ method: 'GET', url: `/api/events?api_key=${key}` });
  await t.request({ method: 'POST', url: '/api/developers/verify-key', payload: { apiKey: key } });
  expect((await t.request({ method: 'DELETE', url: `/api/developers/api-keys/${id}`, token: dev.token })).statusCode).toBe(200);
  // A revoked key is refused (401), and that refusal is logged without the key.
  expect((await t.request({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } })).statusCode).toBe(401);
  await new Promise((r) => setImmediate(r));

  const log = lines.join('');
  // The log really ran and saw these requests (else this test could not fail).
  expect(log).toContain('/api/events');
  expect(log).toContain('/api/developers/verify-key');
  expect(log).not.toContain(key);
  expect(log).not.toContain(secret);
  expect(log).not.toContain(secret.slice(0, 16));
});
