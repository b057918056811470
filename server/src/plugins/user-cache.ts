import type { ChatBus } from '../realtime/bus';
import type { SessionRow } from './auth';

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
 * - Entries are kept per session (sign-in), not per person: a revoked or deleted session is announced
 *   by the database too (`sessions-revoked`, migration 0044) and dropped the same way.
 * - A lookup that began before a drop is not kept (the epoch check), so a read racing a change cannot
 *   put the old row back.
 * - A lost LISTEN connection (the bus's `resync`) empties the cache, and an entry is trusted for
 *   `ttlMs` at most anyway.
 *
 * The token's own checks stay per request: its signature (cached by the token service), its version
 * against the kept row's, the account being active.
 */
export function createUserCache(opts: { bus: ChatBus; ttlMs: number }) {
  /** By session id; `byUser` finds a person's sessions when the person changes. */
  const bySession = new Map<string, { row: SessionRow; at: number }>();
  const byUser = new Map<string, Set<string>>();
  let epoch = 0;
  const forget = (sid: string) => {
    const e = bySession.get(sid);
    if (!e) return;
    bySession.delete(sid);
    const set = byUser.get(e.row.id);
    set?.delete(sid);
    if (set && !set.size) byUser.delete(e.row.id);
  };
  const dropUsers = (userIds?: readonly string[]) => {
    epoch += 1;
    if (!userIds) {
      bySession.clear();
      byUser.clear();
    } else for (const id of userIds) for (const sid of [...(byUser.get(id) ?? [])]) forget(sid);
  };
  const dropSessions = (sids: readonly string[]) => {
    epoch += 1;
    for (const sid of sids) forget(sid);
  };
  const unsubscribe = opts.bus.subscribe((event) => {
    if (event.t === 'users-changed') dropUsers(event.userIds);
    else if (event.t === 'session-ended') dropUsers([event.userId]);
    else if (event.t === 'sessions-revoked') dropSessions(event.sessionIds);
    else if (event.t === 'resync') dropUsers();
  });
  return {
    get(sid: string, now = Date.now()): SessionRow | undefined {
      const e = bySession.get(sid);
      if (!e) return undefined;
      if (now - e.at >= opts.ttlMs) {
        forget(sid);
        return undefined;
      }
      // A copy: a handler that changes its request.user cannot change the next request's.
      return { ...e.row };
    },
    /** Taken before a lookup starts; `put` ignores a row that a change overtook. */
    epoch: () => epoch,
    put(row: SessionRow, startedAtEpoch: number, now = Date.now()) {
      if (startedAtEpoch !== epoch) return;
      forget(row.sessionId);
      bySession.set(row.sessionId, { row: { ...row }, at: now });
      let set = byUser.get(row.id);
      if (!set) byUser.set(row.id, (set = new Set()));
      set.add(row.sessionId);
      if (bySession.size > MAX_ENTRIES) forget(bySession.keys().next().value!);
    },
    /** The session's last use was just recorded: kept rows say so, so the next request does not write it again. */
    touched(sid: string, at: Date) {
      const e = bySession.get(sid);
      if (e) e.row = { ...e.row, lastUsedAt: at };
    },
    get size() {
      return bySession.size;
    },
    close: unsubscribe,
  };
}
export type UserCache = ReturnType<typeof createUserCache>;
