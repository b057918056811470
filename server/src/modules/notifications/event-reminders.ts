import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_REMINDER_WINDOW_MS } from '@church/contract/notifications';
import type { Db } from '../../db/client';

/** The church's default time zone (ARCHITECTURE "Data"); reminder texts show local time. */
export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';
export const EVENT_REMINDER_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Creates an 'Event reminder' notification for every registration whose
 * event starts within the next 24 hours, once.
 *
 * One statement claims the registrations (reminded_at) and inserts the
 * notifications, so it is all-or-nothing. Several instances may run it at
 * the same moment: the UPDATE locks each row and the loser re-checks
 * `reminded_at is null` and skips it; the unique dedupe key is a second guard.
 */
export async function createDueEventReminders(db: Db, now: Date = new Date(), timeZone = DEFAULT_TIME_ZONE): Promise<number> {
  const until = new Date(now.getTime() + EVENT_REMINDER_WINDOW_MS);
  const result = await db.execute(sql`
    with due as (
      update event_registrations r
         set reminded_at = ${now.toISOString()}::timestamptz
        from events e
       where r.event_id = e.id
         and r.reminded_at is null
         and r.status = 'registered'
         and e.cancelled_at is null
         and e.starts_at > ${now.toISOString()}::timestamptz
         and e.starts_at <= ${until.toISOString()}::timestamptz
      returning r.id, r.user_id, e.title, e.starts_at, e.time, e.location
    )
    insert into notifications (user_id, type, title, message, link, dedupe_key)
    select user_id,
           'event',
           'Event reminder',
           title || ' starts ' ||
             case when coalesce(time, '') = '' then to_char(starts_at at time zone ${timeZone}, 'Dy DD Mon') || ' (All Day)'
                  else to_char(starts_at at time zone ${timeZone}, 'Dy DD Mon "at" HH24:MI') end ||
             case when coalesce(location, '') = '' then '.' else ' at ' || location || '.' end,
           '/mobile/events',
           'event-reminder:' || id
      from due
    on conflict (dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * A small in-process scheduler. Every instance may run one: the statement
 * above makes concurrent runs harmless.
 */
export function startEventReminderScheduler(
  db: Db,
  log: FastifyBaseLogger,
  timeZone: () => Promise<string> = async () => DEFAULT_TIME_ZONE,
  intervalMs = EVENT_REMINDER_INTERVAL_MS,
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const zone = await timeZone().catch(() => DEFAULT_TIME_ZONE);
      const created = await createDueEventReminders(db, new Date(), zone || DEFAULT_TIME_ZONE);
      if (created) log.info({ created }, 'event reminders created');
    } catch (err) {
      log.error({ err }, 'event reminder run failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
