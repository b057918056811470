import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../lib/mailer';
import type { EmitEvent } from '../../events/domain-events';

/** What the Sunday services module is handed (modules.ts): nothing else reaches it. */
export interface ServicesDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  hashKey: Buffer;
  publicUrl: string;
  uploadDir: string;
  timeZone: () => Promise<string>;
  churchName: () => Promise<string>;
  serviceTimes: () => Promise<Record<string, { time: string; location: string }>>;
  /** Domain events (schedule.accepted / schedule.declined), recorded in the caller's transaction. */
  emit: EmitEvent;
}
