import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { effectiveTier, PRICING_TIERS, TIERS, type PricingTier } from '@church/contract/developers';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@church/contract/webhooks';
import type { Db, DbOrTx } from '../../../db/client';
import { apiKeys, users, webhookAttempts, webhookDeliveries, webhooks, type WebhookRow } from '../../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { createWebhookAudience, eventsOwnerMayNotSubscribe, hasWebhookPlan, ownerMayReceive } from './audience';
import type { WebhookDelivery } from './delivery-worker';
import { newWebhookSecret } from './signing';
import { UnsafeTargetError, vetTarget, type Resolver } from './ssrf-guard';

/** After a rotation the old secret keeps signing this long, so receivers can switch without dropping a message. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export const DONATIONS_NEED_FINANCE =
  "Donation events carry the church's giving: only an account that may see giving receives them (the church's own integration, set up by its superadmin). Choose other events.";

export function createWebhooksService(o: { db: Db; resolve: Resolver; allowedHosts: readonly string[]; delivery: WebhookDelivery }) {
  const { db } = o;
  const audience = createWebhookAudience(db);

  /**
   * The developer's plan for webhooks: the highest tier their live keys have now (a paid key waiting for
   * the church's approval counts as Free; no live key: Free, which allows none).
   */
  async function tierOf(userId: string): Promise<PricingTier> {
    const rows = await db
      .select({ tier: apiKeys.tier, createdAt: apiKeys.createdAt, approvedAt: apiKeys.approvedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date()))));
    return rows.reduce<PricingTier>((best, r) => {
      const tier = effectiveTier({ tier: r.tier as PricingTier, createdAt: r.createdAt, approvedAt: r.approvedAt });
      return PRICING_TIERS.indexOf(tier) > PRICING_TIERS.indexOf(best) ? tier : best;
    }, 'free');
  }

  /** A subscription must not ask for events its owner may never receive (donations without finance:read). */
  async function assertMaySubscribe(userId: string, events: readonly string[]) {
    const [owner] = await db.select({ role: users.role, permissions: users.permissions }).from(users).where(eq(users.id, userId));
    if (!owner || eventsOwnerMayNotSubscribe(events, owner).length) throw forbidden(DONATIONS_NEED_FINANCE);
  }

  async function vet(url: string) {
    try {
      await vetTarget(url, { resolve: o.resolve, allowedHosts: o.allowedHosts });
    } catch (err) {
      if (err instanceof UnsafeTargetError) throw badRequest(err.message);
      throw err;
    }
  }

  async function own(userId: string, id: string) {
    const [row] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
    if (!row) throw notFound('Webhook not found');
    return row;
  }

  /** lastDelivery and successRate come from the delivery log. */
  async function withStats(rows: WebhookRow[]) {
    if (rows.length === 0) return [];
    const stats = await db
      .select({
        webhookId: webhookDeliveries.webhookId,
        last: sql<string | null>`max(coalesce(${webhookDeliveries.completedAt}, ${webhookDeliveries.firstAttemptAt}))`,
        done: sql<number>`count(*) filter (where ${webhookDeliveries.status} <> 'pending')::int`,
        ok: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'succeeded')::int`,
      })
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.webhookId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(webhookDeliveries.webhookId);
    const by = new Map(stats.map((s) => [s.webhookId, s]));
    return rows.map((r) => {
      const s = by.get(r.id);
      const done = Number(s?.done ?? 0);
      return {
        row: r,
        lastDelivery: s?.last ? new Date(s.last) : null,
        successRate: done ? Math.round((Number(s!.ok) / done) * 1000) / 10 : null,
      };
    });
  }

  /** The log rows and their first attempts, in one transaction (the caller's when given). */
  async function enqueue(tx: DbOrTx, hooks: { id: string }[], payload: { type: string; timestamp: string; data: unknown }) {
    if (hooks.length === 0) return 0;
    const type = payload.type;
    const rows = await tx
      .insert(webhookDeliveries)
      .values(hooks.map((h) => ({ webhookId: h.id, eventType: type, payload })))
      .returning({ id: webhookDeliveries.id });
    await o.delivery.enqueue(
      tx,
      rows.map((r) => r.id),
    );
    return hooks.length;
  }

  return {
    tierOf,
    withStats,
    list: async (userId: string) =>
      withStats(await db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(desc(webhooks.createdAt))),

    async create(userId: string, input: { name: string; url: string; events: string[] }) {
      const tier = TIERS[await tierOf(userId)];
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhooks)
        .where(eq(webhooks.userId, userId))) as [{ n: number }];
      await assertMaySubscribe(userId, input.events);
      if (tier.webhooks !== null && Number(n) >= tier.webhooks) {
        throw forbidden(
          tier.webhooks === 0
            ? 'Webhooks need a Basic, Professional or Enterprise API key. Create one on the API Keys page first.'
            : `Your ${tier.name} plan allows ${tier.webhooks} webhooks. Delete one or upgrade a key's plan.`,
        );
      }
      await vet(input.url);
      const secret = newWebhookSecret();
      const [row] = await db
        .insert(webhooks)
        .values({ userId, name: input.name, url: input.url, events: input.events, secret })
        .returning();
      return { row: row!, secret };
    },

    async update(userId: string, id: string, input: { name?: string; events?: string[]; isActive?: boolean }) {
      await own(userId, id);
      if (input.events) await assertMaySubscribe(userId, input.events);
      const [row] = await db
        .update(webhooks)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.events !== undefined ? { events: input.events } : {}),
          ...(input.isActive !== undefined
            ? { isActive: input.isActive, disabledReason: input.isActive ? null : 'Disabled by you', consecutiveFailures: 0 }
            : {}),
        })
        .where(eq(webhooks.id, id))
        .returning();
      return row!;
    },

    async remove(userId: string, id: string) {
      await own(userId, id);
      await db.delete(webhooks).where(eq(webhooks.id, id));
    },

    async rotate(userId: string, id: string) {
      const current = await own(userId, id);
      const secret = newWebhookSecret();
      const [row] = await db
        .update(webhooks)
        .set({ secret, previousSecret: current.secret, previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS) })
        .where(eq(webhooks.id, id))
        .returning();
      return { row: row!, secret };
    },

    async sendTest(userId: string, id: string) {
      const hook = await own(userId, id);
      if (!hook.isActive) throw badRequest('This webhook is disabled. Enable it before sending a test event.');
      await db.transaction((tx) =>
        enqueue(tx, [hook], {
          type: WEBHOOK_TEST_EVENT,
          timestamp: new Date().toISOString(),
          data: { object: { message: 'This is a test event from the developer portal', webhookId: hook.id } },
        }),
      );
    },

    async deliveries(userId: string, id: string) {
      await own(userId, id);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, id))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(50);
      const attempts = rows.length
        ? await db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(webhookAttempts.attempt)
        : [];
      return rows.map((d) => ({ d, log: attempts.filter((a) => a.deliveryId === d.id) }));
    },

    /** Replay: the same message (same webhook-id, so receivers can de-duplicate) goes out again now. */
    async replay(userId: string, id: string, deliveryId: string) {
      const hook = await own(userId, id);
      if (!hook.isActive) throw badRequest('This webhook is disabled. Enable it before replaying a delivery.');
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookDeliveries)
          .set({ status: 'pending', nextAttemptAt: new Date(), completedAt: null })
          .where(
            and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, id), sql`${webhookDeliveries.status} <> 'pending'`),
          )
          .returning();
        if (!row) throw notFound('Delivery not found, or it is still being delivered');
        await o.delivery.replay(tx, row.id, row.attempts);
      });
    },

    /**
     * Queues an event for every endpoint that may hear of it: called by the domain events
     * subscriber (subscriber.ts) in its transaction, with the event's time as the payload's timestamp.
     */
    async emit(type: WebhookEventType, object: unknown, previous?: unknown, tx?: DbOrTx, timestamp = new Date().toISOString()) {
      const run = async (t: DbOrTx) => {
        const subscribed = await t
          .select({
            id: webhooks.id,
            role: users.role,
            permissions: users.permissions,
            isActive: users.isActive,
            hasPlan: hasWebhookPlan(webhooks.userId),
          })
          .from(webhooks)
          .innerJoin(users, eq(users.id, webhooks.userId))
          .where(and(eq(webhooks.isActive, true), sql`${type} = any(${webhooks.events})`));
        // Who may hear of it (audience.ts), then what may be said: nothing at all when the person it is about has not agreed.
        const hooks = subscribed.filter((h) => ownerMayReceive(type, h));
        if (hooks.length === 0) return 0;
        const data = (previous === undefined ? { object } : { object, previous }) as never;
        const payload = await audience.shape(t, { type, timestamp, data });
        return payload ? enqueue(t, hooks, payload) : 0;
      };
      return tx ? run(tx) : db.transaction(run);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
