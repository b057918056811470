import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { chatRuntime } from '../../realtime/runtime';
import { createApiKeyGate } from './api-key-gate';
import { developerKeysRoutes } from './keys-routes';
import { planApprovalsRoutes } from './plan-approvals-routes';
import { adminDevelopersRoutes } from './admin-developers-routes';
import { createUsageRecorder } from './usage-recorder';
import { defineUsageRetention } from './usage-retention';
import { developerAnalyticsRoutes } from './analytics-routes';
import { developerIntegrationsRoutes } from './integrations-routes';
import { createWebhookDelivery } from './webhooks/delivery-worker';
import { httpConnector, loopbackOnlyConnector } from './webhooks/connector';
import type { WebhookNetwork } from './webhooks/network';
import { offlineResolver, systemResolver } from './webhooks/ssrf-guard';
import { subscribeWebhooks } from './webhooks/subscriber';
import { createWebhooksService } from './webhooks/webhooks-service';
import { webhooksRoutes } from './webhooks/webhooks-routes';

/**
 * The developer platform on the /api context: the API-key gate that
 * auth.withApiKey uses, the usage hook that counts every keyed answer, and
 * the developer routes, and its webhooks subscribed to the domain events. Called before the other modules so that their keyed
 * routes see the gate and the hook.
 */
export async function registerDeveloperPlatform(api: FastifyInstance, ctx: AppContext) {
  const opts: WebhookNetwork = ctx.webhookNetwork ?? {};
  const testing = ctx.config.env === 'test';
  const gate = createApiKeyGate(ctx.db, {
    bus: chatRuntime(ctx).bus,
    onError: (err) => api.log.error({ err }, 'API key quota: could not reach the database'),
  });
  api.decorate('apiKeyGate', gate);
  gate.start();
  const usage = createUsageRecorder(ctx.db, { flushMs: ctx.config.env === 'test' ? 50 : 1000 });
  usage.start((err) => api.log.error({ err }, 'could not write API usage'));
  api.addHook('onResponse', (request, reply, done) => {
    if (request.apiKey)
      usage.record(request.apiKey.id, request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
    done();
  });
  // After the requests in flight are answered, before the database closes: unused quota and pending usage are written.
  api.addHook('onClose', async () => {
    await Promise.all([gate.stop(), usage.stop()]);
  });
  // Usage older than each key's plan keeps it is deleted hourly (queued when a real server listens; tests run it themselves).
  const retention = defineUsageRetention({ jobs: ctx.jobs, db: ctx.db });
  if (!testing)
    api.afterStart(async () => {
      await retention.schedule().catch((err: unknown) => api.log.error({ err }, 'could not queue the API usage clean-up'));
    });
  await api.register(developerKeysRoutes, { db: ctx.db, limiter: ctx.limiter, gate });
  await api.register(planApprovalsRoutes, { db: ctx.db, gate });
  await api.register(adminDevelopersRoutes, { db: ctx.db, gate });
  await api.register(developerAnalyticsRoutes, { db: ctx.db });
  await api.register(developerIntegrationsRoutes, { db: ctx.db });

  const resolve = opts.resolve ?? (testing ? offlineResolver : systemResolver);
  // Deliveries are jobs on the shared queue (webhooks.deliver); its workers run where ctx.jobs.start() runs.
  const delivery = createWebhookDelivery({
    db: ctx.db,
    jobs: ctx.jobs,
    resolve,
    connector: opts.connector ?? (testing ? loopbackOnlyConnector(httpConnector) : httpConnector),
    allowedHosts: ctx.config.webhookAllowedHosts,
    schedule: opts.schedule,
    log: api.log,
  });
  const webhooks = createWebhooksService({ db: ctx.db, resolve, allowedHosts: ctx.config.webhookAllowedHosts, delivery });
  await api.register(webhooksRoutes, { service: webhooks });
  // Webhooks are a subscriber of the domain events backbone: feature modules never call them.
  subscribeWebhooks(ctx.events, webhooks);
}
