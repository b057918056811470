import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpStandIn } from '../../test/support/smtp-stand-in';
import { emailOutbox } from '../db/schema/index';
import { createJobQueue, type JobHandle } from './queue';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
const seen: Array<{ n: number; attempt: number }> = [];
let failuresLeft = 0;
let echo: JobHandle<{ n: number }>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url });
  echo = t.ctx.jobs.define(
    'test.echo',
    z.object({ n: z.number().int() }),
    async ({ n }, job) => {
      seen.push({ n, attempt: job.retryCount });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error(`boom ${n}`);
      }
      await job.progress(50, 'half way');
      return { doubled: n * 2 };
    },
    { retryLimit: 2, retryDelaySeconds: 60 },
  );
});
beforeEach(() => {
  seen.length = 0;
  failuresLeft = 0;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('job queue', () => {
  it('runs a sent job once and records its output', async () => {
    seen.length = 0;
    const id = await t.ctx.jobs.send('test.echo', { n: 4 });
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    expect(seen).toEqual([{ n: 4, attempt: 0 }]);
    const job = await t.ctx.jobs.getJob('test.echo', id!);
    expect(job).toMatchObject({ state: 'completed', output: { doubled: 8 } });
  });

  it('refuses a payload its schema does not accept', async () => {
    await expect(t.ctx.jobs.send('test.echo', { n: 'four' })).rejects.toThrow();
    await expect(t.ctx.jobs.send('no.such.queue', {})).rejects.toThrow('No job queue named no.such.queue');
  });

  it('retries with back-off, then keeps the job failed with its error', async () => {
    seen.length = 0;
    failuresLeft = 10;
    const id = await t.ctx.jobs.send('test.echo', { n: 7 });
    await t.ctx.jobs.drain();
    // The retry waits (60 s back-off): not run again yet.
    expect(seen).toEqual([{ n: 7, attempt: 0 }]);
    expect(await t.ctx.jobs.getJob('test.echo', id!)).toMatchObject({ state: 'retry' });
    await t.ctx.jobs.drain({ retryNow: true });
    expect(seen.map((s) => s.attempt)).toEqual([0, 1, 2]);
    const job = await t.ctx.jobs.getJob('test.echo', id!);
    expect(job?.state).toBe('failed');
    expect(JSON.stringify(job?.output)).toContain('boom 7');
    failuresLeft = 0;
  });

  it('waits for startAfter, and a job can be cancelled until it starts', async () => {
    seen.length = 0;
    const later = await t.ctx.jobs.send('test.echo', { n: 1 }, { startAfter: 3600 });
    const cancelled = await t.ctx.jobs.send('test.echo', { n: 2 }, { startAfter: 3600 });
    await t.ctx.jobs.drain();
    expect(seen).toEqual([]);
    expect(await t.ctx.jobs.cancel('test.echo', cancelled!)).toBe(true);
    expect(await t.ctx.jobs.getJob('test.echo', cancelled!)).toMatchObject({ state: 'cancelled' });
    expect(await t.ctx.jobs.getJob('test.echo', later!)).toMatchObject({ state: 'created' });
    // A finished job can no longer be cancelled.
    const done = await t.ctx.jobs.send('test.echo', { n: 3 });
    await t.ctx.jobs.drain();
    expect(await t.ctx.jobs.cancel('test.echo', done!)).toBe(false);
  });

  it('sends inside a transaction only when it commits', async () => {
    seen.length = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.ctx.jobs.send('test.echo', { n: 10 }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.database.db.transaction(async (tx) => {
      await t.ctx.jobs.send('test.echo', { n: 11 }, { tx });
    });
    await t.ctx.jobs.drain();
    expect(seen).toEqual([{ n: 11, attempt: 0 }]);
  });

  it('the same caller-chosen id queues one job', async () => {
    seen.length = 0;
    const id = crypto.randomUUID();
    expect(await t.ctx.jobs.send('test.echo', { n: 20 }, { id })).toBe(id);
    expect(await t.ctx.jobs.send('test.echo', { n: 20 }, { id })).toBeNull();
    await t.ctx.jobs.drain();
    expect(seen).toEqual([{ n: 20, attempt: 0 }]);
  });
});

describe('many jobs in one statement', () => {
  it('queues them only when the transaction commits, each with its own id, each run once', async () => {
    seen.length = 0;
    await expect(
      t.database.db.transaction(async (tx) => {
        await echo.sendMany([{ n: 30 }, { n: 31 }], { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const ids = await t.database.db.transaction((tx) => echo.sendMany([{ n: 32 }, { n: 33 }, { n: 34 }], { tx }));
    expect(new Set(ids).size).toBe(3);
    expect(await echo.sendMany([])).toEqual([]);
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    expect(seen.map((s) => s.n).sort()).toEqual([32, 33, 34]);
    const third = await t.ctx.jobs.getJob('test.echo', ids[2]!);
    expect(third).toMatchObject({ state: 'completed', data: { n: 34 }, output: { doubled: 68 } });
  });
});

describe('mail through the queue', () => {
  it('delivers over SMTP with the extra headers and marks the outbox row sent', async () => {
    const id = await t.ctx.mailer.send({
      to: 'thandi@example.org',
      subject: 'Hello',
      text: 'Welcome',
      headers: { 'List-Unsubscribe': '<https://church.example.org/u/1>' },
    });
    await t.ctx.jobs.drain();
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ attempts: 1, error: null, failedAt: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    const mail = smtp.received.find((m) => m.to.includes('thandi@example.org'));
    expect(mail?.raw).toContain('List-Unsubscribe: <https://church.example.org/u/1>');
  });

  it('retries a failing SMTP server and then marks the mail failed with the reason', async () => {
    smtp.state.failWith = 'Mailbox temporarily unavailable';
    const id = await t.ctx.mailer.send({ to: 'sipho@example.org', subject: 'Hi', text: 'x' });
    await t.ctx.jobs.drain();
    let [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row!.error).toContain('Mailbox temporarily unavailable');
    await t.ctx.jobs.drain({ retryNow: true });
    [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.attempts).toBe(5);
    expect(row!.sentAt).toBeNull();
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.error).toContain('Mailbox temporarily unavailable');
    expect(smtp.received.some((m) => m.to.includes('sipho@example.org'))).toBe(false);
    smtp.state.failWith = undefined;
  });
});

describe('starting the workers after the server listens', () => {
  const silent = { info() {}, error() {} };

  it('gives a queue defined while the start waits one set of workers, not two', async () => {
    const queue = createJobQueue({ database: t.database, log: silent, pollingIntervalSeconds: 0.5 });
    let go!: (ok: boolean) => void;
    const starting = queue.start({ workersAfter: new Promise<boolean>((r) => (go = r)) });
    await queue.ready();
    let running = 0;
    let most = 0;
    const ran: number[] = [];
    queue.define(
      'test.late',
      z.object({ n: z.number() }),
      async ({ n }) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 300));
        running -= 1;
        ran.push(n);
      },
      { retryLimit: 0, concurrency: 1 },
    );
    go(true);
    await starting;
    await Promise.all([1, 2, 3].map((n) => queue.send('test.late', { n })));
    for (let i = 0; ran.length < 3; i++) {
      if (i > 200) throw new Error(`only ${ran.join(', ')} ran`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Concurrency 1 holds: a second worker would have taken a job while the first ran.
    expect(most).toBe(1);
    await queue.stop();
  }, 30_000);
});

describe('stopping an instance', () => {
  const silent = { info() {}, error() {} };

  it('lets a short job finish and hands back one that outlasts the stop, its attempt not counted', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    const started: number[] = [];
    const first = createJobQueue({ database: t.database, log: silent, pollingIntervalSeconds: 0.5 });
    // No retries: pg-boss on its own would fail this job for good when the server stops.
    first.define(
      'test.stop',
      z.object({ n: z.number() }),
      async ({ n }) => {
        started.push(n);
        if (n === 1) await stuck;
        else await new Promise((r) => setTimeout(r, 300));
        return { n };
      },
      { retryLimit: 0, concurrency: 2 },
    );
    await first.start();
    const slow = await first.send('test.stop', { n: 1 });
    const quick = await first.send('test.stop', { n: 2 });
    for (let i = 0; started.length < 2; i++) {
      if (i > 200) throw new Error(`the workers took only ${started.join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    const handedBack = await first.stop(1000);
    expect(handedBack).toEqual([slow]);
    // The short one finished inside the stop's wait.
    expect(await t.ctx.jobs.getJob('test.stop', quick!)).toMatchObject({ state: 'completed', output: { n: 2 } });
    const back = await t.ctx.jobs.getJob('test.stop', slow!);
    expect(back).toMatchObject({ state: 'retry', retryCount: 0, startedOn: null });
    expect(back!.startAfter.getTime()).toBeLessThanOrEqual(Date.now());

    // The next instance runs it at once, as its first attempt.
    const ran: Array<{ n: number; attempt: number }> = [];
    const next = createJobQueue({ database: t.database, log: silent });
    next.define(
      'test.stop',
      z.object({ n: z.number() }),
      async ({ n }, job) => {
        ran.push({ n, attempt: job.retryCount });
        return { n };
      },
      { retryLimit: 0 },
    );
    await next.drain();
    expect(ran).toEqual([{ n: 1, attempt: 0 }]);
    expect(await t.ctx.jobs.getJob('test.stop', slow!)).toMatchObject({ state: 'completed', output: { n: 1 } });
    // The first instance's handler ending late changes nothing: the job is no longer its own.
    release();
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.ctx.jobs.getJob('test.stop', slow!)).toMatchObject({ state: 'completed' });
    await next.stop();
  }, 30_000);
});
