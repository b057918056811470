import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import {
  createWebhookRequest,
  deliveriesResponse,
  deliveryIdParams,
  updateWebhookRequest,
  webhookResponse,
  webhooksResponse,
  webhookWithSecretResponse,
  type WebhookView,
} from '@church/contract/webhooks';
import type { WebhookRow } from '../../../db/schema/index';
import { auth, currentUser } from '../../../plugins/auth';
import type { WebhooksService } from './webhooks-service';

const errors = errorResponses(400, 401, 403, 404);

/** Never the secret: it is in the create/rotate answer only. */
function present(s: { row: WebhookRow; lastDelivery: Date | null; successRate: number | null }): WebhookView {
  const r = s.row;
  const overlap = r.previousSecretExpiresAt && r.previousSecretExpiresAt > new Date() ? r.previousSecretExpiresAt.toISOString() : null;
  return {
    _id: r.id,
    id: r.id,
    name: r.name,
    url: r.url,
    events: r.events,
    status: r.isActive ? 'active' : 'disabled',
    disabledReason: r.disabledReason,
    createdAt: r.createdAt.toISOString(),
    lastDelivery: s.lastDelivery?.toISOString() ?? null,
    successRate: s.successRate,
    secretRotatedUntil: overlap,
  };
}

/** Webhook endpoints of a developer, their delivery log, test events and replays (spec 002 §2.9). */
export async function webhooksRoutes(appBase: FastifyInstance, { service }: { service: WebhooksService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Webhooks'];
  const security = [{ bearerAuth: [] }];
  const guard = auth.permission('api:access');
  const one = async (row: WebhookRow) => present((await service.withStats([row]))[0]!);

  app.get(
    '/developers/webhooks',
    { preHandler: guard, schema: { tags, security, summary: 'Your webhooks', response: { 200: webhooksResponse, ...errors } } },
    async (request) => ({
      status: 'success' as const,
      data: { webhooks: (await service.list(currentUser(request).id)).map(present) },
    }),
  );

  app.post(
    '/developers/webhooks',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Add a webhook (the signing secret is in this answer only)',
        body: createWebhookRequest,
        response: { 201: webhookWithSecretResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { row, secret } = await service.create(currentUser(request).id, request.body);
      reply.code(201);
      return { status: 'success' as const, message: 'Webhook created successfully', data: { webhook: await one(row), secret } };
    },
  );

  app.patch(
    '/developers/webhooks/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Rename, change events, enable or disable',
        params: idParams,
        body: updateWebhookRequest,
        response: { 200: webhookResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { webhook: await one(await service.update(currentUser(request).id, request.params.id, request.body)) },
    }),
  );

  app.delete(
    '/developers/webhooks/:id',
    {
      preHandler: guard,
      schema: { tags, security, summary: 'Delete a webhook and its log', params: idParams, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await service.remove(currentUser(request).id, request.params.id);
      return { status: 'success' as const, message: 'Webhook deleted' };
    },
  );

  app.post(
    '/developers/webhooks/:id/rotate-secret',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'New signing secret; the old one also signs for 24 hours',
        params: idParams,
        response: { 200: webhookWithSecretResponse, ...errors },
      },
    },
    async (request) => {
      const { row, secret } = await service.rotate(currentUser(request).id, request.params.id);
      return { status: 'success' as const, message: 'Secret rotated', data: { webhook: await one(row), secret } };
    },
  );

  app.post(
    '/developers/webhooks/:id/test',
    {
      preHandler: guard,
      schema: { tags, security, summary: 'Send a webhook.test event', params: idParams, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await service.sendTest(currentUser(request).id, request.params.id);
      return { status: 'success' as const, message: 'Test event queued' };
    },
  );

  app.get(
    '/developers/webhooks/:id/deliveries',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'The last 50 deliveries with every attempt',
        params: idParams,
        response: { 200: deliveriesResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        deliveries: (await service.deliveries(currentUser(request).id, request.params.id)).map(({ d, log }) => ({
          _id: d.id,
          id: d.id,
          eventType: d.eventType,
          status: d.status as 'pending' | 'succeeded' | 'failed',
          attempts: d.attempts,
          responseCode: d.responseCode,
          durationMs: d.durationMs,
          error: d.error,
          createdAt: d.createdAt.toISOString(),
          nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
          payload: d.payload,
          log: log.map((a) => ({
            attempt: a.attempt,
            responseCode: a.responseCode,
            durationMs: a.durationMs,
            error: a.error,
            at: a.at.toISOString(),
          })),
        })),
      },
    }),
  );

  app.post(
    '/developers/webhooks/:id/deliveries/:deliveryId/replay',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Send a finished delivery again',
        params: deliveryIdParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.replay(currentUser(request).id, request.params.id, request.params.deliveryId);
      return { status: 'success' as const, message: 'Delivery queued again' };
    },
  );
}
