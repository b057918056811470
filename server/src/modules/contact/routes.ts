import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  CONTACT_SUCCESS_TEXT,
  contactMessageCreatedResponse,
  contactMessageRequest,
  contactMessagesQuery,
  contactMessagesResponse,
  contactMessageResponse,
  contactMessageUpdateRequest,
  contactReplyRequest,
  INBOX_TEXTS,
  type ContactMessage,
} from '@church/contract/contact';
import { errorResponse, errorResponses, idParams } from '@church/contract/http';
import { notFound } from '../../lib/errors';
import { auditActor, recordAudit } from '../audit/audit';
import type { Db } from '../../db/client';
import { contactMessages, type ContactMessageRow } from '../../db/schema/index';
import type { Mailer } from '../../lib/mailer';
import type { RateLimiter } from '../../lib/rate-limiter';
import { auth } from '../../plugins/auth';
import type { LeaderAlerts } from '../care/alerts';

/** Public form: enough for a real conversation, too few for a spam run. */
export const CONTACT_MESSAGES_PER_HOUR = 10;

const present = (r: ContactMessageRow): ContactMessage => ({
  _id: r.id,
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  preferredContact: r.preferredContact as ContactMessage['preferredContact'],
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
  repliedAt: r.repliedAt?.toISOString() ?? null,
  archivedAt: r.archivedAt?.toISOString() ?? null,
});

interface Deps {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  alerts?: LeaderAlerts;
  /** The church's own address from the settings (empty when not set). */
  churchEmail: () => Promise<string>;
}

/** Small enough to keep queries beside the routes: one insert, one list. */
export async function contactRoutes(appBase: FastifyInstance, { db, limiter, mailer, alerts, churchEmail }: Deps) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Contact'];

  app.post(
    '/contact-messages',
    {
      schema: {
        tags,
        summary: 'Quick Contact: send the church a message (no sign-in)',
        body: contactMessageRequest,
        response: { 201: contactMessageCreatedResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limiter.consume(
        `contact:ip:${request.ip}`,
        CONTACT_MESSAGES_PER_HOUR,
        60 * 60_000,
        'Too many messages from this connection. Please try again later.',
      );
      const b = request.body;
      const [row] = await db
        .insert(contactMessages)
        .values({ name: b.name, email: b.email.toLowerCase(), phone: b.phone, preferredContact: b.preferredContact, message: b.message })
        .returning();
      // Stored first, so leaders see it even if mail fails; mail only when SMTP is configured
      // (without SMTP the stored message is the leaders' copy — no duplicate in the outbox).
      if (mailer.smtpConfigured) {
        const to = await churchEmail();
        if (to) {
          mailer
            .send({
              to,
              kind: 'contact',
              subject: `Website message from ${b.name}`,
              text: `${b.message}\n\n— ${b.name} <${b.email}>${b.phone ? `, ${b.phone}` : ''}\nPrefers contact by: ${b.preferredContact}`,
            })
            .catch((err) => request.log.error({ err }, 'contact mail failed'));
        }
      }
      await alerts?.notify({
        topic: 'contactMessages',
        title: 'New message',
        message: `${b.name} sent a message through the website.`,
        link: '/inbox',
      });
      return reply.code(201).send({
        status: 'success',
        message: CONTACT_SUCCESS_TEXT,
        data: { contactMessage: { _id: row!.id, id: row!.id, createdAt: row!.createdAt.toISOString() } },
      });
    },
  );

  app.get(
    '/contact-messages',
    {
      preHandler: auth.permission('contact:read'),
      schema: {
        tags,
        summary: 'Messages sent through the website, newest first (leaders)',
        security: [{ bearerAuth: [] }],
        querystring: contactMessagesQuery,
        response: { 200: contactMessagesResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { page, limit, box } = request.query;
      const where =
        box === 'inbox' ? isNull(contactMessages.archivedAt) : box === 'archived' ? isNotNull(contactMessages.archivedAt) : undefined;
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(contactMessages).where(where),
        db
          .select({ n: count() })
          .from(contactMessages)
          .where(and(isNull(contactMessages.readAt), isNull(contactMessages.archivedAt))),
      ]);
      return {
        status: 'success' as const,
        data: { contactMessages: rows.map(present), page, limit, total: total?.n ?? 0, unread: unread?.n ?? 0 },
      };
    },
  );

  const guarded = errorResponses(400, 401, 403, 404);
  const security = [{ bearerAuth: [] }];

  app.patch(
    '/contact-messages/:id',
    {
      preHandler: auth.permission('contact:read'),
      schema: {
        tags,
        security,
        summary: 'Mark a message read or unread, archive it or move it back (leaders)',
        params: idParams,
        body: contactMessageUpdateRequest,
        response: { 200: contactMessageResponse, ...guarded },
      },
    },
    async (request) => {
      const { read, archived } = request.body;
      const set: Partial<typeof contactMessages.$inferInsert> = {};
      const now = new Date();
      if (read !== undefined) set.readAt = read ? now : null;
      if (archived !== undefined) set.archivedAt = archived ? now : null;
      const [row] = Object.keys(set).length
        ? await db.update(contactMessages).set(set).where(eq(contactMessages.id, request.params.id)).returning()
        : await db.select().from(contactMessages).where(eq(contactMessages.id, request.params.id));
      if (!row) throw notFound('Message not found');
      return { status: 'success' as const, data: { contactMessage: present(row) } };
    },
  );

  app.post(
    '/contact-messages/:id/reply',
    {
      preHandler: auth.permission('contact:read'),
      schema: {
        tags,
        security,
        summary: 'Reply to a message by e-mail (through the mail queue; SMTP delivers when configured)',
        params: idParams,
        body: contactReplyRequest,
        response: { 200: contactMessageResponse, ...guarded },
      },
    },
    async (request) => {
      const [msg] = await db.select().from(contactMessages).where(eq(contactMessages.id, request.params.id));
      if (!msg) throw notFound('Message not found');
      const me = request.user!;
      await mailer.send({
        to: msg.email,
        kind: 'contact-reply',
        subject: request.body.subject,
        text: `${request.body.message}\n\n— ${me.name}\n\nYou wrote:\n${msg.message
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n')}`,
      });
      const row = await db.transaction(async (tx) => {
        const now = new Date();
        const [r] = await tx
          .update(contactMessages)
          .set({ repliedAt: now, readAt: msg.readAt ?? now })
          .where(eq(contactMessages.id, msg.id))
          .returning();
        await recordAudit(tx, {
          ...auditActor(request),
          action: 'contact.replied',
          entityType: 'contact_message',
          entityId: msg.id,
          summary: `Replied by e-mail to ${msg.name}: ${request.body.subject}`,
        });
        return r!;
      });
      return { status: 'success' as const, message: INBOX_TEXTS.replied, data: { contactMessage: present(row) } };
    },
  );
}
