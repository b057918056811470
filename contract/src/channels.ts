import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

/**
 * Messaging channels (issue 35): how a message reaches a person — the
 * installed app (web push), WhatsApp, SMS or e-mail — each behind one
 * interface on the server (modules/channels/channel.ts), each with a local
 * stand-in for development, tests and demos.
 */
export const CHANNELS = ['push', 'whatsapp', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { push: 'App notification', whatsapp: 'WhatsApp', sms: 'SMS', email: 'E-mail' };
/** The consent (contract/consents.ts) each channel needs, read when the message is sent. */
export const CHANNEL_CONSENT = { push: 'push_church', whatsapp: 'whatsapp_church', sms: 'sms_church', email: 'email_church' } as const;

export const SMS_PROVIDERS = ['smsportal', 'bulksms', 'clickatell', 'twilio'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
export const SMS_PROVIDER_LABELS: Record<SmsProvider, string> = {
  smsportal: 'SMSPortal',
  bulksms: 'BulkSMS',
  clickatell: 'Clickatell',
  twilio: 'Twilio',
};
export const CHANNEL_PROVIDERS = [...SMS_PROVIDERS, 'whatsapp', 'webpush', 'smtp'] as const;
export type ChannelProviderName = (typeof CHANNEL_PROVIDERS)[number];

/** Meta's pricing categories for a WhatsApp template; free-form replies inside the 24-hour window are 'service'. */
export const WHATSAPP_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
export type WhatsappCategory = (typeof WHATSAPP_CATEGORIES)[number];
export const TEMPLATE_STATUSES = ['approved', 'pending', 'rejected'] as const;
/** Meta allows free-form messages only this long after the person last wrote to the church's number. */
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

/** Per recipient and channel: where a message is (read only where the channel tells: WhatsApp). */
export const DELIVERY_STATES = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** A state never moves back: a late "sent" after "delivered" changes nothing. */
export const DELIVERY_RANK: Record<DeliveryState, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4, skipped: 4 };

export const CHANNEL_TEXTS = {
  saved: 'Channel settings saved',
  smsNotSetUp: 'SMS is not set up: choose a provider in Settings → Channels',
  whatsappNotSetUp: 'WhatsApp is not set up: add the Cloud API number in Settings → Channels',
  noPhone: 'No mobile number on record',
  badPhone: 'The mobile number cannot receive SMS',
  noEmail: 'No e-mail address on record',
  noPush: 'The app is not installed with notifications on',
  noConsent: (label: string) => `Has not agreed to ${label}`,
  optedOut: 'Replied STOP (opted out of SMS)',
  templateNotApproved: 'The WhatsApp template is not approved',
  outsideWindow: 'Outside the 24-hour WhatsApp window: a template is needed',
  quietHours: 'Held until quiet hours end',
  badSignature: 'The callback signature is not valid',
  testSent: 'Test sent to you',
  noChannel: 'No channel this person agreed to can reach them',
} as const;

const hhmm = z
  .string()
  .max(5, { error: 'Use HH:MM', abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');
const price = z
  .number({ error: 'Enter a price in rand' })
  .min(0, 'A price cannot be negative')
  .max(100, 'At most R 100 per message')
  .multipleOf(0.0001, 'At most four decimals');
const secret = z.string().trim().max(500, 'At most 500 characters');
const plain = z.string().trim().max(200, 'At most 200 characters');

/** What the browser may see: never a key or a secret, only whether one is set. */
export const channelSettingsSchema = z.object({
  channelOrder: z.array(z.enum(CHANNELS)).describe("The church's order of preference"),
  smsProvider: z.enum(SMS_PROVIDERS).nullable(),
  smsFallback: z.enum(SMS_PROVIDERS).nullable().describe('Used when the first provider is down'),
  smsSenderId: z.string(),
  /** Non-secret account ids per provider (client id, username, account SID), shown to the administrator. */
  smsAccounts: z.record(z.string(), z.string()),
  smsSecretsSet: z.record(z.string(), z.boolean()).describe('Which providers have their keys stored (never the keys)'),
  smsPrice: z.number().describe('Rand per SMS segment'),
  whatsappPhoneNumberId: z.string(),
  whatsappSecretsSet: z.boolean(),
  whatsappPrices: z.record(z.enum(WHATSAPP_CATEGORIES), z.number()),
  quietStart: z.string(),
  quietEnd: z.string(),
  brandColour: z.string(),
  emailFooter: z.string(),
  pushPublicKey: z.string().describe('VAPID public key the installed app subscribes with'),
  standin: z.boolean().describe('Providers are the local stand-ins (development and demos)'),
  updatedAt: z.string().nullable(),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

export const channelSettingsRequest = z.object({
  channelOrder: z
    .array(z.enum(CHANNELS))
    .min(1, 'Keep at least one channel')
    .max(CHANNELS.length)
    .refine((l) => new Set(l).size === l.length, 'Each channel may appear once')
    .optional(),
  smsProvider: z.enum(SMS_PROVIDERS).nullable().optional(),
  smsFallback: z.enum(SMS_PROVIDERS).nullable().optional(),
  smsSenderId: z
    .string()
    .trim()
    .max(11, { error: 'A sender id has at most 11 characters', abort: true })
    .regex(/^[A-Za-z0-9 ]*$/, 'Letters, digits and spaces only')
    .optional(),
  /** Keys per provider; a blank field keeps what is stored. */
  smsCredentials: z
    .object({
      smsportal: z.object({ clientId: plain, apiSecret: secret, webhookSecret: secret }).partial(),
      bulksms: z.object({ username: plain, password: secret, webhookSecret: secret }).partial(),
      clickatell: z.object({ apiKey: secret, webhookSecret: secret }).partial(),
      twilio: z.object({ accountSid: plain, authToken: secret, from: plain }).partial(),
    })
    .partial()
    .optional(),
  smsPrice: price.optional(),
  whatsappPhoneNumberId: plain.optional(),
  whatsappCredentials: z.object({ accessToken: secret, appSecret: secret, verifyToken: secret }).partial().optional(),
  whatsappPrices: z
    .object(Object.fromEntries(WHATSAPP_CATEGORIES.map((c) => [c, price])) as Record<WhatsappCategory, typeof price>)
    .partial()
    .optional(),
  quietStart: hhmm.optional(),
  quietEnd: hhmm.optional(),
  brandColour: z
    .string()
    .max(7, { error: 'Use a colour like #1c7ed6', abort: true })
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6')
    .optional(),
  emailFooter: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type ChannelSettingsRequest = z.input<typeof channelSettingsRequest>;
export const channelSettingsResponse = z.object({ status: z.literal('success'), data: z.object({ settings: channelSettingsSchema }) });

export const whatsappTemplateSchema = z.object({
  ...entityIds,
  name: z.string(),
  language: z.string(),
  category: z.enum(WHATSAPP_CATEGORIES),
  body: z.string().describe('With {{1}}, {{2}}… for the variables, as approved by Meta'),
  status: z.enum(TEMPLATE_STATUSES),
});
export const whatsappTemplateRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, { error: 'A template name has at most 100 characters', abort: true })
    .regex(/^[a-z0-9_]+$/, 'Lower-case letters, digits and _ (as Meta names templates)'),
  language: z
    .string()
    .trim()
    .max(5, { error: 'A language code such as en or en_ZA', abort: true })
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'A language code such as en or en_ZA')
    .default('en'),
  category: z.enum(WHATSAPP_CATEGORIES).default('utility'),
  body: z.string().trim().min(1, 'The template text is required').max(1024, 'At most 1,024 characters'),
  status: z.enum(TEMPLATE_STATUSES).default('pending'),
});
export const whatsappTemplatesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ templates: z.array(whatsappTemplateSchema) }),
});
export const whatsappTemplateResponse = z.object({ status: z.literal('success'), data: z.object({ template: whatsappTemplateSchema }) });

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ error: 'A push endpoint URL is required' }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

export const deliverySchema = z.object({
  ...entityIds,
  name: z.string().describe("The recipient's name (or the address for a test)"),
  channel: z.enum(CHANNELS),
  provider: z.string(),
  address: z.string().describe('Masked: the last digits of a number, the domain of an e-mail'),
  state: z.enum(DELIVERY_STATES),
  reason: z.string().nullable(),
  segments: z.number().int().nullable(),
  costCents: z.number().int(),
  attempts: z.number().int(),
  updatedAt: z.string(),
});
export type ChannelDelivery = z.infer<typeof deliverySchema>;

export const deliveriesQuery = paginationQuery(50, 200).extend({
  messageId: z.uuid().optional(),
  source: z.enum(['bulk', 'notification', 'test']).optional(),
  channel: z.enum(CHANNELS).optional(),
  state: z.enum(DELIVERY_STATES).optional(),
});
export const deliveriesResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    deliveries: z.array(deliverySchema),
    ...pageInfo,
    /** Per channel and state, over the whole message (not only this page). */
    summary: z.array(
      z.object({ channel: z.enum(CHANNELS), state: z.enum(DELIVERY_STATES), count: z.number().int(), costCents: z.number().int() }),
    ),
  }),
});
