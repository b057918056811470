import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CANCEL_PAST_MESSAGE,
  EVENT_CANCELLED_MESSAGE,
  EVENT_PAST_MESSAGE,
  NOT_REGISTERED_MESSAGE,
  PARTY_TOO_LARGE_MESSAGE,
  REGISTRATIONS_CLOSED_MESSAGE,
} from '@church/contract/event-registrations';
import { noEvents, type EmitEvent } from '../../events/domain-events';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/client';
import { eventRegistrations, events, type EventRow } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth';

/** Places taken (parties of 1 + guests holding a place) and people waiting, guests included. */
export async function placesOf(tx: DbOrTx, eventId: string) {
  const [row] = await tx
    .select({
      taken:
        sql<number>`coalesce(sum(1 + ${eventRegistrations.guests}) filter (where ${eventRegistrations.status} = 'registered'), 0)`.mapWith(
          Number,
        ),
      waiting:
        sql<number>`coalesce(sum(1 + ${eventRegistrations.guests}) filter (where ${eventRegistrations.status} = 'waitlisted'), 0)`.mapWith(
          Number,
        ),
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return { taken: row?.taken ?? 0, waiting: row?.waiting ?? 0 };
}

/** Where a waiting registration stands: 1 is next to move up. */
async function positionOf(tx: DbOrTx, eventId: string, registration: { id: string }) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.status, 'waitlisted'),
        // Compared in the database: a JavaScript Date would cut PostgreSQL's microseconds off.
        sql`(${eventRegistrations.createdAt}, ${eventRegistrations.id}) <= (select r.created_at, r.id from event_registrations r where r.id = ${registration.id})`,
      ),
    );
  return row?.n ?? 1;
}

/**
 * Moves waiting people up, strictly in the order they joined, while the next party fits in the free places
 * (a party of three is not overtaken by a single person behind them: first come, first served). The caller
 * holds the event row's lock. A cancelled event moves nobody. Returns who moved up; each is told (event.waitlist_promoted).
 */
export async function promoteWaiting(tx: DbOrTx, event: EventRow, emit: EmitEvent, now = new Date()) {
  if (event.cancelledAt || event.maxAttendees == null) return [];
  if ((event.endsAt ?? event.startsAt).getTime() < now.getTime()) return [];
  const waiting = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'waitlisted')))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  let { taken } = await placesOf(tx, event.id);
  const moved: string[] = [];
  for (const w of waiting) {
    if (taken + 1 + w.guests > event.maxAttendees) break;
    await tx.update(eventRegistrations).set({ status: 'registered', promotedAt: now }).where(eq(eventRegistrations.id, w.id));
    taken += 1 + w.guests;
    moved.push(w.userId);
    await emit(tx, 'event.waitlist_promoted', { eventId: event.id, userId: w.userId });
  }
  return moved;
}

/**
 * Registering and cancelling one's own registration (issue 15, waiting list issue 31). Both lock the event
 * row first, so two people racing for the last place are served one after the other: one gets it, the
 * other waits on the list.
 */
export function createRegistrationsService({ db, emit = noEvents }: { db: Db; emit?: EmitEvent }) {
  async function register(user: SessionUser, eventId: string, guests: number, now = new Date()) {
    try {
      return await db.transaction(async (tx) => {
        const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
        if (!event) throw notFound('Event not found');
        const [existing] = await tx
          .select()
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)));
        const answer = async (registration: typeof existing & {}, created: boolean) => ({
          registration,
          event,
          created,
          ...(await placesOf(tx, eventId)),
          position: registration.status === 'waitlisted' ? await positionOf(tx, eventId, registration) : null,
        });
        if (existing) return answer(existing, false);
        if (event.cancelledAt) throw conflict(EVENT_CANCELLED_MESSAGE);
        if ((event.endsAt ?? event.startsAt).getTime() < now.getTime()) throw badRequest(EVENT_PAST_MESSAGE);
        if (event.registrationsClosed) throw conflict(REGISTRATIONS_CLOSED_MESSAGE);
        const party = 1 + guests;
        if (event.maxAttendees != null && party > event.maxAttendees) throw conflict(PARTY_TOO_LARGE_MESSAGE(event.maxAttendees));
        const { taken, waiting } = await placesOf(tx, eventId);
        // Nobody jumps the queue: while people wait, a newcomer waits behind them even if a place is free for a smaller party.
        const fits = event.maxAttendees == null || (waiting === 0 && taken + party <= event.maxAttendees);
        const [registration] = await tx
          .insert(eventRegistrations)
          // The time the lock was granted, not the transaction's start (now()): the queue follows the lock's order.
          .values({ eventId, userId: user.id, guests, status: fits ? 'registered' : 'waitlisted', createdAt: sql`clock_timestamp()` })
          .returning();
        return answer(registration!, true);
      });
    } catch (err) {
      // A double click from two tabs: the unique index keeps one; answer as "already registered".
      if (isUniqueViolation(err)) return register(user, eventId, guests, now);
      throw err;
    }
  }

  /** Cancels the caller's own registration or place on the waiting list; a freed place goes to the first waiting. */
  async function cancel(user: SessionUser, eventId: string, now = new Date()) {
    return db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event) throw notFound('Event not found');
      if ((event.endsAt ?? event.startsAt).getTime() < now.getTime()) throw badRequest(CANCEL_PAST_MESSAGE);
      const [removed] = await tx
        .delete(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)))
        .returning();
      if (!removed) throw notFound(NOT_REGISTERED_MESSAGE);
      // Also when someone waiting leaves: a large party at the head may have been what held smaller ones back.
      const promoted = await promoteWaiting(tx, event, emit, now);
      return { event, removed, promoted, ...(await placesOf(tx, eventId)) };
    });
  }

  return { register, cancel };
}
export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
