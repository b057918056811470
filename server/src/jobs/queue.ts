/**
 * The job queue: everything that runs later or takes long (e-mail, scheduled
 * messages, exports, webhook deliveries, backups) runs here.
 *
 * Built on pg-boss 10 (the last line that supports Node 20) over our own
 * database connection — PGlite by default, PostgreSQL when DATABASE_URL is
 * set — so jobs live in the same database as the data they act on:
 *  - they survive restarts (rows in pgboss.job; a job that was running when
 *    the process died expires and is retried);
 *  - each job runs once across instances (fetch uses FOR UPDATE SKIP LOCKED);
 *  - failures retry with exponential back-off, then stay `failed` with the
 *    error as their output;
 *  - `startAfter` schedules a job for a time; `cancel` withdraws it until it starts;
 *  - a handler reports progress with `job.progress(percent, message)`.
 *
 * Usage in a module (handed `ctx.jobs` in modules.ts):
 *   const exportJob = jobs.define('exports.build', exportInput, async (data, job) => { ... }, { retryLimit: 2 });
 *   const id = await exportJob.send(input, { startAfter: new Date(...) });
 *   // inside a Drizzle transaction: exportJob.send(input, { tx }) — sent only if it commits.
 *
 * Workers poll only in the server process (`start({ workers: true })` in
 * start.ts). Tests send jobs the same way and run them deterministically
 * with `await jobs.drain()`.
 */
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../db/client';
import { databaseExecutor, drizzleExecutor, JOBS_SCHEMA, type SqlExecutor } from './executor';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True on the attempt after which a failure is final. */
  lastAttempt: boolean;
  /** Records how far the job is (0–100) where `getJob` shows it, on every instance. */
  progress(percent: number, message?: string): Promise<void>;
}

export interface DefineOptions {
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time with back-off (default 10). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job that takes longer is failed (and retried) (default 15 minutes). */
  expireInSeconds?: number;
  /** How many of this queue's jobs one instance runs at the same time (default 1). */
  concurrency?: number;
}

export interface SendOptions {
  /** Run at or after this time (a Date, or seconds from now). */
  startAfter?: Date | number;
  /** Only one queued job per key (pg-boss singleton semantics). */
  singletonKey?: string;
  /** A caller-chosen UUID: sending the same id twice queues one job. */
  id?: string;
  /** Send inside this Drizzle transaction: the job exists only if it commits. */
  tx?: DbOrTx;
}

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  retryCount: number;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** The handler's result, `{ progress, message }` while running, or the error when failed. */
  output: unknown;
}

export interface JobHandle<T> {
  name: string;
  send(data: T, opts?: SendOptions): Promise<string | null>;
}

interface Definition {
  name: string;
  schema: z.ZodType;
  handler: (data: unknown, job: JobContext) => Promise<unknown>;
  opts: Required<DefineOptions>;
}

const DEFAULTS: Required<DefineOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  concurrency: 1,
};

export interface JobQueueOptions {
  database: Database;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** How often an idle worker looks for work (default 2 s; pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}

export function createJobQueue({ database, log, pollingIntervalSeconds = 2 }: JobQueueOptions) {
  const executor = databaseExecutor(database);
  // Maintenance (expiring stuck jobs, archiving, clean-up) and cron run only where workers run.
  const newBoss = (maintenance: boolean) => {
    const b = new PgBoss({ db: executor, schema: JOBS_SCHEMA, migrate: true, supervise: maintenance, schedule: maintenance });
    b.on('error', (err) => log.error({ err }, 'job queue error'));
    return b;
  };
  let boss = newBoss(false);
  const defs = new Map<string, Definition>();
  const workerIds = new Map<string, string[]>();
  let ready: Promise<void> | undefined;
  let workersOn = false;
  let stopped = false;

  async function createQueue(def: Definition) {
    const queueOpts = {
      name: def.name,
      retryLimit: def.opts.retryLimit,
      retryDelay: def.opts.retryDelaySeconds,
      retryBackoff: def.opts.retryBackoff,
      expireInSeconds: def.opts.expireInSeconds,
    };
    // Instances starting together may race to create the same queue (PostgreSQL
    // then aborts one with a deadlock or duplicate error): look again and retry.
    for (let attempt = 0; ; attempt++) {
      try {
        if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, queueOpts);
        else await boss.createQueue(def.name, queueOpts);
        return;
      } catch (err) {
        if (attempt >= 4) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
      }
    }
  }

  /** Starts pg-boss (schema check) and creates every defined queue; once. */
  function ensureReady() {
    ready ??= (async () => {
      await boss.start();
      for (const def of defs.values()) await createQueue(def);
    })();
    return ready;
  }

  async function runOne(def: Definition, job: PgBoss.JobWithMetadata<unknown>) {
    const ctx: JobContext = {
      id: job.id,
      retryCount: job.retryCount,
      lastAttempt: job.retryCount >= job.retryLimit,
      progress: async (percent, message) => {
        await executor.executeSql(`UPDATE ${JOBS_SCHEMA}.job SET output = $3::jsonb WHERE name = $1 AND id = $2 AND state = 'active'`, [
          def.name,
          job.id,
          JSON.stringify({ progress: Math.max(0, Math.min(100, Math.round(percent))), message: message ?? null }),
        ]);
      },
    };
    const data = def.schema.parse(job.data);
    return def.handler(data, ctx);
  }

  async function startWorkers(def: Definition) {
    const ids: string[] = [];
    for (let i = 0; i < def.opts.concurrency; i++) {
      const id = await boss.work<unknown>(def.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async ([job]) => {
        try {
          return await runOne(def, job!);
        } catch (err) {
          log.error({ err, queue: def.name, jobId: job!.id, retryCount: job!.retryCount }, 'job failed');
          throw err;
        }
      });
      ids.push(id);
    }
    workerIds.set(def.name, ids);
  }

  /** Wakes this instance's idle workers of a queue (other instances find the job on their next poll). */
  function wake(name: string) {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  }

  async function send(name: string, data: unknown, opts: SendOptions = {}): Promise<string | null> {
    const def = defs.get(name);
    if (!def) throw new Error(`No job queue named ${name}`);
    const parsed = def.schema.parse(data);
    await ensureReady();
    const startAfter = typeof opts.startAfter === 'number' ? new Date(Date.now() + opts.startAfter * 1000) : opts.startAfter;
    const id = await boss.send(name, parsed as object, {
      startAfter,
      singletonKey: opts.singletonKey,
      id: opts.id,
      ...(opts.tx ? { db: drizzleExecutor(opts.tx) as SqlExecutor } : {}),
    });
    // A job sent in a transaction is not visible until it commits; the poll finds it then.
    if (!opts.tx && !startAfter) wake(name);
    return id;
  }

  return {
    /** Declares a queue: its payload schema, its handler and its retry policy. */
    define<S extends z.ZodType>(
      name: string,
      schema: S,
      handler: (data: z.infer<S>, job: JobContext) => Promise<unknown>,
      options: DefineOptions = {},
    ): JobHandle<z.input<S>> {
      if (defs.has(name)) throw new Error(`Job queue ${name} is defined twice`);
      const def: Definition = { name, schema, handler: handler as Definition['handler'], opts: { ...DEFAULTS, ...options } };
      defs.set(name, def);
      // Defined after start (rare): create its queue and workers now.
      if (ready) {
        ready = ready.then(async () => {
          await createQueue(def);
          if (workersOn) await startWorkers(def);
        });
      }
      return { name, send: (data, opts) => send(name, data, opts) };
    },

    send,

    /** Withdraws a job that has not started (state created or retry). True when it was withdrawn. */
    async cancel(name: string, id: string): Promise<boolean> {
      await ensureReady();
      const res = await executor.executeSql(
        `UPDATE ${JOBS_SCHEMA}.job SET state = 'cancelled', completed_on = now() WHERE name = $1 AND id = $2 AND state IN ('created', 'retry') RETURNING id`,
        [name, id],
      );
      return res.rows.length === 1;
    },

    async getJob(name: string, id: string): Promise<JobInfo | null> {
      await ensureReady();
      const job = await boss.getJobById(name, id, { includeArchive: true });
      if (!job) return null;
      return {
        id: job.id,
        name: job.name,
        state: job.state,
        data: job.data,
        retryCount: job.retryCount,
        startAfter: job.startAfter,
        startedOn: job.startedOn ?? null,
        completedOn: job.completedOn ?? null,
        output: job.output ?? null,
      };
    },

    /** Server process only: maintenance, cron and polling workers for every queue. */
    async start() {
      if (workersOn) return;
      workersOn = true;
      stopped = false;
      if (ready) {
        // Something was sent before start: swap in a runtime with maintenance on.
        await ready.catch(() => {});
        await boss.stop({ graceful: false, close: false });
        ready = undefined;
      }
      boss = newBoss(true);
      await ensureReady();
      for (const def of defs.values()) await startWorkers(def);
      log.info({ queues: [...defs.keys()] }, 'job workers started');
    },

    /**
     * Stops polling, lets running jobs finish for up to `timeoutMs`, then
     * hands back what is still running (failed → retried by whichever
     * instance runs next).
     */
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      if (!ready) return;
      await ready.catch(() => {});
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },

    /**
     * Tests: runs every job that is due now, in this process, until none is
     * left. `retryNow` makes waiting retries due at once (so a retry policy
     * can be exercised without sleeping).
     */
    async drain(opts: { names?: string[]; retryNow?: boolean } = {}) {
      await ensureReady();
      const names = opts.names ?? [...defs.keys()];
      for (let round = 0; round < 1000; round++) {
        let ran = 0;
        if (opts.retryNow) {
          await executor.executeSql(`UPDATE ${JOBS_SCHEMA}.job SET start_after = now() WHERE name = ANY($1::text[]) AND state = 'retry'`, [
            names,
          ]);
        }
        for (const name of names) {
          const def = defs.get(name)!;
          const jobs = await boss.fetch<unknown>(name, { batchSize: 50, includeMetadata: true });
          for (const job of jobs ?? []) {
            ran += 1;
            try {
              const result = await runOne(def, job);
              await boss.complete(name, job.id, result as object | undefined);
            } catch (err) {
              await boss.fail(name, job.id, err as object);
            }
          }
        }
        if (!ran) return;
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
