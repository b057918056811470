import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openDatabase, type Database } from '../db/client';
import { createJobQueue, type JobQueue } from './queue';

const silent = { info() {}, error() {} };
const isPg = process.env.TEST_DB_KIND === 'postgres';

/** One "server instance": a queue with workers on its own connection, recording which job ran where. */
function instance(database: Database, label: string, ran: Array<{ n: number; by: string }>): JobQueue {
  const jobs = createJobQueue({ database, log: silent, pollingIntervalSeconds: 0.5 });
  jobs.define(
    'test.once',
    z.object({ n: z.number() }),
    async ({ n }) => {
      ran.push({ n, by: label });
      await new Promise((r) => setTimeout(r, 20));
    },
    { concurrency: 2 },
  );
  return jobs;
}

async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.runIf(isPg)('several instances on one PostgreSQL', () => {
  it('runs every job once, shared between the instances', async () => {
    const t: TestApp = await createTestApp();
    cleanups.push(() => t.close());
    const second = await openDatabase({ databaseUrl: t.config.databaseUrl, poolMax: 4 });
    cleanups.push(() => second.close());
    const ran: Array<{ n: number; by: string }> = [];
    const a = instance(t.database, 'a', ran);
    const b = instance(second, 'b', ran);
    await Promise.all([a.start(), b.start()]);
    cleanups.push(async () => {
      await a.stop();
      await b.stop();
    });
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).send('test.once', { n });
    // A scheduled one: both instances are polling when it becomes due.
    await a.send('test.once', { n: 99 }, { startAfter: 1 });
    await waitFor(() => ran.length >= 41, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array.from({ length: 40 }, (_, i) => i), 99]);
    expect(new Set(ran.map((r) => r.by)).size).toBe(2);
  });
});

describe.runIf(!isPg)('restart on the embedded database', () => {
  it('a job scheduled before a restart runs once after it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'church-jobs-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
    const ran: Array<{ n: number; by: string }> = [];

    const first = await openDatabase({ pgliteDir: dir, loadDataDir: dump });
    const before = instance(first, 'before', ran);
    const id = await before.send('test.once', { n: 1 }, { startAfter: 2 });
    await before.stop();
    await first.close();

    const reopened = await openDatabase({ pgliteDir: dir });
    const after = instance(reopened, 'after', ran);
    await after.start();
    cleanups.push(async () => {
      await after.stop();
      await reopened.close();
    });
    await waitFor(() => ran.length >= 1, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).toEqual([{ n: 1, by: 'after' }]);
    expect(await after.getJob('test.once', id!)).toMatchObject({ state: 'completed' });
    // Opening an embedded database from disk twice is slow on a busy machine.
  }, 120_000);
});
