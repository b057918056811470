/**
 * Idle workers are woken by the database, not by fast polling (jobs/queue.ts, the trigger in
 * jobs/executor.ts). Every queue here polls once every 10 minutes, so a job that runs within
 * seconds was woken: sent in a transaction (the wake-up comes with the commit, not from the
 * sending code), due later, retried after a failure, or waiting from before the workers started.
 * A send rolled back wakes nothing and runs nothing. On PGlite and on PostgreSQL (TEST_DB_KIND).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chatRuntime } from '../realtime/runtime';
import { createJobQueue, type JobHandle, type JobQueue } from './queue';

const silent = { info() {}, error() {} };
const NEVER_POLL = 600;

let t: TestApp;
let jobs: JobQueue;
let wake: JobHandle<{ n: number }>;
const ran: Array<{ n: number; at: number; attempt: number }> = [];
let failFirst = new Set<number>();

async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const ranOf = (n: number) => ran.filter((r) => r.n === n);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  jobs = createJobQueue({ database: t.database, log: silent, pollingIntervalSeconds: NEVER_POLL });
  wake = jobs.define(
    'test.wake',
    z.object({ n: z.number() }),
    async ({ n }, job) => {
      ran.push({ n, at: Date.now(), attempt: job.retryCount });
      if (failFirst.delete(n)) throw new Error(`first attempt of ${n} fails`);
    },
    { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false },
  );
  jobs.useWakeups(chatRuntime(t.ctx).bus);
  await jobs.ready();
  // Waiting from before the workers started: due in 1.5 s.
  await wake.send({ n: 1 }, { startAfter: new Date(Date.now() + 1500) });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

describe('job queue wake-ups', () => {
  it('runs a job that was waiting before start when it becomes due', async () => {
    await waitFor(() => ranOf(1).length > 0, 8_000);
    expect(ranOf(1)).toHaveLength(1);
  });

  it('runs a job sent in a transaction once it commits, and nothing of one rolled back', async () => {
    await t.database.db.transaction(async (tx) => {
      await wake.send({ n: 2 }, { tx });
    });
    const sent = Date.now();
    await waitFor(() => ranOf(2).length > 0, 5_000);
    expect(ranOf(2)[0]!.at - sent).toBeLessThan(3_000);

    await expect(
      t.database.db.transaction(async (tx) => {
        await wake.send({ n: 3 }, { tx });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(ranOf(3)).toEqual([]);
    const rows = await t.database.db.execute(sql`select 1 from pgboss.job where name = 'test.wake' and data->>'n' = '3'`);
    expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toHaveLength(0);
  });

  it('runs a job due later at its time, not before', async () => {
    const due = Date.now() + 2_000;
    await wake.send({ n: 4 }, { startAfter: new Date(due) });
    await waitFor(() => ranOf(4).length > 0, 8_000);
    expect(ranOf(4)[0]!.at).toBeGreaterThanOrEqual(due);
    expect(ranOf(4)[0]!.at - due).toBeLessThan(3_000);
  });

  it('retries a failed job after its delay', async () => {
    failFirst = new Set([5]);
    await wake.send({ n: 5 });
    await waitFor(() => ranOf(5).length >= 2, 8_000);
    const [first, second] = ranOf(5);
    expect([first!.attempt, second!.attempt]).toEqual([0, 1]);
    // retryDelaySeconds 1: not at once, and long before the next poll.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    expect(second!.at - first!.at).toBeLessThan(5_000);
  });
});
