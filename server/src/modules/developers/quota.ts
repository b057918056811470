import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, rateLimits, users } from '../../db/schema/index';
import { hourWindow, monthWindow } from './windows';

export type WindowKind = 'h' | 'm';
export const counterKey = (kind: WindowKind, keyId: string) => `apikey:${kind}:${keyId}`;

/** A range of slots (1-based positions in the window's shared counter) reserved by this instance. */
interface Range {
  from: number;
  to: number;
}

/**
 * One key's quota in one window, as this instance holds it. The database row
 * `apikey:<h|m>:<key id>` in rate_limits counts the slots every instance has
 * reserved in the window; `ranges` are the ones reserved here and not yet
 * handed to a request.
 */
export interface Pool {
  /** When the window ends (ms); the pool is worth nothing after it. */
  resetAt: number;
  ranges: Range[];
  /** The shared counter as last seen here (reserved by all instances), at most the limit. */
  top: number;
  /** The last slot this instance handed out (for X-RateLimit-Remaining when it hands none). */
  lastSlot: number;
  lastBlock: number;
  lastRefillAt: number;
  /** The database said the window is used up: refuse from memory until then (ms), instead of asking per request. */
  exhaustedUntil: number;
  lastUsedAt: number;
}

export const newPool = (): Pool => ({
  resetAt: 0,
  ranges: [],
  top: 0,
  lastSlot: 0,
  lastBlock: 0,
  lastRefillAt: 0,
  exhaustedUntil: 0,
  lastUsedAt: 0,
});

/** Block sizes: see createApiKeyGate for how they bound what an instance holds. */
export const QUOTA = {
  /** First block after a quiet spell; doubled while blocks run out within RAMP_MS. */
  startBlock: 4,
  rampMs: 1_000,
  /** At most this many slots per reservation … */
  maxBlock: 100,
  /** … and at most this share of what is left unreserved in the window (so small limits go one by one near the end). */
  roomShare: 10,
  /** A used-up window is asked again after this long (another instance may have handed slots back). */
  exhaustedRecheckMs: 1_000,
  /** Slots a key has not used here for this long go back to the shared counter. */
  idleReturnMs: 10_000,
} as const;

/** The most slots one instance holds for a key in a window: a block, plus the quarter of the last one it asks ahead at. */
export const MAX_HELD = QUOTA.maxBlock + Math.floor(QUOTA.maxBlock / 4);

export const available = (p: Pool) => p.ranges.reduce((n, r) => n + r.to - r.from + 1, 0);

/** Forgets a pool whose window has ended (its slots are worthless, nothing to return). */
export function expire(p: Pool, now: number) {
  if (p.resetAt && now >= p.resetAt) Object.assign(p, newPool());
}

/** Takes the next slot; the caller checked `available`. */
export function takeSlot(p: Pool, now: number): number {
  const r = p.ranges[0]!;
  const slot = r.from;
  if (r.from === r.to) p.ranges.shift();
  else r.from += 1;
  p.lastSlot = slot;
  p.lastUsedAt = now;
  return slot;
}

/**
 * How many slots to ask for now: none while enough are held here or the
 * window is known to be used up; otherwise a block that doubles while
 * demand keeps using them up within a second, capped by maxBlock and by a
 * tenth of what nobody has reserved yet.
 */
export function wanted(p: Pool, limit: number, now: number): number {
  if (p.exhaustedUntil > now) return 0;
  const have = available(p);
  // Ask ahead (while the rest is served) only for busy keys; a quiet key asks when it is out.
  const lowWater = p.lastBlock >= 8 ? Math.floor(p.lastBlock / 4) : 0;
  if (have > lowWater) return 0;
  const cap = Math.max(1, Math.min(QUOTA.maxBlock, Math.floor((limit - p.top) / QUOTA.roomShare)));
  const desired = p.lastRefillAt && now - p.lastRefillAt < QUOTA.rampMs ? p.lastBlock * 2 : QUOTA.startBlock;
  return Math.max(1, Math.min(desired, cap));
}

/**
 * Applies what the database answered to a reservation of `asked` slots. Every
 * reservation adds `asked` to the shared counter under its row lock, so the
 * counter before it was `count - asked`, and the slots within the limit are
 * exactly this instance's. What lay beyond the limit (`phantom`) is returned
 * to the caller to take back off the counter.
 */
export function applyGrant(p: Pool, o: { asked: number; count: number; resetAt: number; limit: number; now: number }) {
  if (p.resetAt !== o.resetAt) {
    // A new window (or the first): slots held for the old one are worthless.
    Object.assign(p, newPool(), { resetAt: o.resetAt });
  }
  const before = o.count - o.asked;
  const granted = Math.max(0, Math.min(o.asked, o.limit - before));
  if (granted > 0) p.ranges.push({ from: before + 1, to: before + granted });
  p.top = Math.min(o.limit, Math.max(p.top, before + granted));
  p.lastBlock = o.asked;
  p.lastRefillAt = o.now;
  // Idle counts from the grant too: slots just reserved are not handed back before a request could use them.
  p.lastUsedAt = Math.max(p.lastUsedAt, o.now);
  if (granted < o.asked) {
    p.top = o.limit;
    p.exhaustedUntil = Math.min(o.resetAt, o.now + QUOTA.exhaustedRecheckMs);
  }
  return { granted, phantom: o.asked - granted };
}

export interface KeyRowWithCounts {
  id: string;
  user_id: string;
  tier: string;
  revoked_at: Date | string | null;
  expires_at: Date | string | null;
  created_at: Date | string;
  approved_at: Date | string | null;
  /** The owner's account is live: not disabled by the church (is_active) and not erased. */
  owner_active: boolean;
  hour_count: number | null;
  hour_reset: Date | string | null;
  month_count: number | null;
  month_reset: Date | string | null;
}

/**
 * The key's row, and `want` slots reserved from each window, in ONE statement
 * (one round trip): every reservation also re-reads the key, so a revoked or
 * expired key (or one whose owner the church disabled) is noticed at the latest at its next block. Only a usable key
 * is counted, so unknown or dead keys never create counter rows. A window
 * whose counter ended starts again at the asked count.
 */
export async function verifyAndReserve(db: Db, keyHash: string, want: { h: number; m: number }, now: Date) {
  const h = hourWindow(now).end.toISOString();
  const m = monthWindow(now).end.toISOString();
  const res = await db.execute(sql`
    with k as (
      select k.id, k.user_id, k.tier, k.revoked_at, k.expires_at, k.created_at, k.approved_at,
        (u.is_active and u.erased_at is null) as owner_active
      from ${apiKeys} k join ${users} u on u.id = k.user_id where k.key_hash = ${keyHash} limit 1
    ), c as (
      insert into ${rateLimits} (key, count, reset_at)
      select 'apikey:' || w.kind || ':' || k.id::text, w.n, w.reset_at from k
      cross join (values ('h', ${want.h}::int, ${h}::timestamptz), ('m', ${want.m}::int, ${m}::timestamptz)) as w(kind, n, reset_at)
      where w.n > 0 and k.owner_active and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning key, count, reset_at
    )
    select k.id, k.user_id, k.tier, k.revoked_at, k.expires_at, k.created_at, k.approved_at, k.owner_active,
      hc.count as hour_count, hc.reset_at as hour_reset, mc.count as month_count, mc.reset_at as month_reset
    from k
    left join c hc on hc.key like 'apikey:h:%'
    left join c mc on mc.key like 'apikey:m:%'`);
  return (res as unknown as { rows: KeyRowWithCounts[] }).rows[0];
}

/** Takes slots back off shared counters (phantoms, idle or unused slots), only within the window they were reserved in. */
export async function returnSlots(db: Db, items: Array<{ key: string; n: number; resetAt: number }>) {
  if (!items.length) return;
  const values = sql.join(
    items.map((i) => sql`(${i.key}::text, ${i.n}::int, ${new Date(i.resetAt).toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${rateLimits} as r set count = greatest(r.count - v.n, 0)
    from (values ${values}) as v(key, n, reset_at)
    where r.key = v.key and r.reset_at = v.reset_at`);
}
