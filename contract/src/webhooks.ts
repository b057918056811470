import { z } from 'zod';
import { entityIds } from './http';

/** Events a webhook can subscribe to (spec 002 §7.11 plus event.created and prayer.approved). */
export const WEBHOOK_EVENTS = [
  'member.created',
  'member.updated',
  'donation.received',
  'donation.refunded',
  'event.created',
  'prayer.approved',
  // Issue 33 (Sunday).
  'schedule.accepted',
  'schedule.declined',
  'checkin.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookSchema = z
  .object({
    ...entityIds,
    name: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(['active', 'disabled']),
    disabledReason: z.string().nullable(),
    createdAt: z.string(),
    lastDelivery: z.string().nullable().describe('When the last delivery was attempted'),
    successRate: z.number().nullable().describe('Share of finished deliveries that succeeded, 0–100 (null before any)'),
    secretRotatedUntil: z.string().nullable().describe('While set, the previous secret also signs'),
  })
  .describe('Webhook');
export type WebhookView = z.infer<typeof webhookSchema>;

export const createWebhookRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .max(2000, 'The URL is too long')
    .refine((u) => /^https?:\/\//i.test(u), 'The URL must start with https:// (or http://)'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events must be among: ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length),
});
export const updateWebhookRequest = z
  .object({
    name: createWebhookRequest.shape.name.optional(),
    events: createWebhookRequest.shape.events.optional(),
    isActive: z.boolean().optional().describe('Enable or disable the endpoint'),
  })
  // A body with none of these (or only unknown fields) changes nothing: a 400 that says so (issue 29: it was a 500).
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send name, events or isActive');

export const webhooksResponse = z.object({ status: z.literal('success'), data: z.object({ webhooks: z.array(webhookSchema) }) });
export const webhookResponse = z.object({ status: z.literal('success'), data: z.object({ webhook: webhookSchema }) });
export const webhookWithSecretResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ webhook: webhookSchema, secret: z.string().describe('The signing secret (whsec_…). Shown once.') }),
});

export const deliverySchema = z.object({
  ...entityIds,
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  payload: z.unknown(),
  log: z.array(
    z.object({
      attempt: z.number().int(),
      responseCode: z.number().int().nullable(),
      durationMs: z.number().int(),
      error: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export const deliveriesResponse = z.object({ status: z.literal('success'), data: z.object({ deliveries: z.array(deliverySchema) }) });
export const deliveryIdParams = z.object({
  id: z.string().uuid('That id is not valid'),
  deliveryId: z.string().uuid('That id is not valid'),
});
