import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';
import { createApiKeyGate } from './api-key-gate';
import { developerKeysRoutes } from './keys-routes';
import { createUsageRecorder } from './usage-recorder';
import { developerAnalyticsRoutes } from './analytics-routes';
import { createDeliveryWorker } from './webhooks/delivery-worker';
import { httpConnector, type Connector } from './webhooks/connector';
import { systemResolver, type Resolver } from './webhooks/ssrf-guard';
import { createWebhooksService } from './webhooks/webhooks-service';
import { webhooksRoutes } from './webhooks/webhooks-routes';

/** Tests swap the network parts for stubs (no packet leaves loopback); production uses DNS and real sockets. */
export interface DeveloperPlatformOptions {
  resolve?: Resolver;
  connector?: Connector;
  /** Run the delivery worker in this process (tests drive it by hand). */
  runWorker?: boolean;
  schedule?: readonly number[];
}

/**
 * The developer platform on the /api context: the API-key gate that
 * auth.withApiKey uses, the usage hook that counts every keyed answer, and
 * the developer routes. Called before the other modules so that their keyed
 * routes see the gate and the hook.
 */
export async function registerDeveloperPlatform(api: FastifyInstance, ctx: AppContext, opts: DeveloperPlatformOptions = {}) {
  api.decorate('apiKeyGate', createApiKeyGate(ctx.db));
  const usage = createUsageRecorder(ctx.db, { flushMs: ctx.config.env === 'test' ? 50 : 1000 });
  usage.start((err) => api.log.error({ err }, 'could not write API usage'));
  api.addHook('onResponse', async (request, reply) => {
    if (request.apiKey)
      usage.record(request.apiKey.id, request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
  });
  api.addHook('onClose', async () => usage.stop());
  await api.register(developerKeysRoutes, { db: ctx.db, limiter: ctx.limiter });
  await api.register(developerAnalyticsRoutes, { db: ctx.db });

  const resolve = opts.resolve ?? systemResolver;
  const worker = createDeliveryWorker({
    db: ctx.db,
    resolve,
    connector: opts.connector ?? httpConnector,
    allowedHosts: ctx.config.webhookAllowedHosts,
    schedule: opts.schedule,
    log: api.log,
  });
  const webhooks = createWebhooksService({ db: ctx.db, resolve, allowedHosts: ctx.config.webhookAllowedHosts, kick: () => worker.kick() });
  await api.register(webhooksRoutes, { service: webhooks });
  if (opts.runWorker ?? ctx.config.env !== 'test') {
    api.addHook('onReady', async () => worker.start());
    api.addHook('onClose', async () => worker.stop());
  }
  return { webhooks, worker };
}
