import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { APP_VERSION, codeSchemaVersion } from './version';
import { readBackup } from './backup/read-backup';

const METRICS_TOKEN = 'metrics-token-'.padEnd(40, 'x');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('reports the version and the schema the server runs', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.version).toBe(APP_VERSION);
    expect(body.data.schema).toBe(codeSchemaVersion().tag);
    expect(body.data.database.ok).toBe(true);
  });

  it('is ready when the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ ready: true, shuttingDown: false, checks: { database: { ok: true }, jobs: { ok: true } } });
  });
});

describe('request ids', () => {
  it('keeps a plain X-Request-Id from the proxy and answers with it', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(res.headers['x-request-id']).toBe('proxy-abc.123');
  });

  it('replaces an unsafe or overlong id with its own', async () => {
    for (const bad of ['a b\nc', 'x'.repeat(65)]) {
      const res = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('GET /metrics', () => {
  it('requires sign-in', async () => {
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/metrics', token: 'not-the-token' })).statusCode).toBe(401);
  });

  it('refuses members and pastors', async () => {
    for (const role of ['member', 'pastor'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ method: 'GET', url: '/metrics', token })).statusCode).toBe(403);
    }
  });

  it('serves administrators and the configured token, labelled by route pattern', async () => {
    const { token } = await createUser(t, { role: 'admin' });
    await t.request({ method: 'GET', url: '/api/events/00000000-0000-4000-8000-000000000000?secret=1' });
    const res = await t.request({ method: 'GET', url: '/metrics', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).toContain('route="/api/events/:id"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).not.toContain('secret');
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toMatch(/websocket_connections \d+/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    const scraper = await t.request({ method: 'GET', url: '/metrics', token: METRICS_TOKEN });
    expect(scraper.statusCode).toBe(200);
  });
});

describe('GET /api/ops/backup', () => {
  it('requires sign-in and the superadmin (a backup holds every password hash)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/ops/backup' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/ops/backup', headers: { 'x-ops-token': 'guess' } })).statusCode).toBe(401);
    for (const role of ['member', 'pastor', 'admin'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ method: 'GET', url: '/api/ops/backup', token })).statusCode).toBe(403);
    }
  });

  it('streams a whole, valid backup to the superadmin', async () => {
    const { token } = await createUser(t, { role: 'superadmin' });
    const res = await t.request({ method: 'GET', url: '/api/ops/backup', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="church-backup-.*\.tar"$/);
    const file = path.join(os.tmpdir(), `ops-route-${process.pid}.tar`);
    fs.writeFileSync(file, res.rawPayload);
    try {
      const { entries } = await readBackup(file);
      expect(entries.find((e) => e.name.endsWith('-users.jsonl'))?.rows).toBeGreaterThan(0);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
