import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import ical from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { HOLDING_STATUSES, type blockoutRequest, type MyAssignment } from '@church/contract/services';
import { blockouts, calendarFeeds, scheduleAssignments, services } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { dayIn } from '../../lib/zoned-time';
import type { ServicesDeps } from './deps';
import { signLink, verifyLink } from './links';
import { presentAssignment } from './presenter';
import { assignmentsWhere } from './queries';
import { RESPOND_PURPOSE } from './schedule-service';

const FEED_PURPOSE = 'calendar-feed';
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A volunteer's own view: what they serve, their blockouts, their calendar feed, and answers from e-mail links. */
export function createMeService(d: ServicesDeps) {
  async function myAssignments(
    userId: string,
    fromDay: string,
    statuses?: readonly string[],
  ): Promise<(MyAssignment & { durationMinutes: number })[]> {
    const upcoming = d.db.select({ id: services.id }).from(services).where(gte(services.serviceDay, fromDay));
    const rows = await assignmentsWhere(
      d.db,
      and(
        eq(scheduleAssignments.userId, userId),
        statuses ? inArray(scheduleAssignments.status, [...statuses]) : undefined,
        inArray(scheduleAssignments.serviceId, upcoming),
      ),
    );
    if (!rows.length) return [];
    const svc = await d.db
      .select()
      .from(services)
      .where(inArray(services.id, [...new Set(rows.map((r) => r.a.serviceId))]));
    const byId = new Map(svc.map((s) => [s.id, s]));
    return rows
      .map((r) => {
        const s = byId.get(r.a.serviceId)!;
        return {
          ...presentAssignment(r),
          service: { id: s.id, title: s.title, date: s.serviceDay, time: s.localTime, startsAt: s.startsAt.toISOString() },
          durationMinutes: s.durationMinutes,
        };
      })
      .sort((a, b) => a.service.startsAt.localeCompare(b.service.startsAt));
  }

  async function schedule(userId: string) {
    const today = dayIn(await d.timeZone(), new Date());
    const [assignments, mine, [feed]] = await Promise.all([
      myAssignments(userId, addDays(today, -14)),
      d.db
        .select()
        .from(blockouts)
        .where(and(eq(blockouts.userId, userId), gte(blockouts.endsOn, today)))
        .orderBy(asc(blockouts.startsOn)),
      d.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    ]);
    return {
      assignments,
      blockouts: mine.map((b) => ({ _id: b.id, id: b.id, startsOn: b.startsOn, endsOn: b.endsOn, reason: b.reason })),
      calendarFeed: !!feed?.active,
    };
  }

  async function addBlockout(userId: string, body: z.output<typeof blockoutRequest>) {
    const [b] = await d.db
      .insert(blockouts)
      .values({ userId, startsOn: body.startsOn, endsOn: body.endsOn, reason: body.reason || null })
      .returning();
    return { _id: b!.id, id: b!.id, startsOn: b!.startsOn, endsOn: b!.endsOn, reason: b!.reason };
  }

  async function removeBlockout(userId: string, id: string) {
    const gone = await d.db
      .delete(blockouts)
      .where(and(eq(blockouts.id, id), eq(blockouts.userId, userId)))
      .returning({ id: blockouts.id });
    if (!gone.length) throw notFound('Blockout not found');
  }

  /** A new personal feed link; any earlier link stops working (the version moves on). */
  async function rotateFeed(userId: string) {
    const [row] = await d.db
      .insert(calendarFeeds)
      .values({ userId })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { version: sqlIncrement(), active: 1, updatedAt: new Date() } })
      .returning();
    return `${d.publicUrl}/api/calendar/${signLink(d.hashKey, FEED_PURPOSE, `${userId}:${row!.version}`)}.ics`;
  }

  async function revokeFeed(userId: string) {
    await d.db
      .update(calendarFeeds)
      .set({ active: 0, version: sqlIncrement(), updatedAt: new Date() })
      .where(eq(calendarFeeds.userId, userId));
  }

  /** The iCal text of a feed link, or null when the link is forged, old or revoked. */
  async function feed(token: string): Promise<string | null> {
    const value = verifyLink(d.hashKey, FEED_PURPOSE, token.replace(/\.ics$/, ''));
    const [userId, version] = value?.split(':') ?? [];
    if (!userId || !version || !/^[0-9a-f-]{36}$/.test(userId)) return null;
    const [row] = await d.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    if (!row || !row.active || String(row.version) !== version) return null;
    const timeZone = await d.timeZone();
    const today = dayIn(timeZone, new Date());
    const items = await myAssignments(userId, addDays(today, -60), HOLDING_STATUSES);
    const cal = ical({ name: `${await d.churchName()} — serving`, prodId: { company: 'church', product: 'sunday' } });
    cal.timezone({ name: timeZone, generator: getVtimezoneComponent });
    for (const it of items) {
      // Wall-clock times of the church's zone, written with TZID: ical-generator formats a Date with its
      // local getters, so it is handed the wall time as a local (zone-less) ISO string.
      const wall = Date.parse(`${it.service.date}T${it.service.time}:00Z`);
      const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);
      cal.createEvent({
        id: `${it.id}@sunday`,
        start: local(wall),
        end: local(wall + it.durationMinutes * 60_000),
        timezone: timeZone,
        summary: `${it.positionName} — ${it.service.title}${it.status === 'pending' ? ' (not yet confirmed)' : ''}`,
        description: `${it.teamName}: ${it.positionName}`,
      });
    }
    return cal.toString();
  }

  /** What an e-mail's one-tap link is about (no sign-in: the signed link is the authority). */
  async function linkInfo(token: string) {
    const id = verifyLink(d.hashKey, RESPOND_PURPOSE, token);
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) throw notFound('This link is not valid. Open your schedule in the app instead.');
    const [row] = await assignmentsWhere(d.db, and(eq(scheduleAssignments.id, id)));
    if (!row) throw notFound('This request to serve no longer exists');
    const [s] = await d.db.select().from(services).where(eq(services.id, row.a.serviceId));
    return {
      id,
      userId: row.a.userId,
      view: {
        personName: row.personName,
        positionName: row.positionName,
        teamName: row.teamName,
        service: { title: s!.title, date: s!.serviceDay, time: s!.localTime },
        status: row.a.status as MyAssignment['status'],
      },
    };
  }

  return { schedule, addBlockout, removeBlockout, rotateFeed, revokeFeed, feed, linkInfo };
}
export type MeService = ReturnType<typeof createMeService>;

const sqlIncrement = () => sql`${calendarFeeds.version} + 1`;
