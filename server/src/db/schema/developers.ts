import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Developer API keys. Only a SHA-256 of the key is kept (keys are 190+ bits
 * of randomness, so a slow hash adds nothing), plus the last four characters
 * for display. The full key exists once, in the creation response.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tier: text('tier').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyLast4: text('key_last4').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A paid tier applies once the church approves it: there is no payment provider, so an administrator
     * approving the plan is what "arranged with the church" means. Until then the key works as a Free key.
     */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Usage per key, per day, per endpoint: counts, errors and a latency
 * histogram (bucket bounds in contract) so analytics can show p95 from real
 * requests without keeping one row per request.
 */
export const apiUsageDaily = pgTable(
  'api_usage_daily',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    requests: integer('requests').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    latencyMsTotal: integer('latency_ms_total').notNull().default(0),
    latencyBuckets: integer('latency_buckets')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day, t.method, t.endpoint] }), index('api_usage_daily_day_idx').on(t.day)],
);

/** Webhook endpoints. The signing secret must be kept readable to sign; it is never sent back after creation/rotation. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** After a rotation the old secret also signs until this time, so receivers can switch over. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    disabledReason: text('disabled_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

/** One message to one endpoint; its id is the Standard Webhooks `webhook-id`, stable across retries. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending, succeeded, failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due (shown in the log); the attempt itself is a job on the shared queue (webhooks.deliver). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The attempt in flight: a worker claims the delivery (a conditional update) before it sends, so two
     * workers never send one message at once — not even when a job outlives its expiry and pg-boss hands
     * it to another worker. The claim lapses at claimedUntil (a worker that died frees it).
     */
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt)],
);

/** Every attempt of a delivery, for the log (status code, duration, error). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per attempt number: a stale worker's late record of an attempt already recorded fails (and rolls back).
  (t) => [uniqueIndex('webhook_attempts_delivery_attempt_uq').on(t.deliveryId, t.attempt)],
);

/** Integrations a developer has connected. */
export const developerIntegrations = pgTable(
  'developer_integrations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    integrationId: text('integration_id').notNull(),
    settings: jsonb('settings'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.integrationId] })],
);
