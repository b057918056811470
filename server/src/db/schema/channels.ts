import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { bulkMessages } from './office';
import { emailOutbox } from './outbox';

/**
 * How the church reaches people beyond the app and e-mail (issue 35): one
 * row of settings. Keys and secrets are sealed with a key derived from the
 * server secret (lib/seal.ts, purpose 'channels') and never leave the server;
 * prices are hundredths of a cent (contract/rules/sms-segments.ts).
 */
export const channelSettings = pgTable(
  'channel_settings',
  {
    id: integer('id').primaryKey().default(1),
    channelOrder: text('channel_order')
      .array()
      .notNull()
      .default(sql`array['push','whatsapp','sms','email']::text[]`),
    smsProvider: text('sms_provider'),
    smsFallback: text('sms_fallback'),
    smsSenderId: text('sms_sender_id').notNull().default(''),
    /** Non-secret account ids by provider ({ smsportal: clientId, bulksms: username, twilio: accountSid }). */
    smsAccounts: jsonb('sms_accounts').$type<Record<string, string>>().notNull().default({}),
    /** Sealed JSON of every provider's secrets. */
    sealedSms: text('sealed_sms'),
    smsPriceUnits: integer('sms_price_units').notNull().default(2450),
    whatsappPhoneNumberId: text('whatsapp_phone_number_id').notNull().default(''),
    sealedWhatsapp: text('sealed_whatsapp'),
    whatsappPriceUnits: jsonb('whatsapp_price_units')
      .$type<Record<string, number>>()
      .notNull()
      .default({ marketing: 8000, utility: 1200, authentication: 1200, service: 0 }),
    quietStart: text('quiet_start').notNull().default('21:00'),
    quietEnd: text('quiet_end').notNull().default('07:00'),
    brandColour: text('brand_colour').notNull().default('#1c7ed6'),
    emailFooter: text('email_footer').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [check('channel_settings_single_row', sql`${t.id} = 1`)],
);
export type ChannelSettingsRow = typeof channelSettings.$inferSelect;

/** The church's WhatsApp message templates as Meta approved them (name, language, category, body with {{n}}). */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    language: text('language').notNull().default('en'),
    category: text('category').notNull().default('utility'),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_templates_name_lang_uq').on(t.name, t.language)],
);
export type WhatsappTemplateRow = typeof whatsappTemplates.$inferSelect;

/** A browser or phone where a member turned on notifications for the installed app (Web Push). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One message to one person on one channel: what was sent, through which
 * provider, and where it is (queued → sent → delivered → read, or failed
 * with the provider's reason, or skipped with ours). Retries run on the job
 * queue (`channels.deliver`); `provider_message_id` is unique per provider,
 * so a callback finds its row once and a replay changes nothing.
 */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** bulk (a composer message), notification (a kind in the person's settings), test (a send to oneself) */
    source: text('source').notNull(),
    messageId: uuid('message_id').references(() => bulkMessages.id, { onDelete: 'cascade' }),
    /** For notifications: event_reminder, roster_request, prayer_update, gift_receipt… */
    kind: text('kind'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    /** E.164 number, e-mail address or push subscription id. */
    address: text('address').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** A WhatsApp template: { name, language, category, variables }. */
    template: jsonb('template').$type<{ name: string; language: string; category: string; variables: string[] }>(),
    state: text('state').notNull().default('queued'),
    reason: text('reason'),
    providerMessageId: text('provider_message_id'),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    segments: integer('segments'),
    costUnits: integer('cost_units').notNull().default(0),
    /** Not before this instant (quiet hours). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_deliveries_provider_msg_uq').on(t.provider, t.providerMessageId),
    // A composer message reaches a person once per channel, however often its job runs.
    uniqueIndex('channel_deliveries_message_user_uq').on(t.messageId, t.userId, t.channel),
    index('channel_deliveries_user_idx').on(t.userId, t.createdAt),
  ],
);
export type ChannelDeliveryRow = typeof channelDeliveries.$inferSelect;

/** Callbacks already applied (provider, its own event key): a replay is answered 200 and changes nothing. */
export const channelCallbacks = pgTable(
  'channel_callbacks',
  {
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_callbacks_uq').on(t.provider, t.eventKey), index('channel_callbacks_received_idx').on(t.receivedAt)],
);

/**
 * Numbers that said STOP, by reply or on a provider's opt-out list: no SMS
 * (or WhatsApp, for its own list) goes to them, whoever the number belongs to.
 */
export const channelOptOuts = pgTable(
  'channel_opt_outs',
  {
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_opt_outs_uq').on(t.channel, t.address)],
);

/** When a person last wrote to the church's WhatsApp number: free-form replies are allowed for 24 hours after. */
export const whatsappConversations = pgTable('whatsapp_conversations', {
  address: text('address').primaryKey(),
  lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }).notNull(),
});
