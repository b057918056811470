import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@church/contract/roles';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/context';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { eq } from 'drizzle-orm';
import { apiKeys, users, type UserRow } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/passwords';
import { scratchDatabase } from '../src/realtime/test-servers';
import { startSession } from '../src/modules/auth/sessions';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  config: Config;
  /** app.inject with an optional bearer token; body objects are sent as JSON. */
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'Correct-Horse-42';

/**
 * A fresh app on a fresh database (PGlite copy, or a PostgreSQL database
 * cloned from the migrated template when TEST_DB_KIND=postgres).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** A logger for tests that read what the server logs (default: none). */
  opts: { logger?: Parameters<typeof buildApp>[0]['logger'] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'church-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests write rows straight into the database and read them back at once: no kept answers
    // unless a test asks (plugins/public-cache.test.ts does).
    PUBLIC_CACHE_SECONDS: '0',
    // Outside services are local stand-ins in tests: a test that wants the Bible API starts its own fake.
    BIBLE_API_BASE: 'http://127.0.0.1:9/unreachable',
    ...env,
  });
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.TEST_DB_KIND === 'postgres') {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, { template: inject('pgTemplate'), prefix: 'church_t' });
    config.databaseUrl = scratch.url;
    database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 4 });
    dropDatabase = scratch.drop;
  } else {
    const dump = fs.readFileSync(inject('pgliteDump'));
    database = await openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const { app, ctx } = await buildApp({
    config,
    database,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    logger: opts.logger ?? false,
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    config,
    request: ({ token, headers, ...opts }) =>
      app.inject({ ...opts, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
let cachedHash: Promise<string> | undefined;

/** A user of the given role with TEST_PASSWORD, and a token for them. */
export async function createUser(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<{ user: UserRow; token: string }> {
  counter += 1;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await t.database.db
    .insert(users)
    .values({
      name: `Test Person ${counter}`,
      email: `person${counter}.${crypto.randomBytes(3).toString('hex')}@example.org`,
      passwordHash: await cachedHash,
      role: 'member',
      ...overrides,
    })
    .returning();
  const token = await startSession(t.database.db, t.ctx.tokens, user!);
  return { user: user!, token };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = <T = any>(res: LightMyRequestResponse): T => res.json() as T;

/**
 * Creates an API key through the API as `token`'s owner would and, for a paid tier, approves its plan as
 * the church would (a paid plan works as Free until approved: contract/developer-tiers.ts). Call before
 * the key's first request, so no instance holds it in its cache as Free.
 */
export async function createApprovedKey(
  t: TestApp,
  token: string,
  pricingTier: string,
  name = `${pricingTier} key`,
): Promise<{ id: string; key: string; pricingTier: string; expiresAt: string | null; permissions: string[] }> {
  const res = await t.request({ method: 'POST', url: '/api/developers/api-keys', token, payload: { name, pricingTier } });
  if (res.statusCode !== 201) throw new Error(`creating the key answered ${res.statusCode}: ${res.body}`);
  const created = json(res).data.apiKey as { id: string; key: string; pricingTier: string; expiresAt: string | null; permissions: string[] };
  if (pricingTier !== 'free') await t.database.db.update(apiKeys).set({ approvedAt: new Date() }).where(eq(apiKeys.id, created.id));
  return created;
}
