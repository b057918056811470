import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, type EventRow } from '../../db/schema/index';

export type EventWithCounts = EventRow & { attendeesCount: number; registered: boolean | null };

/** Still to come or still running: the end (or the start when no end is set) is now or later. */
const notFinished = sql`coalesce(${events.endsAt}, ${events.startsAt}) >= now()`;
const finished = sql`coalesce(${events.endsAt}, ${events.startsAt}) < now()`;

export function createEventsRepository(db: Db) {
  /**
   * Registrations counted in the same query, and the caller's own registration
   * when signed in. Written with explicit aliases: Drizzle leaves column names
   * unqualified in a single-table select, which would bind "id" inside the
   * subquery to the registration instead of the event.
   */
  const columns = (userId: string | null) => ({
    attendeesCount: sql<number>`(select count(*) from event_registrations er where er.event_id = "events"."id")`.mapWith(Number),
    registered: userId
      ? sql<boolean>`exists(select 1 from event_registrations er where er.event_id = "events"."id" and er.user_id = ${userId})`.mapWith(
          Boolean,
        )
      : sql<null>`null`,
  });

  return {
    async list(opts: { when: 'upcoming' | 'past' | 'all'; type?: string; page: number; limit: number; userId: string | null }) {
      const filters: SQL[] = [];
      if (opts.when === 'upcoming') filters.push(notFinished);
      if (opts.when === 'past') filters.push(finished);
      if (opts.type) filters.push(eq(events.type, opts.type));
      const where = filters.length ? and(...filters) : undefined;
      // Upcoming: soonest first. Past: most recent first. All: chronological.
      const order = opts.when === 'past' ? desc(events.startsAt) : asc(events.startsAt);
      const [rows, [total]] = await Promise.all([
        db
          .select({ event: events, ...columns(opts.userId) })
          .from(events)
          .where(where)
          .orderBy(order, asc(events.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(events).where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r.event, attendeesCount: r.attendeesCount, registered: r.registered })) as EventWithCounts[],
        total: total?.n ?? 0,
      };
    },
    async find(id: string, userId: string | null): Promise<EventWithCounts | undefined> {
      const [r] = await db
        .select({ event: events, ...columns(userId) })
        .from(events)
        .where(eq(events.id, id))
        .limit(1);
      return r ? { ...r.event, attendeesCount: r.attendeesCount, registered: r.registered } : undefined;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
