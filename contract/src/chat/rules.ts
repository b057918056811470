import { CHAT, CLOSE_CODES } from './constants';

/**
 * Spec 002 §4: reconnect delay for attempt n (1-based): 1 s, 2 s, 4 s … capped at 30 s.
 * Returns null once the attempts are used up (the user is told to refresh).
 */
export function reconnectDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > CHAT.maxReconnectAttempts) return null;
  return Math.min(CHAT.reconnectBaseMs * 2 ** (attempt - 1), CHAT.reconnectCapMs);
}

/**
 * Spec 002 §4: every close other than the normal one (1000) triggers a reconnect —
 * except a socket closed because the person opened one too many: reconnecting
 * would close another of their tabs, which would reconnect in turn, forever.
 * The person can still press Reconnect. (An ended session does reconnect: the
 * tab that changed the password holds the new token; others get 4001.) Nor does a socket refused because the
 * church requires two-factor sign-in of the person and they have not set it up (4003): asking again changes nothing.
 */
export const shouldReconnect = (closeCode: number) =>
  closeCode !== CHAT.normalCloseCode && closeCode !== CLOSE_CODES.tooManySockets && closeCode !== CLOSE_CODES.forbidden;

let tempCounter = 0;
/** A client-generated id for an optimistic message (unique per tab; the server scopes it per sender). */
export function newTempId(now = Date.now(), random = Math.random) {
  tempCounter = (tempCounter + 1) % 1_000_000;
  return `tmp-${now.toString(36)}-${tempCounter.toString(36)}-${Math.floor(random() * 1e9).toString(36)}`;
}

/**
 * Sliding-window flood control: at most `max` events per key inside `windowMs`.
 * Pure and in memory; the server keeps one per process.
 */
export function createFloodGate(max: number = CHAT.floodMaxMessages, windowMs: number = CHAT.floodWindowMs) {
  const hits = new Map<string, number[]>();
  return {
    /** True when the event may go ahead (and is counted). */
    allow(key: string, now = Date.now()): boolean {
      const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        return false;
      }
      recent.push(now);
      hits.set(key, recent);
      return true;
    },
    /** Drops keys with no recent events (called now and then so the map does not grow). */
    sweep(now = Date.now()) {
      for (const [key, times] of hits) if (!times.some((t) => now - t < windowMs)) hits.delete(key);
    },
    size: () => hits.size,
  };
}

/** Seconds a member must still wait in a slow-mode room, or 0. */
export function slowModeWait(slowModeSeconds: number, lastSentAt: Date | null, now = new Date()): number {
  if (!slowModeSeconds || !lastSentAt) return 0;
  const elapsed = (now.getTime() - lastSentAt.getTime()) / 1000;
  return elapsed >= slowModeSeconds ? 0 : Math.ceil(slowModeSeconds - elapsed);
}

/** Time shown beside a message: 24-hour HH:mm, with the date when it is not today. */
export function messageTimeLabel(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  if (sameDay) return hm;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d.getDate()} ${months[d.getMonth()]} ${hm}`;
}
