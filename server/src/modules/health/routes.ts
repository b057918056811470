import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FrontAnswer } from '../../plugins/kept-answers-server';
import { flatHeaders, NOT_FOR_304, PER_ANSWER } from '../../plugins/public-cache';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors';
import { APP_VERSION, codeSchemaVersion } from '../ops/version';
import { BIBLE_IMPORT_STATES, createStartupWork, type StartupWork } from './startup-work';

const check = z.object({ ok: z.boolean(), latencyMs: z.number() });
const healthResponse = z.object({
  status: z.enum(['success', 'error']),
  data: z.object({
    database: check.extend({ kind: z.enum(['pglite', 'postgres']) }),
    version: z.string().describe('The release this server runs'),
    schema: z.string().describe('The newest database migration this release ships'),
    uptimeSeconds: z.number(),
    bibleImport: z
      .enum(BIBLE_IMPORT_STATES)
      .describe(
        "The shipped Bible's import after a first start: importing (the server answers; reading falls back to the online source), done, failed, or none this run",
      ),
  }),
});
const readyResponse = z.object({
  status: z.enum(['success', 'error']),
  data: z.object({
    ready: z.boolean(),
    shuttingDown: z.boolean(),
    checks: z.record(z.string(), check),
  }),
});

export interface HealthOptions {
  database: Database;
  /** What the start left running (the shipped Bible's import); none when absent. */
  startup?: StartupWork;
  /** Further readiness checks (the job queue ...), each throwing when not ready. */
  readinessChecks?: Record<string, () => Promise<void>>;
}

/** How long a successful database ping answers health checks (see pingDatabase below). */
export const PING_FRESH_MS = 1000;

async function timed(fn: () => Promise<void>) {
  const started = performance.now();
  let ok = true;
  try {
    await fn();
  } catch {
    ok = false;
  }
  return { ok, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
}

/**
 * Liveness (/health: the process answers; its database is reported but a
 * proxy should not restart us for it) and readiness (/health/ready: send
 * traffic here — database and job queue answer, and we are not draining).
 */
export async function healthRoutes(
  appBase: FastifyInstance,
  { database, startup = createStartupWork(), readinessChecks = {} }: HealthOptions,
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const schema = codeSchemaVersion().tag;
  let shuttingDown = false;
  // A database that answered a ping less than PING_FRESH_MS ago is reported up without asking it again:
  // under a burst of probes (a monitor, load balancers, a bench) the database — on PGlite one connection
  // shared with every request — answers one ping a second, not one per wave of checks. A failed ping is
  // never reused (the next check asks again, so a database that is back is seen at once), and a lost
  // connection (PostgreSQL: the pool's clients see the server go) forgets the last good answer at once.
  // So an "ok" is at most PING_FRESH_MS old, and a dead database is reported on the first check after its
  // connections drop (PostgreSQL) or within PING_FRESH_MS (a database that stopped answering but kept them).
  let pinging: ReturnType<typeof timed> | undefined;
  let lastOk: { at: number; check: Awaited<ReturnType<typeof timed>> } | undefined;
  const pingDatabase = async () => {
    if (lastOk && performance.now() - lastOk.at < PING_FRESH_MS) return lastOk.check;
    // One ping answers every health check that arrives while it runs.
    return (pinging ??= (async () => {
      const at = performance.now();
      const check = await timed(() => database.ping());
      lastOk = check.ok ? { at, check } : undefined;
      pinging = undefined;
      return check;
    })());
  };
  const forget = () => void (lastOk = undefined);
  database.pool?.on('error', forget);
  database.pool?.on('connect', (client) => client.on('error', forget));
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  // While the ping it reported is the fresh one and the uptime it gave is still the uptime, this route's last
  // 200 is what it would answer again: the HTTP server sends those bytes and headers itself, without entering
  // Fastify (plugins/kept-answers-server.ts). Same freshness as above; a failed ping is never sent this way
  // (it is not lastOk), nor anything after the server began to close. Under a burst of checks, one a second
  // goes through the route (issue 16: health at ≥ 0.5 of a bare hello).
  let kept: { ping: NonNullable<typeof lastOk>; uptimeSeconds: number; bibleImport: string; answer: FrontAnswer } | undefined;
  const uptimeOf = new WeakMap<FastifyRequest, { ping: typeof lastOk; uptimeSeconds: number; bibleImport: string }>();
  appBase.frontAnswers?.set(`${appBase.prefix}/health`, () =>
    kept &&
    kept.ping === lastOk &&
    performance.now() - kept.ping.at < PING_FRESH_MS &&
    kept.uptimeSeconds === Math.round(process.uptime()) &&
    kept.bibleImport === startup.bibleImport
      ? kept.answer
      : undefined,
  );
  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const given = uptimeOf.get(request);
    if (
      shuttingDown ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      !given?.ping ||
      request.url !== `${appBase.prefix}/health`
    )
      return payload;
    const headers = reply.getHeaders() as Record<string, unknown>;
    kept = {
      ping: given.ping,
      uptimeSeconds: given.uptimeSeconds,
      bibleImport: given.bibleImport,
      answer: {
        route: request.routeOptions.url ?? request.url,
        bytes: Buffer.from(payload),
        headers: flatHeaders(headers, (h) => PER_ANSWER.has(h)),
        notModifiedHeaders: flatHeaders(headers, (h) => PER_ANSWER.has(h) || NOT_FOR_304.has(h)),
      },
    };
    return payload;
  };
  app.addHook('preClose', async () => {
    kept = undefined;
  });

  app.get(
    '/health',
    {
      schema: { tags: ['System'], summary: 'Is the server and its database up?', response: { 200: healthResponse, 503: healthResponse } },
      onSend: keep,
    },
    async (request, reply) => {
      const db = await pingDatabase();
      const uptimeSeconds = Math.round(process.uptime());
      // Kept only when the answer reports exactly the last good ping (not one that another check replaced meanwhile).
      const { bibleImport } = startup;
      uptimeOf.set(request, { ping: db.ok && lastOk?.check === db ? lastOk : undefined, uptimeSeconds, bibleImport });
      if (!db.ok) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(db.ok ? 200 : 503).send({
        status: db.ok ? 'success' : 'error',
        data: { database: { kind: database.kind, ...db }, version: APP_VERSION, schema, uptimeSeconds, bibleImport },
      });
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['System'],
        summary: 'May a load balancer send this instance traffic? (database, job queue, not shutting down)',
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_request, reply) => {
      const checks: Record<string, { ok: boolean; latencyMs: number }> = { database: await pingDatabase() };
      for (const [name, fn] of Object.entries(readinessChecks)) checks[name] = await timed(fn);
      const ready = !shuttingDown && Object.values(checks).every((c) => c.ok);
      if (!ready) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'success' : 'error', data: { ready, shuttingDown, checks } });
    },
  );
}
