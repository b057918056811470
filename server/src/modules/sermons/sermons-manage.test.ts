import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { sermons, sermonViews } from '../../db/schema/index';
import { mediaDir } from './upload';

let t: TestApp;
let pastor: { token: string; id: string };
let id: string;
const AUDIO = Buffer.alloc(2000, 9);

beforeAll(async () => {
  t = await createTestApp();
  const p = await createUser(t, { role: 'pastor' });
  pastor = { token: p.token, id: p.user.id };
  const [row] = await t.database.db
    .insert(sermons)
    .values({ title: 'Light in the Darkness', speaker: 'Pastor Thandi', preachedOn: new Date(), audioFile: 'light.mp3', published: true })
    .returning();
  id = row!.id;
  fs.mkdirSync(mediaDir(t.config.uploadDir, 'audio'), { recursive: true });
  fs.writeFileSync(path.join(mediaDir(t.config.uploadDir, 'audio'), 'light.mp3'), AUDIO);
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  token?: string,
  payload?: object,
  headers?: Record<string, string>,
) => t.request({ method, url, token, payload, headers });
const publicIds = async () => json(await req('GET', '/api/sermons/public')).data.sermons.map((s: { id: string }) => s.id);

describe('publish and unpublish', () => {
  it('hides an unpublished sermon, its detail and its media from visitors, and brings them back', async () => {
    expect(await publicIds()).toContain(id);
    const off = await req('PATCH', `/api/sermons/${id}/unpublish`, pastor.token);
    expect(json(off).data.sermon.published).toBe(false);
    expect(await publicIds()).not.toContain(id);
    expect((await req('GET', `/api/sermons/public/${id}`)).statusCode).toBe(404);
    expect((await req('GET', '/api/sermons/audio/light.mp3')).statusCode).toBe(404);
    // The pastor still sees it in the management list.
    const all = json(await req('GET', '/api/sermons/all?status=unpublished', pastor.token)).data.sermons;
    expect(all.map((s: { id: string }) => s.id)).toContain(id);
    await req('PATCH', `/api/sermons/${id}/publish`, pastor.token);
    expect(await publicIds()).toContain(id);
    expect((await req('GET', '/api/sermons/audio/light.mp3', undefined, undefined, { range: 'bytes=0-9' })).statusCode).toBe(206);
  });
});

describe('views', () => {
  it('counts a view once per visitor per day', async () => {
    const view = (ua: string) => req('GET', `/api/sermons/public/${id}`, undefined, undefined, { 'user-agent': ua });
    const start = json(await view('Browser A')).data.sermon.views;
    expect(json(await view('Browser A')).data.sermon.views).toBe(start);
    expect(json(await view('Browser B')).data.sermon.views).toBe(start + 1);
    // The next day the same visitor counts again.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { createSermonsService } = await import('./service');
    const { createSermonsManageRepository } = await import('./manage-repository');
    const s = createSermonsService({
      repo: createSermonsManageRepository(t.database.db),
      uploadDir: t.config.uploadDir,
      hashKey: t.ctx.hashKey,
    });
    const ip = '127.0.0.1';
    const again = await s.view(id, ip, 'Browser A', new Date(`${tomorrow}T12:00:00Z`));
    expect(again.views).toBe(start + 2);
    // No address is stored: only keyed hashes.
    const rows = await t.database.db.select({ visitor: sermonViews.visitor }).from(sermonViews);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.visitor).not.toContain('127.0.0.1');
  });
});

describe('edit, stats and delete', () => {
  it('edits the details with the same validation as the upload', async () => {
    const bad = await req('PUT', `/api/sermons/${id}`, pastor.token, { title: '', speaker: 'X' });
    expect(bad.statusCode).toBe(400);
    const res = await req('PUT', `/api/sermons/${id}`, pastor.token, {
      title: 'Light Shines',
      speaker: 'Pastor Thandi',
      series: 'Advent',
      date: '2026-11-01',
      published: true,
    });
    expect(json(res).data.sermon).toMatchObject({ title: 'Light Shines', series: 'Advent', date: '2026-11-01T10:00:00.000Z' });
    const stats = json(await req('GET', '/api/sermons/stats', pastor.token)).data.stats;
    expect(stats).toMatchObject({ total: 1, published: 1, unpublished: 0, series: 1 });
  });

  it('deletes the sermon and removes its media files', async () => {
    const file = path.join(mediaDir(t.config.uploadDir, 'audio'), 'light.mp3');
    expect(fs.existsSync(file)).toBe(true);
    expect((await req('DELETE', `/api/sermons/${id}`, pastor.token)).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await req('GET', `/api/sermons/${id}`, pastor.token)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/sermons/${id}`, pastor.token)).statusCode).toBe(404);
  });
});

describe('preparation notes', () => {
  it('saves notes per pastor; another pastor cannot see or change them', async () => {
    const created = await req('POST', '/api/sermons/preparations', pastor.token, {
      title: 'The Good Shepherd',
      scriptures: 'John 10:1-18',
      outline: '1. The gate\n2. The voice',
      series: 'I Am',
      date: '2026-12-06',
      status: 'draft',
    });
    expect(created.statusCode).toBe(201);
    const prep = json(created).data.preparation;
    expect(prep).toMatchObject({ title: 'The Good Shepherd', date: '2026-12-06', status: 'draft', sermonId: null });
    const other = await createUser(t, { role: 'pastor' });
    expect(json(await req('GET', '/api/sermons/preparations', other.token)).data.preparations).toEqual([]);
    expect((await req('GET', `/api/sermons/preparations/${prep.id}`, other.token)).statusCode).toBe(404);
    expect((await req('PUT', `/api/sermons/preparations/${prep.id}`, other.token, { title: 'Mine now' })).statusCode).toBe(404);
    const updated = await req('PUT', `/api/sermons/preparations/${prep.id}`, pastor.token, { ...prep, status: 'ready' });
    expect(json(updated).data.preparation.status).toBe('ready');
    expect((await req('POST', '/api/sermons/preparations', pastor.token, { title: '' })).statusCode).toBe(400);
    expect((await req('DELETE', `/api/sermons/preparations/${prep.id}`, pastor.token)).statusCode).toBe(200);
  });
});

describe('who may call', () => {
  const routes: [method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, body?: object][] = [
    ['GET', '/api/sermons/all'],
    ['GET', '/api/sermons/stats'],
    ['GET', '/api/sermons/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/sermons/00000000-0000-4000-8000-000000000000', { title: 'x', speaker: 'y' }],
    ['PATCH', '/api/sermons/00000000-0000-4000-8000-000000000000/publish'],
    ['PATCH', '/api/sermons/00000000-0000-4000-8000-000000000000/unpublish'],
    ['DELETE', '/api/sermons/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/sermons/preparations'],
    ['POST', '/api/sermons/preparations', { title: 'x' }],
  ];
  it('answers 401 without sign-in and 403 to every role below pastor', async () => {
    const tokens = await Promise.all(
      (['member', 'volunteer', 'deacon', 'elder', 'developer'] as const).map(async (role) => (await createUser(t, { role })).token),
    );
    for (const [method, url, body] of routes) {
      expect((await req(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const token of tokens) expect((await req(method, url, token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const admin = await createUser(t, { role: 'admin' });
    expect((await req('GET', '/api/sermons/all', admin.token)).statusCode).toBe(200);
  });
});
