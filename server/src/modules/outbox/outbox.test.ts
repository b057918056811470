import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/outbox', () => {
  it('lets an admin read the delivery log (never a reset link) and nobody else', async () => {
    const { user } = await createUser(t, { email: 'needs.reset@example.org' });
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const { token: admin } = await createUser(t, { role: 'admin' });
    const res = await t.request({ method: 'GET', url: '/api/outbox?limit=5', token: admin });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data).toMatchObject({ page: 1, limit: 5, total: 1 });
    expect(body.data.mails[0]).toMatchObject({ to: user.email, kind: 'password-reset', sentAt: null });
    // Reset secrets are readable by their owner alone: no body, and nothing in the answer holds the link.
    expect(body.data.mails[0]).not.toHaveProperty('body');
    expect(res.body).not.toContain('reset-password?token=');

    const { token: pastor } = await createUser(t, { role: 'pastor' });
    expect((await t.request({ method: 'GET', url: '/api/outbox', token: pastor })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/outbox?limit=1000', token: admin })).statusCode).toBe(400);
  });
});
