/**
 * Jobs are not part of a backup (the backup holds the church's tables, not
 * the job queue's). A database restored from a backup therefore holds
 * scheduled messages whose jobs do not exist: never sent, and "too late to
 * cancel". Every start gives such a message its job again — once, however
 * many instances start together.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { bulkMessages, notifications, users } from '../../db/schema/index';
import { JOBS_SCHEMA } from '../../jobs/executor';
import { createJobQueue } from '../../jobs/queue';
import { auditPort } from '../care/audit-port';
import { restoreBackup } from '../ops/backup/restore';
import { writeBackup } from '../ops/backup/write-backup';
import { createMessagingService, SEND_JOB } from './service';
import { startSession } from '../auth/sessions';

const isPg = process.env.TEST_DB_KIND === 'postgres';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-orphans-'));
const cleanups: Array<() => Promise<unknown>> = [];
let a: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  a = await createTestApp();
  pastor = await createUser(a, { role: 'pastor', name: 'Pastor Thabo' });
  for (const name of ['Ayanda Mokoena', 'Bongani Zulu', 'Chantal Pillay']) await createUser(a, { name });
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await a?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Date and time in the church's zone (Africa/Johannesburg, UTC+2, no DST), `minutes` from now. */
function local(minutes: number) {
  const iso = new Date(Date.now() + minutes * 60_000 + 2 * 3_600_000).toISOString();
  return { scheduledDate: iso.slice(0, 10), scheduledTime: iso.slice(11, 16) };
}

async function schedule(app: TestApp, token: string, subject: string, minutes: number) {
  const res = await app.request({
    method: 'POST',
    url: '/api/notifications/bulk',
    token,
    payload: { subject, message: 'Hello {firstName}', recipientType: 'all', schedule: 'scheduled', ...local(minutes) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.bulkMessage.id as string;
}

/** The message's jobs that can still run. */
async function liveJobs(database: Database, messageId: string) {
  const res = (await database.db.execute(sql`
    select j.id::text as id, j.start_after as "startAfter" from ${sql.raw(JOBS_SCHEMA)}.job j
    where j.name = ${SEND_JOB} and j.data->>'messageId' = ${messageId} and j.state in ('created', 'retry', 'active')`)) as unknown as {
    rows: { id: string; startAfter: string | Date }[];
  };
  return res.rows;
}

/** A server's start over the same database, up to where it would listen (start.ts: build, ready, listen). */
async function start(database: Database, config: TestApp['config']) {
  const { app } = await buildApp({ config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

it('after a restore, scheduled messages get their jobs back on start: the due one is sent once, the later one can be cancelled', async () => {
  const later = await schedule(a, pastor.token, 'Tomorrow, restored', 24 * 60);
  const due = await schedule(a, pastor.token, 'Due now, restored', 0);
  const file = path.join(dir, 'church.backup');
  await writeBackup(a.database, a.config.uploadDir, fs.createWriteStream(file));

  // A new installation (its own, empty job queue) restores the backup.
  const b = await createTestApp();
  cleanups.push(() => b.close());
  await restoreBackup(b.database, b.config.uploadDir, file);
  const [restoredPastor] = await b.database.db.select().from(users).where(eq(users.id, pastor.user.id));
  const token = await startSession(b.ctx.db, b.ctx.tokens, restoredPastor!);
  expect(await liveJobs(b.database, later)).toEqual([]);
  expect(await liveJobs(b.database, due)).toEqual([]);
  // Without its job the message is stuck: nothing would send it, and cancelling finds nothing to withdraw.
  expect((await b.request({ method: 'POST', url: `/api/messages/${later}/cancel`, token })).statusCode).toBe(409);

  // The server starts on the restored database.
  await start(b.database, b.config);
  const [laterJob] = await liveJobs(b.database, later);
  expect(laterJob).toBeDefined();
  // Due when it was scheduled for (minute precision), not at once.
  const [laterRow] = await b.database.db.select().from(bulkMessages).where(eq(bulkMessages.id, later));
  expect(new Date(laterJob!.startAfter).getTime()).toBe(laterRow!.scheduledFor!.getTime());
  expect(laterRow!.jobId).toBe(laterJob!.id);
  expect(await liveJobs(b.database, due)).toHaveLength(1);

  await b.ctx.jobs.drain({ names: [SEND_JOB] });
  const [dueRow] = await b.database.db.select().from(bulkMessages).where(eq(bulkMessages.id, due));
  expect(dueRow!.status).toBe('sent');
  const perPerson = await b.database.db
    .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.title, 'Due now, restored'))
    .groupBy(notifications.userId);
  expect(perPerson).toHaveLength(4);
  expect(perPerson.every((r) => r.n === 1)).toBe(true);

  // The later one is an ordinary scheduled message again: it can be withdrawn.
  expect((await b.request({ method: 'POST', url: `/api/messages/${later}/cancel`, token })).statusCode).toBe(200);
  expect(await liveJobs(b.database, later)).toEqual([]);

  // Starting again finds nothing to do.
  await start(b.database, b.config);
  expect(await liveJobs(b.database, later)).toEqual([]);
  expect(await liveJobs(b.database, due)).toEqual([]);
}, 180_000);

it('instances starting together queue a lost job once', async () => {
  const id = await schedule(a, pastor.token, 'Lost job, two instances', 24 * 60);
  // As a restore leaves it: the message, and no job.
  await a.database.db.execute(sql`delete from ${sql.raw(JOBS_SCHEMA)}.job where name = ${SEND_JOB} and data->>'messageId' = ${id}`);
  expect(await liveJobs(a.database, id)).toEqual([]);

  // Two instances (on PostgreSQL each with its own connection pool; the embedded database has one connection),
  // each checking several times at once, so that every check reads the lost job before any has queued it.
  const second = isPg ? await openDatabase({ databaseUrl: a.config.databaseUrl, poolMax: 4 }) : a.database;
  if (isPg) cleanups.push(() => second.close());
  const instance = (database: Database) => {
    const jobs = createJobQueue({ database, log: { info() {}, error() {} } });
    cleanups.push(() => jobs.stop());
    return createMessagingService({
      db: database.db,
      jobs,
      mailer: a.ctx.mailer,
      consents: a.ctx.consents,
      hashKey: a.ctx.hashKey,
      publicUrl: a.config.publicUrl,
      churchName: async () => 'Grace Church',
      timeZone: async () => 'Africa/Johannesburg',
      audit: auditPort,
    });
  };
  const [one, two] = [instance(a.database), instance(second)];
  const queued = await Promise.all([1, 2, 3, 4].flatMap(() => [one.requeueOrphans(), two.requeueOrphans()]));
  expect(queued.reduce((x, y) => x + y, 0)).toBe(1);
  const live = await liveJobs(a.database, id);
  expect(live).toHaveLength(1);
  const [row] = await a.database.db.select().from(bulkMessages).where(eq(bulkMessages.id, id));
  expect(row!.jobId).toBe(live[0]!.id);
}, 120_000);
