import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batched } from '../../lib/batched';
import { eventRegistrations, events, type EventRow } from '../../db/schema/index';

export type MyRegistration = 'registered' | 'waitlisted';
export type EventWithCounts = EventRow & {
  attendeesCount: number;
  waitlistCount: number;
  /** The signed-in caller's registration; null for anonymous callers, undefined when they have none. */
  mine: MyRegistration | null | undefined;
};

/** Still to come or still running: the end (or the start when no end is set) is now or later. */
const notFinished = sql`coalesce(${events.endsAt}, ${events.startsAt}) >= now()`;
const finished = sql`coalesce(${events.endsAt}, ${events.startsAt}) < now()`;

export function createEventsRepository(db: Db) {
  const registrations = db
    .select({ userId: eventRegistrations.userId, eventId: eventRegistrations.eventId, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(
      and(
        sql`${eventRegistrations.userId} = any(${sql.placeholder('users')}::uuid[])`,
        sql`${eventRegistrations.eventId} = any(${sql.placeholder('events')}::uuid[])`,
      ),
    )
    .prepare('events_registrations_among');
  const registrationsOf = batched(async (asks: Array<{ userId: string; eventIds: string[] }>) => {
    // Ids are the signed-in person's (from a verified token) and the page's events (from the database): UUIDs only.
    const literal = (ids: Iterable<string>) => `{${[...new Set(ids)].join(',')}}`;
    const rows = await registrations.execute({
      users: literal(asks.map((a) => a.userId)),
      events: literal(asks.flatMap((a) => a.eventIds)),
    });
    return asks.map(({ userId, eventIds }) => {
      const wanted = new Set(eventIds);
      return new Map(
        rows.filter((r) => r.userId === userId && wanted.has(r.eventId)).map((r) => [r.eventId, r.status as MyRegistration] as const),
      );
    });
  });

  /**
   * Registrations counted in the same query, and the caller's own registration
   * when signed in. Written with explicit aliases: Drizzle leaves column names
   * unqualified in a single-table select, which would bind "id" inside the
   * subquery to the registration instead of the event.
   */
  const columns = (userId: string | null) => ({
    attendeesCount:
      sql<number>`(select coalesce(sum(1 + er.guests), 0) from event_registrations er where er.event_id = "events"."id" and er.status = 'registered')`.mapWith(
        Number,
      ),
    waitlistCount:
      sql<number>`(select coalesce(sum(1 + er.guests), 0) from event_registrations er where er.event_id = "events"."id" and er.status = 'waitlisted')`.mapWith(
        Number,
      ),
    mine: userId
      ? sql<MyRegistration | null>`(select er.status from event_registrations er where er.event_id = "events"."id" and er.user_id = ${userId})`
      : sql<null>`null`,
  });
  const withMine = (userId: string | null, mine: MyRegistration | null) => (userId ? (mine ?? undefined) : null);

  return {
    async list(opts: { when: 'upcoming' | 'past' | 'all'; type?: string; page: number; limit: number; userId: string | null }) {
      const filters: SQL[] = [];
      if (opts.when === 'upcoming') filters.push(notFinished);
      if (opts.when === 'past') filters.push(finished);
      if (opts.type) filters.push(eq(events.type, opts.type));
      const where = filters.length ? and(...filters) : undefined;
      // Upcoming: soonest first. Past: most recent first. All: chronological.
      const order = opts.when === 'past' ? desc(events.startsAt) : asc(events.startsAt);
      // The total rides on each row (a window count), so a page is one statement, not two: on the embedded
      // database every statement waits its turn on the one connection.
      const rows = await db
        .select({ event: events, ...columns(opts.userId), total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(events)
        .where(where)
        .orderBy(order, asc(events.id))
        .limit(opts.limit)
        .offset((opts.page - 1) * opts.limit);
      // Past the last page there is no row to carry the total: count it on its own.
      const total = rows.length
        ? rows[0]!.total
        : opts.page > 1
          ? ((await db.select({ n: count() }).from(events).where(where))[0]?.n ?? 0)
          : 0;
      return {
        rows: rows.map((r) => ({
          ...r.event,
          attendeesCount: r.attendeesCount,
          waitlistCount: r.waitlistCount,
          mine: withMine(opts.userId, r.mine),
        })) as EventWithCounts[],
        total,
      };
    },
    /**
     * Which of these events the person registered for: what a signed-in caller's list adds to the page
     * every caller shares (PublicCache.shared). Concurrent callers share one prepared statement
     * (lib/batched.ts: one round trip per turn of the event loop, each answer as fresh as its own query),
     * on the index event_registrations_user_idx.
     */
    registeredAmong(userId: string, eventIds: string[]): Promise<Map<string, MyRegistration>> {
      if (!eventIds.length) return Promise.resolve(new Map());
      return registrationsOf({ userId, eventIds });
    },
    async find(id: string, userId: string | null): Promise<EventWithCounts | undefined> {
      const [r] = await db
        .select({ event: events, ...columns(userId) })
        .from(events)
        .where(eq(events.id, id))
        .limit(1);
      return r
        ? { ...r.event, attendeesCount: r.attendeesCount, waitlistCount: r.waitlistCount, mine: withMine(userId, r.mine) }
        : undefined;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
