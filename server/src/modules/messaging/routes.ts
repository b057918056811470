import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import {
  bulkMessageDetailResponse,
  bulkMessageRequest,
  bulkMessageResponse,
  type DeliveryStats,
  bulkMessagesQuery,
  bulkMessagesResponse,
  MESSAGING_TEXTS,
  messagingStatsResponse,
  previewRequest,
  previewResponse,
  recipientsQuery,
  recipientsResponse,
  singleNotificationRequest,
  templateRequest,
  templateResponse,
  templatesResponse,
  unsubscribeInfoResponse,
  unsubscribeResponse,
} from '@church/contract/messaging';
import { notificationResponse } from '@church/contract/notifications';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';
import { recordAudit, auditActor } from '../audit/audit';
import { createNotifications } from '../notifications/repository';
import { presentNotification } from '../notifications/presenter';
import { presentMessage, presentRecipient, presentTemplate } from './presenter';
import type { MessagingRepository } from './repository';
import type { MessagingService } from './service';

const LIVE_STATS_MS = 1000;
const errors = errorResponses(400, 401, 403, 404, 409);
const tokenParams = z.object({ token: z.string().min(1).max(120) });

export async function messagingRoutes(
  appBase: FastifyInstance,
  { db, service, repo }: { db: Db; service: MessagingService; repo: MessagingRepository },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Messaging'];
  const security = [{ bearerAuth: [] }];
  const guard = auth.permission('messages:send');

  /**
   * Figures of a message being sent, reused for up to a second: they count every recipient row
   * (~6 ms for 10,000 on PGlite, on the connection the send and every request share), and a
   * page following a send asks several times a second. Any other state is counted fresh.
   */
  const live = new Map<string, { at: number; stats: DeliveryStats }>();
  async function withStats(row: NonNullable<Awaited<ReturnType<MessagingRepository['get']>>>) {
    // Not started yet: no recipient rows exist (the send writes them after it sets startedAt), so nothing to count.
    if (row.status === 'scheduled' && !row.startedAt) return presentMessage(row, repo.EMPTY);
    const hit = live.get(row.id);
    if (row.status === 'sending' && hit && Date.now() - hit.at < LIVE_STATS_MS) return presentMessage(row, hit.stats);
    const stats = (await repo.statsFor([row.id])).get(row.id) ?? repo.EMPTY;
    if (row.status !== 'sending') live.delete(row.id);
    else {
      if (live.size >= 100) live.clear();
      live.set(row.id, { at: Date.now(), stats });
    }
    return presentMessage(row, stats);
  }

  app.post(
    '/notifications/bulk',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Send or schedule a bulk message (in-app notification, and e-mail to those who agreed)',
        body: bulkMessageRequest,
        response: { 201: bulkMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const id = await service.create(currentUser(request), {
        subject: b.subject,
        message: b.message,
        recipientType: b.recipientType,
        schedule: b.schedule,
        scheduledDate: b.scheduledDate || undefined,
        scheduledTime: b.scheduledTime || undefined,
      });
      const row = (await repo.get(id))!;
      return reply.code(201).send({
        status: 'success' as const,
        message: MESSAGING_TEXTS.scheduled(b.recipientType, b.schedule),
        data: { bulkMessage: await withStats(row) },
      });
    },
  );

  app.post(
    '/messages/preview',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'How many would receive a message, and how the first of them reads it',
        body: previewRequest,
        response: { 200: previewResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.preview(request.body) }),
  );

  app.get(
    '/messages',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Sent and scheduled bulk messages, newest first',
        querystring: bulkMessagesQuery,
        response: { 200: bulkMessagesResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const { rows, total } = await repo.list({ page, limit, status });
      const stats = await repo.statsFor(rows.map((r) => r.id));
      return {
        status: 'success' as const,
        data: { messages: rows.map((r) => presentMessage(r, stats.get(r.id) ?? repo.EMPTY)), page, limit, total },
      };
    },
  );

  app.get(
    '/messages/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'One bulk message with its delivery figures',
        params: idParams,
        response: { 200: bulkMessageDetailResponse, ...errors },
      },
    },
    async (request) => {
      const row = await repo.get(request.params.id);
      if (!row) throw notFound('Message not found');
      return { status: 'success' as const, data: { bulkMessage: await withStats(row) } };
    },
  );

  app.get(
    '/messages/:id/recipients',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Delivery per recipient (in-app, e-mail state and reason)',
        params: idParams,
        querystring: recipientsQuery,
        response: { 200: recipientsResponse, ...errors },
      },
    },
    async (request) => {
      if (!(await repo.get(request.params.id))) throw notFound('Message not found');
      const { page, limit, emailState } = request.query;
      const { rows, total } = await repo.recipients(request.params.id, { page, limit, emailState });
      return { status: 'success' as const, data: { recipients: rows.map(presentRecipient), page, limit, total } };
    },
  );

  app.post(
    '/messages/:id/cancel',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Cancel a scheduled message before it starts',
        params: idParams,
        response: { 200: bulkMessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.cancel(currentUser(request), request.params.id);
      const row = (await repo.get(request.params.id))!;
      return { status: 'success' as const, message: MESSAGING_TEXTS.cancelled, data: { bulkMessage: await withStats(row) } };
    },
  );

  app.get(
    '/notifications/stats',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Bulk messages and their delivery, all time',
        response: { 200: messagingStatsResponse, ...errors },
      },
    },
    async () => ({ status: 'success' as const, data: await repo.overall() }),
  );

  // Templates a leader saves and reuses.
  app.get(
    '/notifications/templates',
    { preHandler: guard, schema: { tags, security, summary: 'Saved message templates', response: { 200: templatesResponse, ...errors } } },
    async () => ({ status: 'success' as const, data: { templates: (await repo.templates.list()).map(presentTemplate) } }),
  );
  app.post(
    '/notifications/templates',
    {
      preHandler: guard,
      schema: { tags, security, summary: 'Save a message template', body: templateRequest, response: { 201: templateResponse, ...errors } },
    },
    async (request, reply) => {
      const { name, subject, message } = request.body;
      const row = await repo.templates.create({ name, subject, body: message, createdBy: currentUser(request).id });
      return reply.code(201).send({ status: 'success' as const, data: { template: presentTemplate(row) } });
    },
  );
  app.put(
    '/notifications/templates/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Change a message template',
        params: idParams,
        body: templateRequest,
        response: { 200: templateResponse, ...errors },
      },
    },
    async (request) => {
      const { name, subject, message } = request.body;
      const row = await repo.templates.update(request.params.id, { name, subject, body: message });
      if (!row) throw notFound('Template not found');
      return { status: 'success' as const, data: { template: presentTemplate(row) } };
    },
  );
  app.delete(
    '/notifications/templates/:id',
    {
      preHandler: guard,
      schema: { tags, security, summary: 'Delete a message template', params: idParams, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      if (!(await repo.templates.remove(request.params.id))) throw notFound('Template not found');
      return { status: 'success' as const, message: 'Template deleted' };
    },
  );

  // A leader's note to one member (spec 002 §7.9 POST /notifications).
  app.post(
    '/notifications',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Send one member an in-app notification',
        body: singleNotificationRequest,
        response: { 201: notificationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, title, message } = request.body;
      const [person] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
      if (!person) throw notFound('Member not found');
      const created = await db.transaction(async (tx) => {
        const [n] = await createNotifications(tx, [{ userId, type: 'message', title, message }]);
        await recordAudit(tx, {
          ...auditActor(request),
          action: 'notification.sent',
          entityType: 'user',
          entityId: userId,
          summary: `Notification "${title}" to ${person.name}`,
        });
        return n!;
      });
      return reply.code(201).send({ status: 'success' as const, data: { notification: presentNotification(created), unreadCount: 0 } });
    },
  );

  // Unsubscribe without signing in: the token in the e-mail is the authority (it names one recipient of one message).
  app.get(
    '/messages/unsubscribe/:token',
    {
      preHandler: auth.optional,
      schema: {
        tags,
        summary: 'What an unsubscribe link is for (no sign-in)',
        params: tokenParams,
        response: { 200: unsubscribeInfoResponse, ...errorResponses(400) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.unsubscribeInfo(request.params.token) }),
  );
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` (form-encoded) here; the page POSTs JSON.
  app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, { form: body }),
    );
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/messages/unsubscribe/:token',
      {
        preHandler: auth.optional,
        schema: {
          tags,
          summary: 'Unsubscribe from church e-mail (one click, no sign-in; each link works once)',
          params: tokenParams,
          response: { 200: unsubscribeResponse, ...errorResponses(400, 410) },
        },
      },
      async (request) => ({ status: 'success' as const, message: await service.unsubscribe(request.params.token) }),
    );
  });
}
