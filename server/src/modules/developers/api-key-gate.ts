import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TIERS, tierAllows, type ApiKeyPermission, type PricingTier } from '@church/contract/developers';
import type { Db } from '../../db/client';
import { apiKeys, rateLimits } from '../../db/schema/index';
import { HttpError, forbidden, unauthorized } from '../../lib/errors';
import { hashApiKey, isWellFormedApiKey } from './key-format';
import { hourWindow, monthWindow } from './windows';

export interface ApiKeyPrincipal {
  id: string;
  userId: string;
  tier: PricingTier;
}

export const INVALID_KEY = 'Invalid API key. Check the key or create a new one at /developers/api-keys.';
export const REVOKED_KEY = 'This API key has been revoked. Create a new one at /developers/api-keys.';
export const EXPIRED_KEY = 'This API key has expired. Create a new one at /developers/api-keys.';

/** Key rows → principal; throws the 401 a caller can act on. */
export async function findUsableKey(db: Db, key: string) {
  if (!isWellFormedApiKey(key)) throw unauthorized(INVALID_KEY);
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(key)))
    .limit(1);
  if (!row) throw unauthorized(INVALID_KEY);
  if (row.revokedAt) throw unauthorized(REVOKED_KEY);
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw unauthorized(EXPIRED_KEY);
  return row;
}

export const hourCounterKey = (id: string) => `apikey:h:${id}`;
export const monthCounterKey = (id: string) => `apikey:m:${id}`;

/**
 * Checks a key on a request: known, live, within its hourly and monthly
 * limits (counted in the database, so every instance shares them), and
 * holding the permission the route asks for. Sets the X-RateLimit headers
 * on every keyed answer.
 */
export function createApiKeyGate(db: Db) {
  async function count(id: string, now: Date) {
    const h = hourWindow(now);
    const m = monthWindow(now);
    // Both windows in one statement: one round trip per keyed request.
    const rows = await db
      .insert(rateLimits)
      .values([
        { key: hourCounterKey(id), count: 1, resetAt: h.end },
        { key: monthCounterKey(id), count: 1, resetAt: m.end },
      ])
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt });
    const hour = rows.find((r) => r.key.startsWith('apikey:h:'))!;
    const month = rows.find((r) => r.key.startsWith('apikey:m:'))!;
    return { hour, month };
  }

  async function authorize(request: FastifyRequest, reply: FastifyReply, key: string, permission: ApiKeyPermission) {
    const row = await findUsableKey(db, key);
    const tier = (row.tier in TIERS ? row.tier : 'free') as PricingTier;
    const limits = TIERS[tier];
    const { hour, month } = await count(row.id, new Date());
    const hourLeft = limits.requestsPerHour - hour.count;
    const monthLeft = limits.requestsPerMonth - month.count;
    // The tighter window decides what the headers say.
    const monthTighter = monthLeft < hourLeft;
    const binding = monthTighter
      ? { limit: limits.requestsPerMonth, left: monthLeft, reset: month.resetAt }
      : { limit: limits.requestsPerHour, left: hourLeft, reset: hour.resetAt };
    reply.header('x-ratelimit-limit', String(binding.limit));
    reply.header('x-ratelimit-remaining', String(Math.max(0, binding.left)));
    reply.header('x-ratelimit-reset', String(Math.ceil(binding.reset.getTime() / 1000)));
    request.apiKey = { id: row.id, userId: row.userId, tier };
    if (hourLeft < 0 || monthLeft < 0) {
      const resetAt = monthLeft < 0 ? month.resetAt : hour.resetAt;
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      const which =
        monthLeft < 0
          ? `${limits.requestsPerMonth.toLocaleString('en-US')} requests per month`
          : `${limits.requestsPerHour.toLocaleString('en-US')} requests per hour`;
      throw new HttpError(
        429,
        `Rate limit exceeded: the ${limits.name} plan allows ${which}. Try again in ${seconds} seconds or upgrade the key's plan.`,
        {
          'retry-after': String(seconds),
        },
      );
    }
    if (!tierAllows(tier, permission)) {
      throw forbidden(
        `This API key's ${limits.name} plan does not include ${permission}. Upgrade the key's plan at /pricing to use this endpoint.`,
      );
    }
  }

  return { authorize };
}
export type ApiKeyGate = ReturnType<typeof createApiKeyGate>;
