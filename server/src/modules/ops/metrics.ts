import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { can } from '@church/contract/roles';
import type { Database } from '../../db/client';
import { databaseExecutor, JOBS_SCHEMA } from '../../jobs/executor';
import { userFromToken, bearerToken } from '../../plugins/auth';
import { forbidden, unauthorized } from '../../lib/errors';

export interface MetricsOptions {
  database: Database;
  /** METRICS_TOKEN: a scraper sends it as a bearer token instead of signing in. */
  token?: string;
  /** Extra gauges a later part registers (job queue depth ...). */
  register?: (registry: Registry) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** Counts an answer given outside Fastify's hooks (kept answers, plugins/kept-answers-server.ts). */
    countRequest(route: string, status: number, seconds: number): void;
  }
}

const sameSecret = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/**
 * Prometheus metrics at /metrics (outside /api: scrapers expect it there).
 * One registry per app, so test apps in one process do not share counters.
 * Routes are labelled by their pattern (/api/members/:id), never the raw URL,
 * so ids and query strings neither leak nor explode the label count.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'websocket_connections',
    help: 'Open chat WebSocket connections on this instance',
    registers: [registry],
    collect() {
      const wss = (app as unknown as { websocketServer?: { clients: Set<unknown> } }).websocketServer;
      this.set(wss?.clients.size ?? 0);
    },
  });
  const { database } = opts;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; the embedded database is one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  const jobsSql = databaseExecutor(database);
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the queue by queue name and state (created/retry = waiting, active = running, failed = gave up)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const res = await jobsSql.executeSql(
          `select name, state::text as state, count(*)::int as n from ${JOBS_SCHEMA}.job group by 1, 2`,
          [],
        );
        for (const r of res.rows as { name: string; state: string; n: number }[]) this.set({ queue: r.name, state: r.state }, Number(r.n));
      } catch {
        // The queue's schema is not there yet: nothing to report.
      }
    },
  });
  opts.register?.(registry);
  app.decorate('metrics', registry);

  app.decorate('countRequest', (route: string, status: number, seconds: number) => {
    requests.inc({ method: 'GET', route, status: String(status) });
    latency.observe({ method: 'GET', route }, seconds);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label: a scanner must not create a series per path.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    }
    done();
  });

  async function guard(request: FastifyRequest) {
    const token = bearerToken(request);
    if (opts.token && token && sameSecret(token, opts.token)) return;
    const user = await userFromToken(app.db, app.tokens, token);
    if (!user) throw unauthorized();
    if (!can(user, 'ops:read')) throw forbidden();
  }

  app.get('/metrics', { schema: { hide: true }, preHandler: guard }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
