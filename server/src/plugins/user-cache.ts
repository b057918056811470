import type { ChatBus } from '../realtime/bus';
import type { SessionUser } from './auth';

/** People kept at most: bounded, so a flood of sign-ins cannot grow it without end. */
const MAX_ENTRIES = 10_000;

/**
 * The signed-in person's row, kept between their requests so a signed-in read costs no database round
 * trip just to learn who is asking (the profile of a signed-in list: the user lookup was one of its two
 * statements). Used on the embedded database only (app.ts), where a change takes effect on the very
 * next request:
 *
 * - The database announces every change to a users row itself (trigger, migration 0031), whatever
 *   code path made it — role, password, e-mail, disabled, deleted, a name: `users-changed` on the
 *   bus's channel when the transaction commits. The embedded database delivers it in process before
 *   the writing statement returns to its caller, so this cache has dropped the person before anything
 *   else runs. (PostgreSQL delivers it to each instance's LISTEN connection a moment after the commit:
 *   a request arriving in that moment would get the old row, which is why PostgreSQL does not use it.)
 * - `session-ended` (published by the password, e-mail and account-deletion paths) drops them too.
 * - A lookup that began before a drop is not kept (the epoch check), so a read racing a change cannot
 *   put the old row back.
 * - A lost LISTEN connection (the bus's `resync`) empties the cache, and an entry is trusted for
 *   `ttlMs` at most anyway.
 *
 * The token's own checks stay per request: its signature (cached by the token service), its version
 * against the kept row's, the account being active.
 */
export function createUserCache(opts: { bus: ChatBus; ttlMs: number }) {
  const byId = new Map<string, { row: SessionUser; at: number }>();
  let epoch = 0;
  const drop = (ids?: readonly string[]) => {
    epoch += 1;
    if (!ids) byId.clear();
    else for (const id of ids) byId.delete(id);
  };
  const unsubscribe = opts.bus.subscribe((event) => {
    if (event.t === 'users-changed') drop(event.userIds);
    else if (event.t === 'session-ended') drop([event.userId]);
    else if (event.t === 'resync') drop();
  });
  return {
    get(id: string, now = Date.now()): SessionUser | undefined {
      const e = byId.get(id);
      if (!e) return undefined;
      if (now - e.at >= opts.ttlMs) {
        byId.delete(id);
        return undefined;
      }
      // A copy: a handler that changes its request.user cannot change the next request's.
      return { ...e.row };
    },
    /** Taken before a lookup starts; `put` ignores a row that a change overtook. */
    epoch: () => epoch,
    put(row: SessionUser, startedAtEpoch: number, now = Date.now()) {
      if (startedAtEpoch !== epoch) return;
      byId.delete(row.id);
      byId.set(row.id, { row: { ...row }, at: now });
      if (byId.size > MAX_ENTRIES) byId.delete(byId.keys().next().value!);
    },
    get size() {
      return byId.size;
    },
    close: unsubscribe,
  };
}
export type UserCache = ReturnType<typeof createUserCache>;
