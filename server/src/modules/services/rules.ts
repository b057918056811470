import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blockouts, positionMembers, scheduleAssignments, services } from '../../db/schema/index';
import { HOLDING_STATUSES } from '@church/contract/services';

const DAY = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY);
/** Weeks numbered from Monday (1970-01-01 was a Thursday). */
export const weekOf = (day: string) => Math.floor((dayNumber(day) + 3) / 7);
const dayAt = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/**
 * How many weeks in a row the person would serve with this service: the run of consecutive weeks with a
 * holding assignment (pending or accepted) before and after, plus this one.
 */
export async function weeksRunningWith(db: DbOrTx, userId: string, serviceDay: string, maxWeeks: number, exceptServiceId?: string) {
  const span = (maxWeeks + 1) * 7;
  const rows = await db
    .selectDistinct({ day: services.serviceDay })
    .from(scheduleAssignments)
    .innerJoin(services, eq(services.id, scheduleAssignments.serviceId))
    .where(
      and(
        eq(scheduleAssignments.userId, userId),
        inArray(scheduleAssignments.status, [...HOLDING_STATUSES]),
        gte(services.serviceDay, dayAt(dayNumber(serviceDay) - span)),
        lte(services.serviceDay, dayAt(dayNumber(serviceDay) + span)),
        exceptServiceId ? ne(services.id, exceptServiceId) : undefined,
      ),
    );
  const weeks = new Set(rows.map((r) => weekOf(r.day)));
  const target = weekOf(serviceDay);
  let run = 1;
  for (let w = target - 1; weeks.has(w); w--) run++;
  for (let w = target + 1; weeks.has(w); w++) run++;
  return run;
}

export async function isBlockedOut(db: DbOrTx, userId: string, day: string) {
  const rows = await db
    .select({ id: blockouts.id })
    .from(blockouts)
    .where(and(eq(blockouts.userId, userId), lte(blockouts.startsOn, day), gte(blockouts.endsOn, day)))
    .limit(1);
  return rows.length > 0;
}

/** Holding assignments of the person on that day (any service). */
export async function servingThatDay(db: DbOrTx, userId: string, day: string) {
  return db
    .select({ serviceId: scheduleAssignments.serviceId })
    .from(scheduleAssignments)
    .innerJoin(services, eq(services.id, scheduleAssignments.serviceId))
    .where(
      and(eq(scheduleAssignments.userId, userId), inArray(scheduleAssignments.status, [...HOLDING_STATUSES]), eq(services.serviceDay, day)),
    );
}

export async function isQualified(db: DbOrTx, userId: string, positionId: string) {
  const rows = await db
    .select({ u: positionMembers.userId })
    .from(positionMembers)
    .where(and(eq(positionMembers.userId, userId), eq(positionMembers.positionId, positionId)))
    .limit(1);
  return rows.length > 0;
}
