import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, errorResponses } from '@church/contract/http';
import { notificationResponse, readAllResponse, userNotificationsQuery, userNotificationsResponse } from '@church/contract/notifications';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';
import { startEventReminderScheduler } from './event-reminders';
import { presentNotification } from './presenter';
import { createNotificationsRepository } from './repository';

const errors = errorResponses(400, 401, 403, 404);

export async function notificationRoutes(
  appBase: FastifyInstance,
  opts: { db: Db; runScheduler: boolean; timeZone?: () => Promise<string> },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const repo = createNotificationsRepository(opts.db);
  const tags = ['Notifications'];
  const security = [{ bearerAuth: [] }];

  if (opts.runScheduler) {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startEventReminderScheduler(opts.db, app.log, opts.timeZone);
    });
    app.addHook('onClose', async () => stop?.());
  }

  app.get(
    '/notifications/user',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first",
        querystring: userNotificationsQuery,
        response: { 200: userNotificationsResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { page, limit, unreadOnly, markRead } = request.query;
      const { rows, total } = await repo.listForUser(user.id, { page, limit, unreadOnly });
      let shown = rows;
      if (markRead) {
        const marked = new Map(
          (
            await repo.markRead(
              user.id,
              rows.map((r) => r.id),
            )
          ).map((r) => [r.id, r]),
        );
        shown = rows.map((r) => marked.get(r.id) ?? r);
      }
      return {
        status: 'success' as const,
        data: { notifications: shown.map(presentNotification), unreadCount: await repo.unreadCount(user.id), page, limit, total },
      };
    },
  );

  app.patch(
    '/notifications/:id/read',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Mark one notification read',
        params: idParams,
        response: { 200: notificationResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Another member's notification answers exactly like a missing one.
      const row = await repo.findOwn(user.id, request.params.id);
      if (!row) throw notFound('Notification not found');
      const [updated] = row.readAt ? [row] : await repo.markRead(user.id, [row.id]);
      return {
        status: 'success' as const,
        data: { notification: presentNotification(updated ?? row), unreadCount: await repo.unreadCount(user.id) },
      };
    },
  );

  app.patch(
    '/notifications/read-all',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Mark all of the caller’s notifications read', response: { 200: readAllResponse, ...errors } },
    },
    async (request) => {
      const updated = await repo.markAllRead(currentUser(request).id);
      return { status: 'success' as const, message: 'All notifications marked as read', data: { updated, unreadCount: 0 } };
    },
  );
}
