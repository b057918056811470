import { noEvents, type EmitEvent } from '../../events/domain-events';
import { eventObject } from '../../events/objects';
import type { SessionUser } from '../../plugins/auth';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { eventWriteRequest } from '@church/contract/events-manage';
import type { Db, DbOrTx } from '../../db/client';
import { eventAttendance, eventRegistrations, events, users } from '../../db/schema/index';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import { promoteWaiting } from './registrations-service';
import { conflict, notFound } from '../../lib/errors';
import { zonedToUtc } from '../../lib/zoned-time';
import type { AuditFn } from '../care/audit-port';
import type { EventsRepository } from './repository';

type EventInput = z.output<typeof eventWriteRequest>;
const DAY_MS = 86_400_000;

/** Date + time in the church's zone → start and end instants. Without an end time an event runs two hours. */
function timesOf(input: EventInput, timeZone: string) {
  const startsAt = zonedToUtc(input.date, input.time, timeZone);
  let endsAt = input.endTime ? zonedToUtc(input.date, input.endTime, timeZone) : new Date(startsAt.getTime() + 2 * 3_600_000);
  // An end time before the start (21:00 → 01:00) means the next day.
  if (endsAt <= startsAt) endsAt = new Date(endsAt.getTime() + DAY_MS);
  return { startsAt, endsAt };
}

function columns(input: EventInput, timeZone: string) {
  return {
    title: input.title,
    description: input.description,
    ...timesOf(input, timeZone),
    time: input.time,
    location: input.location,
    type: input.type,
    category: input.category,
    speaker: input.speaker,
    maxAttendees: input.maxAttendees,
    registrationRequired: input.registrationRequired,
    registrationsClosed: input.registrationsClosed,
  };
}

/**
 * Events management for leaders: create, edit, delete, and check-in (who
 * actually came). Check-ins keep events.attendance (the head count analytics
 * reads) equal to the number of attendance rows, in the same transaction.
 */
export function createEventsManageService({
  db,
  repo,
  timeZone,
  audit,
  emit = noEvents,
}: {
  db: Db;
  repo: EventsRepository;
  timeZone: () => Promise<string>;
  audit: AuditFn;
  emit?: EmitEvent;
}) {
  async function mustExist(tx: DbOrTx, id: string) {
    const [row] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!row) throw notFound('Event not found');
    return row;
  }
  async function syncHeadCount(tx: DbOrTx, eventId: string) {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(eventAttendance).where(eq(eventAttendance.eventId, eventId));
    await tx.update(events).set({ attendance: n }).where(eq(events.id, eventId));
    return n;
  }

  return {
    async create(actor: SessionUser, input: EventInput) {
      const tz = await timeZone();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(events)
          .values({ ...columns(input, tz), createdBy: actor.id })
          .returning();
        await emit(tx, 'event.created', { object: eventObject(created!) });
        if (input.announce) await emit(tx, 'event.announced', { eventId: created!.id, byEmail: input.announceByEmail });
        return created;
      });
      return (await repo.find(row!.id, actor.id))!;
    },
    async update(actor: SessionUser, id: string, input: EventInput) {
      const tz = await timeZone();
      await db.transaction(async (tx) => {
        const before = await mustExist(tx, id);
        const [after] = await tx.update(events).set(columns(input, tz)).where(eq(events.id, id)).returning();
        await audit(tx, { actor, action: 'event.update', entityType: 'event', entityId: id, before, after });
        // More places (or none limited any more): the waiting list moves up, in order.
        await promoteWaiting(tx, after!, emit);
      });
      return (await repo.find(id, actor.id))!;
    },
    /** Administrators only (route): registrations and check-ins go with the event; the audit entry counts them. */
    async remove(actor: SessionUser, id: string) {
      return db.transaction(async (tx) => {
        const before = await mustExist(tx, id);
        const [regs] = await tx.select({ n: count() }).from(eventRegistrations).where(eq(eventRegistrations.eventId, id));
        const [checks] = await tx.select({ n: count() }).from(eventAttendance).where(eq(eventAttendance.eventId, id));
        const removed = { registrations: regs?.n ?? 0, checkIns: checks?.n ?? 0 };
        await tx.delete(events).where(eq(events.id, id));
        await audit(tx, {
          actor,
          action: 'event.delete',
          entityType: 'event',
          entityId: id,
          before: { ...before, ...removed },
          after: null,
        });
        return removed;
      });
    },
    /** Cancelled, not deleted: registrations and check-ins stay; those registered or waiting are told (event.cancelled). */
    async cancel(actor: SessionUser, id: string, reason: string | null) {
      await db.transaction(async (tx) => {
        const before = await mustExist(tx, id);
        if (before.cancelledAt) throw conflict(EVENT_TEXTS.alreadyCancelled);
        const [after] = await tx
          .update(events)
          .set({ cancelledAt: new Date(), cancellationReason: reason })
          .where(eq(events.id, id))
          .returning();
        await audit(tx, { actor, action: 'event.cancel', entityType: 'event', entityId: id, before, after });
        await emit(tx, 'event.cancelled', {
          object: { ...eventObject(after!), cancelledAt: after!.cancelledAt!.toISOString(), cancellationReason: reason },
        });
      });
      return (await repo.find(id, actor.id))!;
    },
    /** Counts over every event, each in one statement (the registrations and check-ins tables are indexed by event). */
    async stats() {
      const [totals] = await db
        .select({
          total: count(),
          upcoming: sql<number>`count(*) filter (where coalesce(${events.endsAt}, ${events.startsAt}) >= now())`.mapWith(Number),
          registrations: sql<number>`(select count(*) from event_registrations)`.mapWith(Number),
          checkIns: sql<number>`(select count(*) from event_attendance)`.mapWith(Number),
        })
        .from(events);
      const types = await db.select({ type: events.type, n: count() }).from(events).groupBy(events.type).orderBy(asc(events.type));
      const total = totals?.total ?? 0;
      const upcoming = totals?.upcoming ?? 0;
      return {
        total,
        upcoming,
        past: total - upcoming,
        registrations: totals?.registrations ?? 0,
        checkIns: totals?.checkIns ?? 0,
        byType: Object.fromEntries(types.map((t) => [t.type, t.n])),
      };
    },
    /** The check-in sheet: everyone registered plus walk-ins already checked in, by name. */
    async attendance(id: string) {
      const [event] = await db.select({ maxAttendees: events.maxAttendees }).from(events).where(eq(events.id, id));
      if (!event) throw notFound('Event not found');
      const rows = await db
        .select({
          userId: users.id,
          name: users.name,
          email: users.email,
          registered:
            sql<boolean>`exists(select 1 from event_registrations r where r.event_id = ${id} and r.user_id = ${users.id} and r.status = 'registered')`.mapWith(
              Boolean,
            ),
          checkedInAt: eventAttendance.checkedInAt,
        })
        .from(users)
        .leftJoin(eventAttendance, and(eq(eventAttendance.userId, users.id), eq(eventAttendance.eventId, id)))
        .where(
          sql`${users.id} in (select user_id from event_registrations where event_id = ${id} and status = 'registered' union select user_id from event_attendance where event_id = ${id})`,
        )
        .orderBy(asc(users.name), asc(users.id));
      const attendees = rows.map((r) => ({
        userId: r.userId,
        name: r.name,
        email: r.email,
        registered: r.registered,
        checkedIn: r.checkedInAt !== null,
        checkedInAt: r.checkedInAt ? r.checkedInAt.toISOString() : null,
      }));
      const [waiting] = await db
        .select({ n: count() })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.status, 'waitlisted')));
      return {
        attendees,
        registeredCount: attendees.filter((a) => a.registered).length,
        waitlistedCount: waiting?.n ?? 0,
        checkedInCount: attendees.filter((a) => a.checkedIn).length,
        maxAttendees: event.maxAttendees,
      };
    },
    /** Idempotent: checking someone in twice keeps the first time. */
    async checkIn(actor: SessionUser, eventId: string, userId: string) {
      return db.transaction(async (tx) => {
        await mustExist(tx, eventId);
        // A deleted (POPIA-erased) account is nobody any more: it cannot be checked in.
        const [person] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.erasedAt)));
        if (!person) throw notFound('Member not found');
        const [inserted] = await tx
          .insert(eventAttendance)
          .values({ eventId, userId, checkedInBy: actor.id })
          .onConflictDoNothing({ target: [eventAttendance.eventId, eventAttendance.userId] })
          .returning();
        const [row] = inserted
          ? [inserted]
          : await tx
              .select()
              .from(eventAttendance)
              .where(and(eq(eventAttendance.eventId, eventId), eq(eventAttendance.userId, userId)));
        const checkedInCount = await syncHeadCount(tx, eventId);
        if (inserted) {
          await audit(tx, {
            actor,
            action: 'event.check_in',
            entityType: 'member',
            entityId: userId,
            before: null,
            after: { eventId },
          });
        }
        return { attendance: row!, checkedInCount };
      });
    },
    async undoCheckIn(actor: SessionUser, eventId: string, userId: string) {
      return db.transaction(async (tx) => {
        await mustExist(tx, eventId);
        const removed = await tx
          .delete(eventAttendance)
          .where(and(eq(eventAttendance.eventId, eventId), eq(eventAttendance.userId, userId)))
          .returning();
        if (!removed.length) throw notFound('That person is not checked in');
        const checkedInCount = await syncHeadCount(tx, eventId);
        await audit(tx, {
          actor,
          action: 'event.check_out',
          entityType: 'member',
          entityId: userId,
          before: { eventId },
          after: null,
        });
        return { checkedInCount };
      });
    },
  };
}
export type EventsManageService = ReturnType<typeof createEventsManageService>;
