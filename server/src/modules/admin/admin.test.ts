import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/system', () => {
  it('answers an administrator with the version, database, job queue and mail counts', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await t.database.db.insert(emailOutbox).values([
      { toAddress: 'a@example.org', subject: 'Waiting', bodyText: 'x' },
      { toAddress: 'b@example.org', subject: 'Sent', bodyText: 'x', sentAt: new Date('2026-11-01T10:00:00Z') },
      { toAddress: 'c@example.org', subject: 'Failed', bodyText: 'x', failedAt: new Date(), error: 'refused' },
    ]);
    const res = await t.request({ method: 'GET', url: '/api/admin/system', token: admin.token });
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.database).toMatchObject({ kind: process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite', ok: true });
    expect(d.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(d.schema).toMatch(/^\d{4}_/);
    expect(d.smtpConfigured).toBe(false);
    expect(d.mail).toEqual({ queued: 1, sent: 1, failed: 1, lastSentAt: '2026-11-01T10:00:00.000Z' });
    expect(Array.isArray(d.jobs)).toBe(true);
    for (const j of d.jobs) expect(j).toEqual({ queue: expect.any(String), state: expect.any(String), count: expect.any(Number) });
    expect(d.members).toBeGreaterThanOrEqual(1);
  });

  it('refuses without sign-in (401) and every role but admin and superadmin (403)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'pastor', 'developer'] as const) {
      const u = await createUser(t, { role });
      expect((await t.request({ method: 'GET', url: '/api/admin/system', token: u.token })).statusCode).toBe(403);
    }
    const sa = await createUser(t, { role: 'superadmin' });
    expect((await t.request({ method: 'GET', url: '/api/admin/system', token: sa.token })).statusCode).toBe(200);
  });
});
