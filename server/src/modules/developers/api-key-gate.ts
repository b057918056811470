import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  TIERS,
  effectiveTier,
  keyPermissions,
  keyRefusal,
  type ApiKeyPermission,
  type KeyPlan,
  type PricingTier,
} from '@church/contract/developers';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';
import type { ChatBus } from '../../realtime/bus';
import { HttpError, forbidden, unauthorized } from '../../lib/errors';
import { hashApiKey, isWellFormedApiKey } from './key-format';
import { createKeyCache, type VerifiedKey } from './key-cache';
import {
  QUOTA,
  applyGrant,
  available,
  counterKey,
  expire,
  newPool,
  returnSlots,
  takeSlot,
  verifyAndReserve,
  wanted,
  type Pool,
  type WindowKind,
} from './quota';

export interface ApiKeyPrincipal {
  id: string;
  userId: string;
  tier: PricingTier;
}

export const INVALID_KEY = 'Invalid API key. Check the key or create a new one at /developers/api-keys.';
export const REVOKED_KEY = 'This API key has been revoked. Create a new one at /developers/api-keys.';
export const EXPIRED_KEY = 'This API key has expired. Create a new one at /developers/api-keys.';
export const DISABLED_OWNER_KEY = 'The church has disabled the developer account this API key belongs to. Contact the church office.';

/** Key rows → principal; throws the 401 a caller can act on. */
export async function findUsableKey(db: Db, key: string) {
  if (!isWellFormedApiKey(key)) throw unauthorized(INVALID_KEY);
  const [found] = await db
    .select({ key: apiKeys, ownerActive: users.isActive, ownerErasedAt: users.erasedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashApiKey(key)))
    .limit(1);
  if (!found) throw unauthorized(INVALID_KEY);
  const row = found.key;
  if (row.revokedAt) throw unauthorized(REVOKED_KEY);
  if (!found.ownerActive || found.ownerErasedAt) throw unauthorized(DISABLED_OWNER_KEY);
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw unauthorized(EXPIRED_KEY);
  return row;
}

export const hourCounterKey = (id: string) => counterKey('h', id);
export const monthCounterKey = (id: string) => counterKey('m', id);

interface KeyState {
  keyId: string;
  tier: PricingTier;
  h: Pool;
  m: Pool;
}

const asTier = (t: string): PricingTier => (t in TIERS ? (t as PricingTier) : 'free');
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
const plan = (k: VerifiedKey): KeyPlan => ({
  tier: k.tier,
  createdAt: new Date(k.createdAt),
  approvedAt: k.approvedAt === null ? null : new Date(k.approvedAt),
});

export interface ApiKeyGateOptions {
  /** Cross-instance notices (revocations, owners' sessions ending, resync after a lost LISTEN). */
  bus?: ChatBus;
  /** How long a verified key is trusted without asking the database (a backstop; revocations arrive on the bus). */
  keyTtlMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * Checks a key on a request: known, live, within its hourly and monthly
 * limits (shared by every instance), and holding the permission the route
 * asks for. Sets the X-RateLimit headers on every keyed answer.
 *
 * A keyed request normally touches no database: the key comes from the
 * verified-key cache (key-cache.ts explains why revocation stays prompt),
 * and its hour and month slots from blocks this instance reserved from the
 * shared counters (quota.ts). How that keeps the limits true across
 * instances:
 *
 * - A reservation adds to the shared counter under its row lock and keeps
 *   only the slots within the limit, so the slots handed out by all instances
 *   together never pass the limit: a key is never let through more than its
 *   limit (the bound on overshoot is zero).
 * - The price is the other way round: an instance may refuse while another
 *   still holds unused slots. What one instance holds per key and window is
 *   at most one block plus the quarter of the previous one it asks ahead
 *   at: ≤ 125 slots, and a block is ≤ a tenth of what nobody had reserved
 *   when it asked (so a free key's last slots go one by one). Slots a key
 *   leaves unused for 10 s go back, and all go back on a graceful stop; an
 *   instance that crashes strands what it held until the window ends
 *   (refusing early, never admitting more).
 * - X-RateLimit-Remaining is the limit minus the slot's position in the
 *   shared counter: exact for one instance; with several it counts what the
 *   others hold as used, so it may fall faster than one client sees it move.
 * - A used-up window is remembered for a second: a client hammering after
 *   its 429 costs one reservation per second per instance, not one per call.
 */
export function createApiKeyGate(db: Db, opts: ApiKeyGateOptions = {}) {
  const cache = createKeyCache({ ttlMs: opts.keyTtlMs ?? 5_000, bus: opts.bus });
  /** By key hash: the key's quota held here. */
  const states = new Map<string, KeyState>();
  /** One database round trip at a time per key; requests that need it wait for the same one. */
  const inflight = new Map<string, Promise<void>>();
  const pendingReturns: Array<{ key: string; n: number; resetAt: number }> = [];

  /** Verifies the key in the database and reserves what its pools want; throws its 401. */
  function sync(hash: string): Promise<void> {
    const running = inflight.get(hash);
    if (running) return running;
    const p = (async () => {
      const nowMs = Date.now();
      const st = states.get(hash);
      if (st) {
        expire(st.h, nowMs);
        expire(st.m, nowMs);
      }
      const limits = st ? TIERS[st.tier] : undefined;
      // A key seen for the first time asks for one slot, as an exact counter would.
      const want = {
        h: st ? wanted(st.h, limits!.requestsPerHour, nowMs) : 1,
        m: st ? wanted(st.m, limits!.requestsPerMonth, nowMs) : 1,
      };
      const epoch = cache.epoch();
      const row = await verifyAndReserve(db, hash, want, new Date(nowMs));
      if (!row) throw unauthorized(INVALID_KEY);
      if (row.revoked_at) {
        states.delete(hash);
        cache.forget(row.id);
        throw unauthorized(REVOKED_KEY);
      }
      if (!row.owner_active) {
        states.delete(hash);
        cache.forget(row.id);
        throw unauthorized(DISABLED_OWNER_KEY);
      }
      const expiresAt = ms(row.expires_at);
      // Expired by our clock, or by the database's (it did not count the key).
      const uncounted = (want.h > 0 && row.hour_count === null) || (want.m > 0 && row.month_count === null);
      if ((expiresAt !== null && expiresAt <= Date.now()) || uncounted) {
        states.delete(hash);
        cache.forget(row.id);
        throw unauthorized(EXPIRED_KEY);
      }
      const key: VerifiedKey = {
        id: row.id,
        userId: row.user_id,
        tier: asTier(row.tier),
        createdAt: ms(row.created_at)!,
        approvedAt: ms(row.approved_at),
        expiresAt,
      };
      // The pools are sized by the tier the key has now: a paid plan waiting for approval is held to Free's limits.
      const tierNow = effectiveTier(plan(key));
      const state = states.get(hash) ?? { keyId: key.id, tier: tierNow, h: newPool(), m: newPool() };
      state.tier = tierNow;
      states.set(hash, state);
      const now = Date.now();
      const grant = (kind: WindowKind, asked: number, count: number | null, reset: Date | string | null, limit: number) => {
        if (!asked || count === null || reset === null) return;
        const resetAt = ms(reset)!;
        const { phantom } = applyGrant(state[kind], { asked, count: Number(count), resetAt, limit, now });
        if (phantom > 0) pendingReturns.push({ key: counterKey(kind, key.id), n: phantom, resetAt });
      };
      const tier = TIERS[tierNow];
      grant('h', want.h, row.hour_count, row.hour_reset, tier.requestsPerHour);
      grant('m', want.m, row.month_count, row.month_reset, tier.requestsPerMonth);
      cache.put(hash, key, epoch, now);
      // Slots asked beyond the limit come straight back off the counter, so a later return is not swallowed by them.
      if (pendingReturns.length) await flushReturns();
    })().finally(() => inflight.delete(hash));
    inflight.set(hash, p);
    return p;
  }

  async function flushReturns() {
    const items = pendingReturns.splice(0);
    try {
      await returnSlots(db, items);
    } catch (err) {
      pendingReturns.push(...items);
      throw err;
    }
  }

  type Outcome =
    | { kind: 'ok'; key: VerifiedKey; state: KeyState; slot: { h: number; m: number }; refreshDue: boolean }
    | { kind: 'refused'; key: VerifiedKey; state: KeyState; window: WindowKind };

  /** A slot of each window from what this instance holds, a refusal it already knows of, or null: ask the database. */
  function fromMemory(hash: string, now: number): Outcome | null {
    const cached = cache.get(hash, now);
    const state = states.get(hash);
    if (!cached || !state) return null;
    const { key, refreshDue } = cached;
    if (key.expiresAt !== null && key.expiresAt <= now) {
      cache.forget(key.id);
      throw unauthorized(EXPIRED_KEY);
    }
    expire(state.h, now);
    expire(state.m, now);
    const haveH = available(state.h);
    const haveM = available(state.m);
    if (haveH > 0 && haveM > 0) {
      const slot = { h: takeSlot(state.h, now), m: takeSlot(state.m, now) };
      return { kind: 'ok', key, state, slot, refreshDue };
    }
    if (haveM === 0 && state.m.exhaustedUntil > now) return { kind: 'refused', key, state, window: 'm' };
    if (haveH === 0 && state.h.exhaustedUntil > now) return { kind: 'refused', key, state, window: 'h' };
    return null;
  }

  async function admit(hash: string): Promise<Outcome> {
    for (;;) {
      const outcome = fromMemory(hash, Date.now());
      if (outcome) {
        if (outcome.kind === 'ok') ahead(hash, outcome.state, outcome.refreshDue);
        return outcome;
      }
      // Every round trip either reserves slots, learns the window is used up, or throws: this ends.
      await sync(hash);
    }
  }

  /**
   * In the background, while this request goes on: a busy key's next block (asked while the rest
   * of this one is served), and the key verified again before its cache entry runs out, so no
   * request of a busy key waits for the database.
   */
  function ahead(hash: string, state: KeyState, refreshDue: boolean) {
    if (inflight.has(hash)) return;
    const now = Date.now();
    const limits = TIERS[state.tier];
    const low = wanted(state.h, limits.requestsPerHour, now) > 0 || wanted(state.m, limits.requestsPerMonth, now) > 0;
    // With a pool empty, the next request asks anyway (and waits, as it must).
    if ((!low && !refreshDue) || available(state.h) === 0 || available(state.m) === 0) return;
    sync(hash).catch((err: unknown) => {
      // A revoked or expired key is the next request's 401; anything else is worth a log line.
      if (!(err instanceof HttpError)) opts.onError?.(err);
    });
  }

  async function authorize(request: FastifyRequest, reply: FastifyReply, rawKey: string, permission: ApiKeyPermission) {
    if (!isWellFormedApiKey(rawKey)) throw unauthorized(INVALID_KEY);
    const hash = hashApiKey(rawKey);
    const outcome = await admit(hash);
    const { key, state } = outcome;
    const keyPlan = plan(key);
    const tierNow = effectiveTier(keyPlan);
    const limits = TIERS[tierNow];
    const left = (kind: WindowKind, limit: number) => {
      if (outcome.kind === 'refused' && outcome.window === kind) return -1;
      const slot = outcome.kind === 'ok' ? outcome.slot[kind] : Math.max(state[kind].lastSlot, 0);
      return limit - slot;
    };
    const hourLeft = left('h', limits.requestsPerHour);
    const monthLeft = left('m', limits.requestsPerMonth);
    const hourReset = state.h.resetAt;
    const monthReset = state.m.resetAt;
    // The tighter window decides what the headers say.
    const monthTighter = monthLeft < hourLeft;
    const binding = monthTighter
      ? { limit: limits.requestsPerMonth, left: monthLeft, reset: monthReset }
      : { limit: limits.requestsPerHour, left: hourLeft, reset: hourReset };
    reply.header('x-ratelimit-limit', String(binding.limit));
    reply.header('x-ratelimit-remaining', String(Math.max(0, binding.left)));
    reply.header('x-ratelimit-reset', String(Math.ceil(binding.reset / 1000)));
    request.apiKey = { id: key.id, userId: key.userId, tier: tierNow };
    if (outcome.kind === 'refused') {
      const byMonth = outcome.window === 'm';
      const resetAt = byMonth ? monthReset : hourReset;
      const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      const which = byMonth
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
    // A paid plan's permissions wait for the church's approval (anyone may register as a developer).
    if (!keyPermissions(keyPlan).includes(permission)) throw forbidden(keyRefusal(keyPlan, permission));
  }

  /**
   * Hands slots back to the shared counters: those of keys idle here for
   * idleReturnMs (so another instance can use them), or all of them (`all`,
   * on a graceful stop). Forgets the state of keys with nothing held.
   */
  async function returnUnused(all: boolean) {
    const now = Date.now();
    for (const [hash, st] of states) {
      if (inflight.has(hash)) continue;
      let held = 0;
      for (const kind of ['h', 'm'] as const) {
        const p = st[kind];
        expire(p, now);
        const n = available(p);
        held += n;
        if (n > 0 && (all || now - p.lastUsedAt >= QUOTA.idleReturnMs)) {
          pendingReturns.push({ key: counterKey(kind, st.keyId), n, resetAt: p.resetAt });
          p.ranges = [];
          held -= n;
        }
      }
      const idle = now - Math.max(st.h.lastUsedAt, st.m.lastUsedAt, st.h.lastRefillAt, st.m.lastRefillAt) >= QUOTA.idleReturnMs;
      if (held === 0 && idle) states.delete(hash);
    }
    if (pendingReturns.length) await flushReturns();
  }

  async function forgetEverywhere(keyId: string) {
    cache.forget(keyId);
    // If the notice cannot go out, other instances still notice within the cache's TTL or at their next block.
    await opts.bus?.publish({ t: 'api-key-revoked', keyId }).catch((err: unknown) => opts.onError?.(err));
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    authorize,
    /** Call after a key is revoked: this instance and (through the bus) every other one stop accepting it at once. */
    revoked: forgetEverywhere,
    /**
     * Call after the church disabled (or enabled) a developer account: this instance forgets the owner's keys at
     * once; the others do as the database announces the account change (users.is_active moves the token version,
     * migrations 0015 and 0029: session-ended), and any key is re-verified with its owner at its next block anyway.
     */
    ownerChanged(userId: string) {
      cache.forgetOwner(userId);
    },
    /** Call after a key's plan is approved: every instance verifies it again at its next request and finds the approval. */
    changed: forgetEverywhere,
    start(intervalMs = 1_000) {
      timer = setInterval(() => void returnUnused(false).catch((err: unknown) => opts.onError?.(err)), intervalMs);
      timer.unref();
    },
    /** On a graceful stop: every slot held here goes back to the shared counters. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...inflight.values()]);
      await returnUnused(true);
      cache.close();
    },
    /** For tests: what this instance holds. */
    held(keyId: string) {
      for (const st of states.values()) if (st.keyId === keyId) return { h: available(st.h), m: available(st.m) };
      return { h: 0, m: 0 };
    },
  };
}
export type ApiKeyGate = ReturnType<typeof createApiKeyGate>;
