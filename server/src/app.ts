import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { createConsentService, type ConsentService } from './modules/consents/service';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { createTokenService, type TokenService } from './lib/tokens';
import { authPlugin } from './plugins/auth';
import { inputHygienePlugin } from './plugins/input-hygiene';
import { safeErrorForLog } from './lib/log-safe';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin, openapiRoute } from './plugins/openapi';
import { webAppPlugin } from './plugins/web-app';
import { registerModules } from './modules';
import { realtimePlugin } from './realtime/plugin';
import { metricsPlugin } from './modules/ops/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Every route as registered (its config.access says who may call it). */
    routeTable: RouteOptions[];
  }
}

/** What modules may be handed. Each module picks what it needs in modules.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Durable job queue (server/src/jobs/queue.ts); workers run only after start() in start.ts. */
  jobs: JobQueue;
  /** A key derived from the server secret for keyed hashes that must agree across instances (sermon view counting). */
  hashKey: Buffer;
  /** Members' consents (modules/consents/service.ts): `consents.has(userId, 'email_church')`. */
  consents: ConsentService;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
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
    ...(process.stdout.isTTY && config.env !== 'production'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
  const app = Fastify({
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
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Large uploads and slow clients: keep the defaults generous but bounded.
    requestTimeout: 120_000,
  });
  // The route table (method, url, who may call): read by the authorization matrix and the fuzz suite.
  // Added first so every later onRoute hook (the auth plugin's sets config.access) has run when it is read.
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routeTable.push(route as RouteOptions));
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const jobs = createJobQueue({ database, log: app.log });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenService(opts.jwtSecret, config.jwtExpiresIn),
    limiter: createRateLimiter(database.db),
    mailer: createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log, jobs }),
    jobs,
    hashKey: crypto.createHmac('sha256', opts.jwtSecret).update('church-platform:hash-key').digest(),
    consents: createConsentService(database.db),
  };
  // Running jobs finish (or are handed back) before the database closes.
  app.addHook('onClose', () => jobs.stop());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from a configurable tile server.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Card giving posts the signed checkout form to the payment provider's hosted page.
        formAction: ["'self'", ...(config.payfast ? [new URL(config.payfast.baseUrl).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Same-origin by default; CORS_ORIGINS opens the API to listed origins only.
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: false });
  await app.register(errorsPlugin, { webDistDir: config.webDistDir });
  await app.register(inputHygienePlugin);
  await app.register(authPlugin, { tokens: ctx.tokens });
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  await app.register(metricsPlugin, { database, token: config.metricsToken });

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
