import type { PricingTier } from '@church/contract/developers';
import type { ChatBus } from '../../realtime/bus';

/** What a keyed request needs to know about its key, once the database has vouched for it. */
export interface VerifiedKey {
  id: string;
  userId: string;
  tier: PricingTier;
  /** The plan's trial and approval (KeyPlan): what the key may do is worked out per request, so a trial ends on time. */
  createdAt: number;
  approvedAt: number | null;
  /** ms since the epoch; checked against the clock on every request, so expiry is exact. */
  expiresAt: number | null;
}

interface Entry {
  key: VerifiedKey;
  verifiedAt: number;
}

/** Verified keys at most (by hash): bounded, so a flood of distinct keys cannot grow it without end. */
const MAX_ENTRIES = 10_000;

/**
 * Keys the database has verified, by SHA-256, so a keyed request costs no
 * database round trip just to learn who it is. Why a revoked key is still
 * refused promptly, on every instance:
 *
 * - Revoking publishes `api-key-revoked` on the bus (in process on PGlite;
 *   PostgreSQL LISTEN/NOTIFY otherwise): each instance drops the key at once
 *   (milliseconds on PostgreSQL). `session-ended` (the owner deleted,
 *   disabled, changed) drops the owner's keys too.
 * - A lookup that began before a revocation arrived is not kept (the epoch
 *   check), so a read racing the revocation cannot put the key back.
 * - If the LISTEN connection was lost, the bus's `resync` on reconnect
 *   empties the cache; and an entry is trusted for `ttlMs` at most anyway,
 *   and re-verified by every quota reservation (quota.ts), so a missed
 *   notification costs seconds, never a key that keeps working.
 * - PGlite is one process: the bus is in process, so it is exact there.
 *
 * An approved plan drops the key the same way (`changed` on the gate), so its next request is
 * verified again and finds the approval.
 *
 * Unknown keys are not cached: a key is random, so nobody presents it before
 * it exists, but a rejected key must not be remembered as rejected forever.
 */
export function createKeyCache(opts: { ttlMs: number; bus?: ChatBus }) {
  const byHash = new Map<string, Entry>();
  let epoch = 0;

  function dropWhere(match: (k: VerifiedKey) => boolean) {
    epoch += 1;
    for (const [hash, e] of byHash) if (match(e.key)) byHash.delete(hash);
  }

  const unsubscribe = opts.bus?.subscribe((event) => {
    if (event.t === 'api-key-revoked') dropWhere((k) => k.id === event.keyId);
    else if (event.t === 'session-ended') dropWhere((k) => k.userId === event.userId);
    else if (event.t === 'resync') dropWhere(() => true);
  });

  return {
    /**
     * The key when it was verified within the TTL, otherwise undefined (verify it again); `refreshDue`
     * once most of the TTL has passed, so a busy key is verified again in the background before it
     * runs out and no request waits for it.
     */
    get(hash: string, now = Date.now()): { key: VerifiedKey; refreshDue: boolean } | undefined {
      const e = byHash.get(hash);
      if (!e) return undefined;
      const age = now - e.verifiedAt;
      if (age >= opts.ttlMs) {
        byHash.delete(hash);
        return undefined;
      }
      return { key: e.key, refreshDue: age >= opts.ttlMs * 0.8 };
    },
    /** Taken before a lookup starts; `put` ignores a result that a revocation overtook. */
    epoch: () => epoch,
    put(hash: string, key: VerifiedKey, startedAtEpoch: number, now = Date.now()) {
      if (startedAtEpoch !== epoch) return;
      byHash.delete(hash);
      byHash.set(hash, { key, verifiedAt: now });
      if (byHash.size > MAX_ENTRIES) byHash.delete(byHash.keys().next().value!);
    },
    /** This instance forgets a key now (the bus tells the others). */
    forget: (keyId: string) => dropWhere((k) => k.id === keyId),
    /** This instance forgets every key of one owner now (the database's session-ended notice tells the others). */
    forgetOwner: (userId: string) => dropWhere((k) => k.userId === userId),
    get size() {
      return byHash.size;
    },
    close: () => unsubscribe?.(),
  };
}
export type KeyCache = ReturnType<typeof createKeyCache>;
