import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { domainEvents } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { nextHour, stableJobId } from '../jobs/recurring';

/**
 * Events are kept this long, then deleted (with their receipts): their data
 * can name a person, and subscribers have long since handled them (a job's
 * retries end within hours). A job that still points at a deleted event does nothing.
 */
export const EVENT_RETENTION_DAYS = 30;
export const EVENT_RETENTION_JOB = 'events.retention';

export async function deleteOldEvents(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  const gone = await db.delete(domainEvents).where(lt(domainEvents.occurredAt, before)).returning({ id: domainEvents.id });
  return gone.length;
}

/** Hourly, queued once across instances (jobs/recurring.ts). */
export function defineEventRetention({ jobs, db }: { jobs: JobQueue; db: Db }) {
  const job = jobs.define(
    EVENT_RETENTION_JOB,
    z.object({ hour: z.string().max(13, { abort: true }) }),
    async () => {
      const removed = await deleteOldEvents(db);
      await schedule();
      return { removed };
    },
    { retryLimit: 2, retryDelaySeconds: 300 },
  );
  async function schedule(now = new Date()) {
    const at = nextHour(now);
    const hour = at.toISOString().slice(0, 13);
    await job.send({ hour }, { startAfter: at, id: stableJobId(EVENT_RETENTION_JOB, hour) });
    return at;
  }
  return { job, schedule };
}
