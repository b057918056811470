import crypto from 'node:crypto';

/**
 * Recurring work on the job queue (clean-ups, nightly runs): each run queues
 * the next one with an id derived from its slot, so several instances (or a
 * restart) queueing "the next hour's run" queue it once.
 */

/** A UUID (the shape pg-boss wants) that is the same for the same queue and slot everywhere. */
export function stableJobId(name: string, slot: string): string {
  const h = crypto.createHash('sha256').update(`${name}:${slot}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The start of the next UTC hour. */
export function nextHour(now = new Date()): Date {
  return new Date(Math.floor(now.getTime() / 3600_000) * 3600_000 + 3600_000);
}
