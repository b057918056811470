import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { stableJobId } from '../../../jobs/recurring';
import { generateMeetings } from '../meetings/schedule';
import { checkDrift } from './drift';

export const GROUPS_NIGHTLY_JOB = 'groups.nightly';

/** The next 00:30 UTC (02:30 in South Africa), between the nightly backup and the retention run. */
export function nextGroupsRun(now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, 30);
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}

/** The church's N (meetings missed running before a follow-up); 3 until someone sets it. */
export async function driftSetting(db: Db): Promise<number> {
  const res = await db.execute(sql`select drift_after_meetings from group_settings where id = 1`);
  return (res as unknown as { rows: { drift_after_meetings: number }[] }).rows[0]?.drift_after_meetings ?? 3;
}

/**
 * Each night: the coming weeks' meetings from every group's schedule, then the check for
 * people drifting away. One job a night across instances (its id is the night's), each run
 * queueing the next.
 */
export function defineGroupsNightly(o: { jobs: JobQueue; db: Db; timeZone: () => Promise<string> }) {
  const job = o.jobs.define(
    GROUPS_NIGHTLY_JOB,
    z.object({ day: z.string() }),
    async () => {
      try {
        const made = await generateMeetings(o.db, await o.timeZone());
        const drift = await checkDrift(o.db, { afterMeetings: await driftSetting(o.db) });
        return { meetingsMade: made, ...drift };
      } finally {
        await schedule();
      }
    },
    { retryLimit: 2 },
  );
  async function schedule(now = new Date()) {
    const at = nextGroupsRun(now);
    const day = at.toISOString().slice(0, 10);
    await job.send({ day }, { startAfter: at, id: stableJobId(GROUPS_NIGHTLY_JOB, day) });
    return at;
  }
  return { job, schedule };
}
