import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { services } from '../../db/schema/index';
import { dayIn } from '../../lib/zoned-time';

/** Services open for check-in: today's (church time zone), and the next one when today has none left. */
export async function openServices(db: Db, timeZone: string) {
  const today = dayIn(timeZone, new Date());
  const rows = await db.select().from(services).where(eq(services.serviceDay, today)).orderBy(asc(services.startsAt));
  if (rows.length) return rows;
  const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return db
    .select()
    .from(services)
    .where(and(gte(services.serviceDay, today), lte(services.serviceDay, week)))
    .orderBy(asc(services.startsAt))
    .limit(3);
}

export const serviceBrief = (s: typeof services.$inferSelect) => ({
  id: s.id,
  title: s.title,
  date: s.serviceDay,
  time: s.localTime,
  startsAt: s.startsAt.toISOString(),
});

/** The service day of a service, for routes that take a service id. */
export async function serviceDayOf(db: Db, serviceId: string | undefined, timeZone: string) {
  if (!serviceId) return dayIn(timeZone, new Date());
  const [s] = await db.select({ day: services.serviceDay }).from(services).where(eq(services.id, serviceId));
  return s?.day ?? dayIn(timeZone, new Date());
}
