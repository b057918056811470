import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHANNEL_PROVIDERS,
  CHANNEL_TEXTS,
  CHANNELS,
  channelSettingsRequest,
  deliveriesQuery,
  deliveriesResponse,
  channelSettingsResponse,
  pushSubscriptionRequest,
  whatsappTemplateRequest,
  whatsappTemplateResponse,
  whatsappTemplatesResponse,
  type ChannelProviderName,
} from '@church/contract/channels';
import { MESSAGE_MAX, SUBJECT_MAX } from '@church/contract/messaging';
import { errorResponses } from '@church/contract/http';
import type { Db } from '../../db/client';
import { pushSubscriptions, whatsappTemplates } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { auth, currentUser } from '../../plugins/auth';
import type { createCallbackHandler } from './callbacks';
import type { Providers } from './providers';
import type { ChannelsService } from './service';
import type { ChannelSettingsService } from './settings';
import { listDeliveries } from './deliveries-view';

const errors = errorResponses(400, 401, 403, 404, 409);
const ok = z.object({ status: z.literal('success'), message: z.string() });
const idParams = z.object({ id: z.uuid() });

export async function channelsRoutes(
  appBase: FastifyInstance,
  d: {
    db: Db;
    settings: ChannelSettingsService;
    service: ChannelsService;
    providers: Providers;
    callbacks: ReturnType<typeof createCallbackHandler>;
    publicUrl: string;
  },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Channels'];
  const security = [{ bearerAuth: [] }];
  const admin = auth.permission('settings:write');
  const leader = auth.permission('messages:send');

  app.get(
    '/channels/settings',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Messaging channels: providers, prices, order, quiet hours (never a key)',
        response: { 200: channelSettingsResponse, ...errors },
      },
    },
    async () => ({ status: 'success' as const, data: { settings: await d.settings.present() } }),
  );
  app.put(
    '/channels/settings',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Change the messaging channels (a blank key keeps the stored one)',
        body: channelSettingsRequest,
        response: { 200: channelSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const u = currentUser(request);
      return {
        status: 'success' as const,
        data: { settings: await d.settings.update({ id: u.id, name: u.name, role: u.role }, request.body) },
      };
    },
  );

  app.get(
    '/channels/whatsapp-templates',
    {
      preHandler: leader,
      schema: { tags, security, summary: "The church's WhatsApp templates", response: { 200: whatsappTemplatesResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: { templates: (await d.db.select().from(whatsappTemplates).orderBy(whatsappTemplates.name)).map(presentTemplate) },
    }),
  );
  app.post(
    '/channels/whatsapp-templates',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Add a WhatsApp template as Meta approved it',
        body: whatsappTemplateRequest,
        response: { 201: whatsappTemplateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const [row] = await d.db
        .insert(whatsappTemplates)
        .values(request.body)
        .onConflictDoUpdate({
          target: [whatsappTemplates.name, whatsappTemplates.language],
          set: { body: request.body.body, category: request.body.category, status: request.body.status },
        })
        .returning();
      return reply.code(201).send({ status: 'success' as const, data: { template: presentTemplate(row!) } });
    },
  );
  app.delete(
    '/channels/whatsapp-templates/:id',
    {
      preHandler: admin,
      schema: { tags, security, summary: 'Remove a WhatsApp template', params: idParams, response: { 200: ok, ...errors } },
    },
    async (request) => {
      const gone = await d.db
        .delete(whatsappTemplates)
        .where(eq(whatsappTemplates.id, request.params.id))
        .returning({ id: whatsappTemplates.id });
      if (!gone.length) throw notFound('Template not found');
      return { status: 'success' as const, message: 'Template removed' };
    },
  );

  app.get(
    '/channels/push-key',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'The VAPID public key the installed app subscribes with',
        response: { 200: z.object({ status: z.literal('success'), data: z.object({ publicKey: z.string() }) }), ...errors },
      },
    },
    async () => ({ status: 'success' as const, data: { publicKey: (await d.settings.vapid()).publicKey } }),
  );
  app.post(
    '/channels/push-subscriptions',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Turn on app notifications on this device',
        body: pushSubscriptionRequest,
        response: { 201: ok, ...errors },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const b = request.body;
      // One device, one owner: the browser's endpoint moves to whoever signed in on it last.
      await d.db
        .insert(pushSubscriptions)
        .values({ userId: me.id, endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: me.id, p256dh: b.keys.p256dh, auth: b.keys.auth } });
      return reply.code(201).send({ status: 'success' as const, message: 'Notifications are on for this device' });
    },
  );
  app.delete(
    '/channels/push-subscriptions',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Turn off app notifications on this device',
        body: z.object({ endpoint: z.string().max(2000) }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await d.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, request.body.endpoint), eq(pushSubscriptions.userId, currentUser(request).id)));
      return { status: 'success' as const, message: 'Notifications are off for this device' };
    },
  );

  app.post(
    '/channels/test',
    {
      preHandler: leader,
      schema: {
        tags,
        security,
        summary: 'Send a message to yourself on one channel',
        body: z.object({
          channel: z.enum(CHANNELS),
          subject: z.string().trim().max(SUBJECT_MAX).default('Test message'),
          message: z.string().trim().min(1, 'Message is required').max(MESSAGE_MAX),
        }),
        response: {
          202: z.object({ status: z.literal('success'), message: z.string(), data: z.object({ deliveryId: z.string() }) }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const id = await d.service.testSend(currentUser(request).id, request.body);
      return reply.code(202).send({ status: 'success' as const, message: CHANNEL_TEXTS.testSent, data: { deliveryId: id } });
    },
  );

  app.get(
    '/channels/deliveries',
    {
      preHandler: leader,
      schema: {
        tags,
        security,
        summary: 'Who received a message, by which channel, and where each one is',
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listDeliveries(d.db, request.query) }),
  );

  // Providers' callbacks: no user; the provider's signature (or secret token) is the proof. Raw bodies: signatures cover the bytes.
  await app.register(async (cb) => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded'])
      cb.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    const providerParams = z.object({
      provider: z.enum(CHANNEL_PROVIDERS.filter((p) => p !== 'smtp' && p !== 'webpush') as [ChannelProviderName, ...ChannelProviderName[]]),
    });
    cb.withTypeProvider<ZodTypeProvider>().post(
      '/channels/callbacks/:provider',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Delivery reports and replies from SMS and WhatsApp providers (signed)',
          params: providerParams,
          hide: false,
        },
      },
      async (request, reply) => {
        const provider = await d.providers.get(request.params.provider);
        if (!provider) throw notFound('This provider is not set up');
        const raw = typeof request.body === 'string' ? request.body : '';
        const result = provider.verifyCallback({
          method: request.method,
          url: `${d.publicUrl}${request.url.split('?')[0]}`,
          headers: request.headers,
          rawBody: raw,
          query: request.query as Record<string, string>,
        });
        if (!result.ok) return reply.code(401).send({ status: 'error', message: CHANNEL_TEXTS.badSignature });
        const applied = await d.callbacks.apply(request.params.provider, result);
        // Reports for messages whose send is still being recorded: the providers retry a 503 (replies were kept).
        if (applied.early)
          return reply
            .code(503)
            .header('retry-after', '2')
            .send({ status: 'error', message: `${applied.updated} updated; ${applied.early} not known yet, send again` });
        return reply.send({ status: 'success', message: `${applied.updated} updated` });
      },
    );
    // Meta checks a webhook URL once with a GET before it posts to it.
    cb.withTypeProvider<ZodTypeProvider>().get(
      '/channels/callbacks/whatsapp',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "Meta's webhook verification",
          querystring: z.object({
            'hub.mode': z.string().max(20),
            'hub.verify_token': z.string().max(500),
            'hub.challenge': z.string().max(200),
          }),
        },
      },
      async (request, reply) => {
        const e = await d.settings.effective();
        const q = request.query;
        if (q['hub.mode'] !== 'subscribe' || !e.whatsapp.verifyToken || q['hub.verify_token'] !== e.whatsapp.verifyToken)
          return reply.code(403).send({ status: 'error', message: 'The verify token does not match' });
        return reply.type('text/plain').send(q['hub.challenge']);
      },
    );
  });
}

const presentTemplate = (r: typeof whatsappTemplates.$inferSelect) => ({
  _id: r.id,
  id: r.id,
  name: r.name,
  language: r.language,
  category: r.category as 'utility',
  body: r.body,
  status: r.status as 'approved',
});
