import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { startSession } from '../modules/auth/sessions';

/**
 * On the embedded database signed-in requests find their user in memory (plugins/user-cache.ts). A
 * change to the person must still take effect on the very next request, whichever code path wrote it
 * and on every instance: each test warms the cache first, then changes the row and asks again at once.
 * On PostgreSQL the same tests run with two instances too.
 */
const isPg = process.env.TEST_DB_KIND === 'postgres';
let t: TestApp;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_IP: '100000' });
});
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
  await t.close();
});

const runs = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/giving/certificates/runs?taxYear=2026', headers: { authorization: `Bearer ${token}` } });
const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('the signed-in user cache', () => {
  it('sees a permission granted straight in the database on the next request (no token change, no HTTP write)', async () => {
    const member = await createUser(t);
    expect((await runs(t.app, member.token)).statusCode).toBe(403);
    expect((await runs(t.app, member.token)).statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ permissions: ['finance:read'] })
      .where(eq(users.id, member.user.id));
    expect((await runs(t.app, member.token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ permissions: [] }).where(eq(users.id, member.user.id));
    expect((await runs(t.app, member.token)).statusCode).toBe(403);
  });

  it('refuses the old token at once after a role change, a disabled account or a deletion', async () => {
    for (const change of [{ role: 'deacon' }, { isActive: false }, null] as const) {
      const member = await createUser(t);
      expect((await me(t.app, member.token)).statusCode).toBe(200);
      if (change) await t.database.db.update(users).set(change).where(eq(users.id, member.user.id));
      else await t.database.db.delete(users).where(eq(users.id, member.user.id));
      expect((await me(t.app, member.token)).statusCode).toBe(401);
    }
  });

  it('refuses the old token after a password change through the API', async () => {
    const member = await createUser(t);
    expect((await me(t.app, member.token)).statusCode).toBe(200);
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/auth/update-password',
      token: member.token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-43' },
    });
    expect(changed.statusCode).toBeLessThan(300);
    expect((await me(t.app, member.token)).statusCode).toBe(401);
  });

  // PostgreSQL does not keep users (app.ts): this is what keeps it that way.
  it.skipIf(!isPg)('on two instances: a change made through one takes effect on the other at once', async () => {
    // Instance B: its own pool and its own LISTEN connection, as a second process behind a load balancer.
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, poolMax: 4 });
    cleanups.push(() => database.close());
    const b = await buildApp({ config: t.config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
    cleanups.push(() => b.app.close());
    await b.app.ready();
    const member = await createUser(t);
    const onB = await startSession(b.ctx.db, b.ctx.tokens, member.user);
    expect((await runs(b.app, onB)).statusCode).toBe(403);
    // A grant through instance A's database handle: B learns of it from the database's announcement alone.
    await t.database.db
      .update(users)
      .set({ permissions: ['finance:read'] })
      .where(eq(users.id, member.user.id));
    expect((await runs(b.app, onB)).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: 'deacon' }).where(eq(users.id, member.user.id));
    expect((await me(b.app, onB)).statusCode).toBe(401);
  });
});
