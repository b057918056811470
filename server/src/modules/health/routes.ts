import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { APP_VERSION, codeSchemaVersion } from '../ops/version';

const check = z.object({ ok: z.boolean(), latencyMs: z.number() });
const healthResponse = z.object({
  status: z.enum(['success', 'error']),
  data: z.object({
    database: check.extend({ kind: z.enum(['pglite', 'postgres']) }),
    version: z.string().describe('The release this server runs'),
    schema: z.string().describe('The newest database migration this release ships'),
    uptimeSeconds: z.number(),
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
  /** Further readiness checks (the job queue ...), each throwing when not ready. */
  readinessChecks?: Record<string, () => Promise<void>>;
}

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
export async function healthRoutes(appBase: FastifyInstance, { database, readinessChecks = {} }: HealthOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const schema = codeSchemaVersion().tag;
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.get(
    '/health',
    { schema: { tags: ['System'], summary: 'Is the server and its database up?', response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const db = await timed(() => database.ping());
      return reply.code(db.ok ? 200 : 503).send({
        status: db.ok ? 'success' : 'error',
        data: { database: { kind: database.kind, ...db }, version: APP_VERSION, schema, uptimeSeconds: Math.round(process.uptime()) },
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
      const checks: Record<string, { ok: boolean; latencyMs: number }> = { database: await timed(() => database.ping()) };
      for (const [name, fn] of Object.entries(readinessChecks)) checks[name] = await timed(fn);
      const ready = !shuttingDown && Object.values(checks).every((c) => c.ok);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'success' : 'error', data: { ready, shuttingDown, checks } });
    },
  );
}
