import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustHops, type Config } from './config';
import type { Database, Db } from './db/client';
import { createMailer } from './lib/mailer';
import { createSealer } from './lib/seal';
import { createJobQueue } from './jobs/queue';
import { createConsentService } from './modules/consents/service';
import { createRateLimiter } from './lib/rate-limiter';
import { createTokenService } from './lib/tokens';
import { authPlugin, useUserCache } from './plugins/auth';
import { createUserCache } from './plugins/user-cache';
import { inputHygienePlugin } from './plugins/input-hygiene';
import { safeErrorForLog } from './lib/log-safe';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin, openapiRoute } from './plugins/openapi';
import { webAppPlugin } from './plugins/web-app';
import { requestDeadline } from './plugins/request-deadline';
import { afterStartPlugin } from './plugins/after-start';
import { helmetOptions, securityHeadersPlugin } from './plugins/security-headers';
import { registerModules } from './modules';
import { realtimePlugin } from './realtime/plugin';
import { chatRuntime } from './realtime/runtime';
import { createPublicCacheStore, publicCachePlugin } from './plugins/public-cache';
import { createStartupWork } from './modules/health/startup-work';
import { keptAnswersServer, type FrontAnswers, type KeptAnswerObserver } from './plugins/kept-answers-server';
import { metricsPlugin } from './modules/ops/metrics';
import type { WebhookNetwork } from './modules/developers/webhooks/network';
import type { AppContext } from './context';
import { createDomainEvents } from './events/domain-events';
import { AccessLogController, asyncStdout } from './plugins/access-log';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Every route as registered (its config.access says who may call it). */
    routeTable: RouteOptions[];
    /** Answers a route lets the HTTP server give in front of Fastify (plugins/kept-answers-server.ts). */
    frontAnswers: FrontAnswers;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  webhookNetwork?: WebhookNetwork;
}

/**
 * Logged URLs lose their query string: it can carry the chat socket's JWT,
 * search terms people typed, or e-mail addresses (ARCHITECTURE: query
 * parameters are never logged).
 */
const pathOnly = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/** A proxy's X-Request-Id is kept when it is short and plain, so one id follows a request through the proxy's logs and ours. */
const genReqId = (req: { headers: Record<string, string | string[] | undefined> }) => {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && incoming.length <= 64 && /^[\w.-]+$/.test(incoming)) return incoming;
  return crypto.randomUUID();
};

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = opts;
  const baseLogger = opts.logger ?? {
    level: config.logLevel,
    // Readable lines for a person at a terminal; JSON lines for log collectors.
    // JSON lines are written off the request path (plugins/access-log.ts, asyncStdout).
    ...(process.stdout.isTTY && config.env !== 'production'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : { stream: asyncStdout() }),
  };
  // Anonymous public reads kept in memory; the HTTP server answers them before Fastify (plugins/kept-answers-server.ts).
  const keptAnswers = createPublicCacheStore(config.publicCacheMs);
  const frontAnswers: FrontAnswers = new Map();
  const keptObserver: KeptAnswerObserver = { levelValue: () => (app.log as unknown as { levelVal?: number }).levelVal ?? 100 };
  const app = Fastify({
    serverFactory: keptAnswersServer(keptAnswers, {
      corsActive: config.corsOrigins.length > 0,
      genReqId,
      observer: keptObserver,
      front: frontAnswers,
    }),
    // Whatever logger is asked for, secrets stay out: no auth headers, no query strings, no query parameters.
    logger:
      baseLogger === false || baseLogger === true
        ? baseLogger
        : {
            ...baseLogger,
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: pathOnly(req.url), ip: req.ip }),
              err: (err: Error) => safeErrorForLog(err),
            },
          },
    genReqId,
    // One access line per request instead of Fastify's two (plugins/access-log.ts).
    logController: new AccessLogController(),
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many addresses from the socket inwards (this Fastify treats a bare number as
    // "trust nothing"); a list trusts those proxies only. Never `true`: see parseTrustProxy in config.ts.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Large uploads and slow clients: keep the defaults generous but bounded.
    requestTimeout: config.requestTimeoutMs,
    // Node checks that timeout only this often (30 s by default): keep the check finer than the timeout itself.
    http: { connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(config.requestTimeoutMs / 4))) },
  });
  // The route table (method, url, who may call): read by the authorization matrix and the fuzz suite.
  // Added first so every later onRoute hook (the auth plugin's sets config.access) has run when it is read.
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route as RouteOptions));
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('frontAnswers', frontAnswers);
  requestDeadline(app, config.requestTimeoutMs);
  afterStartPlugin(app);

  const jobs = createJobQueue({ database, log: app.log });
  const hashKey = crypto.createHmac('sha256', opts.jwtSecret).update('church-platform:hash-key').digest();
  const consents = createConsentService(database.db);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(opts.jwtSecret, config.jwtExpiresIn),
    limiter: createRateLimiter(database.db, hashKey),
    mailer: createMailer(database.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      jobs,
      hasConsent: (userId, kind) => consents.has(userId, kind),
      sealer: createSealer(opts.jwtSecret, 'mail'),
    }),
    jobs,
    hashKey,
    sealer: (purpose) => createSealer(opts.jwtSecret, purpose),
    consents,
    events: createDomainEvents({ db: database.db, jobs, strict: config.env !== 'production' }),
    webhookNetwork: opts.webhookNetwork,
    startup: createStartupWork(),
  };
  // Idle workers are woken by the database's announcements on the bus instead of polling it (jobs/queue.ts).
  jobs.useWakeups(chatRuntime(ctx).bus);
  // Running jobs finish (or are handed back) before the database closes. They get half of the
  // shutdown deadline: the hand-back and closing the database must fit in the rest, or the
  // process is cut off at the deadline with the jobs still marked active on the embedded database.
  app.addHook('onClose', async () => {
    await jobs.stop(Math.max(1000, Math.floor(config.shutdownTimeoutMs / 2)));
  });
  // Draining: a keep-alive connection whose request was in flight when the close began turns idle
  // only afterwards, past Fastify's one sweep of idle connections, and would hold the close open
  // until the client drops it (5 s for Node's agent, over a minute for a browser). Closing such a
  // connection as soon as its response is written costs no hook on every request.
  app.addHook('preClose', async () => {
    app.server.keepAliveTimeout = 1;
  });
  // Jobs can then be sent inside transactions (see JobQueue.ready).
  app.addHook('onReady', () => jobs.ready());

  // The security headers and the request id, in one hook before any other can answer.
  securityHeadersPlugin(app, helmetOptions(config));
  // Same-origin by default; CORS_ORIGINS opens the API to listed origins only.
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: false });
  await app.register(errorsPlugin, { webDistDir: config.webDistDir });
  await app.register(inputHygienePlugin);
  await app.register(authPlugin, { tokens: ctx.tokens });
  // On the embedded database, signed-in requests find their user in memory: it announces every change to a
  // user in process, before the writing statement returns (plugins/user-cache.ts). Not on PostgreSQL: there
  // another instance's change reaches this one a moment after its commit, and a request in that moment must
  // already see it, so each request asks the database.
  if (database.kind === 'pglite') {
    const userCache = createUserCache({ bus: chatRuntime(ctx).bus, ttlMs: 60_000 });
    useUserCache(database.db, userCache);
    app.addHook('onClose', async () => void userCache.close());
  }
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  await app.register(metricsPlugin, { database, token: config.metricsToken });
  // After helmet, CORS and the request id (a kept answer still gets their headers), before the routes.
  publicCachePlugin(app, chatRuntime(ctx).bus, keptAnswers);
  keptObserver.count = app.countRequest;
  keptObserver.log = app.log;

  await app.register(
    async (api) => {
      await api.register(openapiRoute);
      await registerModules(api, ctx);
    },
    { prefix: '/api' },
  );
  // Chat socket at /ws (outside /api); shares its bus and service with the chat module.
  await app.register(realtimePlugin, { ctx });

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });

  return { app, ctx };
}
