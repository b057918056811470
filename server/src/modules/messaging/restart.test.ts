/**
 * Issue 13: "a scheduled message survives a server restart and is sent once".
 * The app is built, a message scheduled, and the app closed with no worker
 * having run; a new app over the SAME database (the PGlite data directory
 * reopened from disk, or the same PostgreSQL database) starts its workers
 * the way the server does and sends it. A third start over the sent message
 * must not send anything again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { bulkMessages, notifications, users } from '../../db/schema/index';
import { scratchDatabase } from '../../realtime/test-servers';
import { SEND_JOB } from './service';
import { startSession } from '../auth/sessions';

const isPg = process.env.TEST_DB_KIND === 'postgres';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'church-restart-'));
const jwtSecret = crypto.randomBytes(32).toString('hex');
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
});
const pgliteDir = path.join(dataDir, 'db');
let dropDatabase: (() => Promise<void>) | undefined;

afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens the one database: created on the first call, reopened (from disk on PGlite) after. */
async function open(first: boolean): Promise<Database> {
  if (isPg) {
    if (first) {
      const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, { template: inject('pgTemplate'), prefix: 'church_restart' });
      config.databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
    return openDatabase({ databaseUrl: config.databaseUrl, poolMax: 4 });
  }
  return first ? openDatabase({ pgliteDir, loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump'))]) }) : openDatabase({ pgliteDir });
}

/** One server life: the app over the database, with the job workers on when `workers` (as start.ts does). */
async function life(first: boolean, workers: boolean) {
  const database = await open(first);
  const { app, ctx } = await buildApp({ config, database, jwtSecret, logger: false });
  await app.ready();
  if (workers) await ctx.jobs.start();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('a scheduled message survives a restart and is sent exactly once', async () => {
  // Life 1: people, a pastor, and a message scheduled for this minute in the church's time zone; no worker runs.
  const one = await life(true, false);
  const [pastor] = await one.database.db
    .insert(users)
    .values({ name: 'Pastor Restart', email: 'pastor.restart@example.org', passwordHash: 'x', role: 'pastor' })
    .returning();
  await one.database.db.insert(users).values(
    Array.from({ length: 5 }, (_, i) => ({
      name: `Member ${i}`,
      email: `restart.member${i}@example.org`,
      passwordHash: 'x',
      role: 'member',
    })),
  );
  const token = await startSession(one.ctx.db, one.ctx.tokens, pastor!);
  // "Now" in Africa/Johannesburg (the default time zone, UTC+2, no DST): due at once, scheduled all the same.
  const local = new Date(Date.now() + 2 * 3_600_000).toISOString();
  const res = await one.app.inject({
    method: 'POST',
    url: '/api/notifications/bulk',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      subject: 'Survives a restart',
      message: 'Hello {firstName}',
      recipientType: 'all',
      schedule: 'scheduled',
      scheduledDate: local.slice(0, 10),
      scheduledTime: local.slice(11, 16),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.bulkMessage.id as string;
  expect(res.json().data.bulkMessage.status).toBe('scheduled');
  await one.close();

  // Life 2: a new process over the same database sends it with its workers.
  const two = await life(false, true);
  const status = async (db: Database) => (await db.db.select().from(bulkMessages).where(eq(bulkMessages.id, id)))[0]!.status;
  await until(async () => (await status(two.database)) === 'sent', 60_000);
  const count = async (db: Database) => {
    const rows = await db.db
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.title, 'Survives a restart'))
      .groupBy(notifications.userId);
    return rows;
  };
  const afterSend = await count(two.database);
  // Everyone active: the pastor and the five members, each once.
  expect(afterSend).toHaveLength(6);
  expect(afterSend.every((r) => r.n === 1)).toBe(true);
  expect((await two.ctx.jobs.getJob(SEND_JOB, id))?.state).toBe('completed');
  await two.close();

  // Life 3: starting again over the sent message sends nothing more.
  const three = await life(false, true);
  await new Promise((r) => setTimeout(r, 3000));
  expect(await count(three.database)).toEqual(afterSend);
  expect(await status(three.database)).toBe('sent');
  await three.close();
}, 180_000);
