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
 * Workers run only in the server process (`start()` in start.ts). Tests send
 * jobs the same way and run them deterministically with `await jobs.drain()`.
 *
 * Idle workers are woken, not kept polling. Polling every 2 s (0.5 s for
 * webhooks) cost the embedded database — one connection, which every request
 * shares — some 20 fetch statements a second with nothing to do (10–13 % of a
 * core at idle, bench/reports/speed.md). With `useWakeups(bus)` the database
 * itself announces jobs that become due (a trigger, jobs/executor.ts) when they
 * commit, on every instance; a job due later wakes its queue at that time (a
 * timer here, armed again at start for jobs already waiting). Durability does
 * not depend on the wake-ups: jobs are rows, fetched with SKIP LOCKED, and every
 * worker still polls, only rarely (FALLBACK_POLL_SECONDS), for what a lost
 * notification or a clock skew between server and database would leave waiting.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../db/client';
import type { ChatBus } from '../realtime/bus';
import { databaseExecutor, drizzleExecutor, JOBS_DUE_EVENT, JOBS_SCHEMA, type SqlExecutor } from './executor';

/** With wake-ups, how often an idle worker still looks for work (what a lost notification would leave waiting). */
export const FALLBACK_POLL_SECONDS = 60;
/** A timer for a job due later is set at most this far ahead, then set again (setTimeout's limit is ~24.8 days). */
const MAX_TIMER_MS = 6 * 3_600_000;
/** Bounded: beyond this many distinct due times waiting in this process, the fallback poll finds the rest. */
const MAX_TIMERS = 1_000;

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
  /** How often this queue's idle workers look for work (default: the queue-wide interval). */
  pollingIntervalSeconds?: number;
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
  /** Queues one job per item in a single statement (with `tx`: only if it commits); their ids, in order. */
  sendMany(items: T[], opts?: Pick<SendOptions, 'tx'>): Promise<string[]>;
}

interface Definition {
  name: string;
  schema: z.ZodType;
  handler: (data: unknown, job: JobContext) => Promise<unknown>;
  opts: typeof DEFAULTS;
}

const DEFAULTS: Required<Omit<DefineOptions, 'pollingIntervalSeconds'>> & Pick<DefineOptions, 'pollingIntervalSeconds'> = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  concurrency: 1,
};

export interface JobQueueOptions {
  database: Database;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /**
   * How often an idle worker looks for work when nothing wakes it (default 2 s; pg-boss's minimum is
   * 0.5 s). Once `useWakeups` is called before `start`, FALLBACK_POLL_SECONDS unless given here.
   */
  pollingIntervalSeconds?: number;
}

export function createJobQueue({ database, log, pollingIntervalSeconds: explicitInterval }: JobQueueOptions) {
  const executor = databaseExecutor(database);
  // Maintenance (expiring stuck jobs, archiving, clean-up) runs only where workers run. pg-boss's own cron
  // (`schedule`) stays off: nothing uses it (recurring work queues its next run, jobs/recurring.ts), and it
  // would poll a queue of its own every 5 s.
  // Each pg-boss runtime gets its own door to the database, shut once it has stopped: a handler that
  // outlived the stop ends later, and pg-boss then completes or fails its job (without awaiting it).
  // That job was handed back and is no longer this instance's, and the database may be closed by then.
  const retire = new WeakMap<PgBoss, () => void>();
  const newBoss = (maintenance: boolean) => {
    let retired = false;
    // A result without rows is what pg-boss reads as "nothing affected" (complete, fail) and "no jobs" (fetch).
    const nothing = {} as Awaited<ReturnType<SqlExecutor['executeSql']>>;
    const db: SqlExecutor = { executeSql: (text, values) => (retired ? Promise.resolve(nothing) : executor.executeSql(text, values)) };
    const b = new PgBoss({ db, schema: JOBS_SCHEMA, migrate: true, supervise: maintenance, schedule: false });
    b.on('error', (err) => log.error({ err }, 'job queue error'));
    retire.set(b, () => (retired = true));
    return b;
  };
  let boss = newBoss(false);
  const defs = new Map<string, Definition>();
  const workerIds = new Map<string, string[]>();
  const workersStarted = new Set<string>();
  let ready: Promise<void> | undefined;
  let workersOn = false;
  /** The workers being started (start()), awaited by stop(). */
  let launching: Promise<void> | undefined;
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  /** Timers for jobs due later, by queue and due second. */
  const timers = new Map<string, NodeJS.Timeout>();
  const pollSeconds = () => explicitInterval ?? (unsubscribe ? FALLBACK_POLL_SECONDS : 2);

  /** Wakes a queue's idle workers at `at` (epoch ms): now if due, else by a timer (one per queue and second). */
  function wakeAt(name: string, at: number) {
    if (!workersOn || stopped || !defs.has(name)) return;
    const delay = at - Date.now();
    if (delay <= 0) return wake(name);
    const key = `${name}@${Math.floor(at / 1000)}`;
    if (timers.has(key) || timers.size >= MAX_TIMERS) return;
    // 10 ms late: pg-boss fetches jobs whose start_after < now().
    const timer = setTimeout(
      () => {
        timers.delete(key);
        wakeAt(name, at);
      },
      Math.min(delay + 10, MAX_TIMER_MS),
    );
    timer.unref();
    timers.set(key, timer);
  }

  /** At start: timers for jobs already waiting for a later time (sent before this process ran). */
  async function armWaiting() {
    const { rows } = await executor.executeSql(
      `SELECT name, floor(extract(epoch FROM min(start_after)) * 1000)::bigint AS at FROM ${JOBS_SCHEMA}.job
        WHERE state IN ('created', 'retry') AND start_after > now() AND name = ANY($1::text[])
        GROUP BY name, date_trunc('second', start_after) ORDER BY 2 LIMIT ${MAX_TIMERS}`,
      [[...defs.keys()]],
    );
    for (const r of rows) wakeAt(String(r.name), Number(r.at));
  }
  /** Jobs this instance's workers are running now (id → queue): what a stop hands back if they outlast it. */
  const running = new Map<string, string>();

  type QueueRow = Awaited<ReturnType<PgBoss['getQueues']>>[number];
  const queueOptions = (def: Definition) => ({
    retryLimit: def.opts.retryLimit,
    retryDelay: def.opts.retryDelaySeconds,
    retryBackoff: def.opts.retryBackoff,
    expireInSeconds: def.opts.expireInSeconds,
  });
  /** The queue as it is in the database has this definition's retry policy (nothing to write). */
  const sameQueue = (row: QueueRow | undefined, def: Definition) =>
    Boolean(row) && Object.entries(queueOptions(def)).every(([k, v]) => row![k as keyof QueueRow] === v);

  async function createQueue(def: Definition, known?: QueueRow) {
    if (sameQueue(known, def)) return;
    const queueOpts = { name: def.name, ...queueOptions(def) };
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

  /**
   * Starts pg-boss (schema check) and creates every defined queue; once. The queues are read in one
   * statement and only a new or changed one is written (a start used to look up and update each, ~20
   * statements on the embedded database's one connection before the server could listen).
   */
  function ensureReady() {
    ready ??= (async () => {
      await boss.start();
      const known = new Map((await boss.getQueues()).map((q) => [q.name, q]));
      for (const def of defs.values()) await createQueue(def, known.get(def.name));
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
    // Once per queue: one defined while start() waits (workersAfter) is reached both by define() and by start().
    if (workersStarted.has(def.name)) return;
    workersStarted.add(def.name);
    const ids: string[] = [];
    for (let i = 0; i < def.opts.concurrency; i++) {
      const interval = def.opts.pollingIntervalSeconds ?? pollSeconds();
      let id = '';
      id = await boss.work<unknown>(def.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: interval }, async ([job]) => {
        // A worker that found a job looks for the next one at once instead of sleeping a polling interval.
        if (id) boss.notifyWorker(id);
        running.set(job!.id, def.name);
        try {
          return await runOne(def, job!);
        } catch (err) {
          log.error({ err, queue: def.name, jobId: job!.id, retryCount: job!.retryCount }, 'job failed');
          throw err;
        } finally {
          running.delete(job!.id);
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
    if (opts.tx && !ready) throw new Error(`The job queue must be ready before ${name} is sent in a transaction (await jobs.ready())`);
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

  async function sendMany(name: string, items: unknown[], opts: Pick<SendOptions, 'tx'> = {}): Promise<string[]> {
    const def = defs.get(name);
    if (!def) throw new Error(`No job queue named ${name}`);
    if (!items.length) return [];
    const parsed = items.map((d) => def.schema.parse(d) as object);
    if (opts.tx && !ready) throw new Error(`The job queue must be ready before ${name} is sent in a transaction (await jobs.ready())`);
    await ensureReady();
    // Ids chosen here: pg-boss's multi-row insert returns none, and callers link each job to its row.
    const ids = parsed.map(() => randomUUID());
    await boss.insert(
      parsed.map((data, i) => ({ id: ids[i], name, data })),
      opts.tx ? { db: drizzleExecutor(opts.tx) as SqlExecutor } : {},
    );
    if (!opts.tx) wake(name);
    return ids;
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
      return { name, send: (data, opts) => send(name, data, opts), sendMany: (items, opts) => sendMany(name, items, opts) };
    },

    send,
    sendMany,

    /**
     * Makes sure the queue is started. Call it before opening a transaction you
     * will `send({ tx })` in: starting reads the database outside the
     * transaction, which on PGlite (one connection) would wait for it forever.
     */
    ready: () => ensureReady(),

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

    /**
     * Wakes idle workers when the database announces due jobs on this bus (call before `start`; the bus
     * is started by the realtime plugin). Workers then poll only every FALLBACK_POLL_SECONDS.
     */
    useWakeups(bus: Pick<ChatBus, 'subscribe'>) {
      unsubscribe?.();
      unsubscribe = bus.subscribe((event) => {
        if (event.t === JOBS_DUE_EVENT) wakeAt(event.name, event.at);
        // This instance's LISTEN connection was down: whatever was announced meanwhile is missed, so look now.
        else if (event.t === 'resync') for (const name of defs.keys()) wake(name);
      });
    },

    /**
     * Server process only: maintenance and a worker per queue (and per unit of its concurrency).
     * `workersAfter`: the queues are made ready now (a job can be sent at once), the workers start once it
     * settles — start.ts passes the server's listening, so the workers' first fetches (one statement each,
     * ~20, on the embedded database's one connection) do not hold up the start (issue 16). Resolves once
     * the workers run.
     */
    async start(opts: { workersAfter?: PromiseLike<unknown> } = {}) {
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
      if (opts.workersAfter) await opts.workersAfter;
      if (stopped) return;
      launching = (async () => {
        for (const def of defs.values()) await startWorkers(def);
        if (unsubscribe) await armWaiting();
      })();
      await launching;
      log.info({ queues: [...defs.keys()], pollSeconds: pollSeconds(), wakeups: Boolean(unsubscribe) }, 'job workers started');
    },

    /**
     * Stops polling, lets running jobs finish for up to `timeoutMs`, then
     * hands back what is still running: queued again, due now, and the
     * interrupted attempt not counted. pg-boss on its own fails such a job
     * ("shut down while active"): that spends one of its retries, delays it by
     * the back-off, and a job on its last attempt (or with no retries) would
     * stay failed because the server was restarted.
     * Resolves with the ids handed back.
     */
    async stop(timeoutMs = 10_000): Promise<string[]> {
      if (stopped) return [];
      stopped = true;
      unsubscribe?.();
      unsubscribe = undefined;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      if (!ready) return [];
      await ready.catch(() => {});
      await launching?.catch(() => {});
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      retire.get(boss)?.();
      const left = [...running];
      if (!left.length) return [];
      // started_on NULL: the next fetch does not count this as a retry (pg-boss adds one only to a job that had started).
      const res = await executor.executeSql(
        `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', start_after = now(), started_on = NULL, completed_on = NULL,
                output = jsonb_build_object('message', 'Handed back when the server stopped; it runs again from the start')
          WHERE id = ANY($1::uuid[]) AND name = ANY($2::text[]) AND state IN ('retry', 'failed') RETURNING id`,
        [left.map(([id]) => id), [...new Set(left.map(([, name]) => name))]],
      );
      const ids = res.rows.map((r) => (r as { id: string }).id);
      log.info({ jobs: left.map(([id, queue]) => ({ id, queue })) }, 'running jobs handed back to the queue at shutdown');
      return ids;
    },

    /**
     * Tests: runs every job that is due now, in this process, until none is
     * left. `retryNow` makes waiting retries due at once (so a retry policy
     * can be exercised without sleeping). `batchSize` 1 takes one job per
     * fetch, so two drains side by side run two jobs at once, as two
     * instances' workers would.
     */
    async drain(opts: { names?: string[]; retryNow?: boolean; batchSize?: number } = {}) {
      await ensureReady();
      const names = opts.names ?? [...defs.keys()];
      for (let round = 0; round < 1000; round++) {
        let ran = 0;
        if (opts.retryNow) {
          // A second in the past: pg-boss fetches `start_after < now()`, and PGlite's clock can read the same instant twice.
          await executor.executeSql(
            `UPDATE ${JOBS_SCHEMA}.job SET start_after = now() - interval '1 second' WHERE name = ANY($1::text[]) AND state = 'retry'`,
            [names],
          );
        }
        for (const name of names) {
          const def = defs.get(name)!;
          const jobs = await boss.fetch<unknown>(name, { batchSize: opts.batchSize ?? 50, includeMetadata: true });
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
        if (!ran) {
          // A job sent in this very instant is not yet `start_after < now()` for pg-boss: wait a moment for it rather than stop.
          const due = await executor.executeSql(
            `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry') AND start_after <= now() LIMIT 1`,
            [names],
          );
          if (!due.rows.length) return;
          await new Promise((r) => setTimeout(r, 5));
        }
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
