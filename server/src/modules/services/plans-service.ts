import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { parseServiceTime } from '@church/contract/rules/service-times';
import { SERVICE_TEXTS, createServiceRequest, type ServiceDetail, planItemsRequest, updateServiceRequest } from '@church/contract/services';
import type { z } from 'zod';
import { SERVICE_DAY_TITLES } from '@church/contract/settings-constants';
import { scheduleAssignments, serviceAttachments, serviceItems, services, type ServiceRow } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { dayIn, zonedToUtc } from '../../lib/zoned-time';
import type { ServicesDeps } from './deps';
import { presentAssignment, presentServiceSummary } from './presenter';
import { assignmentsWhere, serviceCounts } from './queries';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Services and their plans (order of service, notes, attachments). */
export function createPlansService(d: ServicesDeps) {
  async function summaries(rows: ServiceRow[]) {
    const { needed, counts } = await serviceCounts(
      d.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentServiceSummary(r, { needed, accepted: 0, pending: 0, ...counts.get(r.id) }));
  }

  async function list(range: { from?: string; to?: string }) {
    const today = dayIn(await d.timeZone(), new Date());
    const from = range.from ?? addDays(today, -7);
    const to = range.to ?? addDays(from, 62);
    if (to < from) throw badRequest('The end of the range must be on or after its start');
    if (Date.parse(to) - Date.parse(from) > 400 * 86_400_000) throw badRequest('Ask for at most 400 days at a time');
    const rows = await d.db
      .select()
      .from(services)
      .where(and(gte(services.serviceDay, from), lte(services.serviceDay, to)))
      .orderBy(asc(services.startsAt))
      .limit(500);
    return summaries(rows);
  }

  async function row(id: string) {
    const [s] = await d.db.select().from(services).where(eq(services.id, id));
    if (!s) throw notFound('Service not found');
    return s;
  }

  async function detail(id: string): Promise<ServiceDetail> {
    const s = await row(id);
    const [[summary], items, files, assignments] = await Promise.all([
      summaries([s]),
      d.db.select().from(serviceItems).where(eq(serviceItems.serviceId, id)).orderBy(asc(serviceItems.position)),
      d.db.select().from(serviceAttachments).where(eq(serviceAttachments.serviceId, id)).orderBy(asc(serviceAttachments.createdAt)),
      assignmentsWhere(d.db, and(eq(scheduleAssignments.serviceId, id))),
    ]);
    let offset = 0;
    return {
      ...summary!,
      notes: s.notes,
      items: items.map((i) => {
        const item = {
          _id: i.id,
          id: i.id,
          kind: i.kind as never,
          title: i.title,
          minutes: i.minutes,
          notes: i.notes,
          startsAtOffset: offset,
        };
        offset += i.minutes;
        return item;
      }),
      attachments: files.map((f) => ({
        _id: f.id,
        id: f.id,
        fileName: f.fileName,
        contentType: f.contentType,
        size: f.size,
        createdAt: f.createdAt.toISOString(),
      })),
      assignments: assignments.map(presentAssignment),
    };
  }

  /** Title, time and length from the church's service times when the leader chose one of them. */
  async function fromServiceTimes(body: z.output<typeof createServiceRequest>) {
    if (!body.serviceTimesDay) return { title: body.title, time: body.time!, minutes: body.durationMinutes, source: 'one-off' };
    const entry = (await d.serviceTimes())[body.serviceTimesDay];
    const parsed = entry ? parseServiceTime(entry.time) : null;
    if (!parsed && !body.time) throw badRequest(`The church has no time set for ${body.serviceTimesDay}: give a time`);
    const weekday = new Date(`${body.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }).toLowerCase();
    if (weekday !== body.serviceTimesDay) throw badRequest(`${body.date} is not a ${body.serviceTimesDay}`);
    return {
      title: body.title ?? SERVICE_DAY_TITLES[body.serviceTimesDay],
      time: body.time ?? parsed!.start,
      minutes: parsed?.minutes ?? body.durationMinutes,
      source: 'service-times',
    };
  }

  async function create(actorId: string, body: z.output<typeof createServiceRequest>) {
    const { title, time, minutes, source } = await fromServiceTimes(body);
    const [s] = await d.db
      .insert(services)
      .values({
        title: title ?? 'Service',
        serviceDay: body.date,
        localTime: time,
        startsAt: zonedToUtc(body.date, time, await d.timeZone()),
        durationMinutes: minutes,
        source,
        notes: body.notes || null,
        createdBy: actorId,
      })
      .returning();
    return detail(s!.id);
  }

  async function update(id: string, body: z.output<typeof updateServiceRequest>) {
    const s = await row(id);
    const day = body.date ?? s.serviceDay;
    const time = body.time ?? s.localTime;
    await d.db
      .update(services)
      .set({
        title: body.title ?? s.title,
        serviceDay: day,
        localTime: time,
        startsAt: zonedToUtc(day, time, await d.timeZone()),
        durationMinutes: body.durationMinutes ?? s.durationMinutes,
        notes: body.notes === undefined ? s.notes : body.notes || null,
      })
      .where(eq(services.id, id));
    return detail(id);
  }

  async function remove(id: string) {
    const deleted = await d.db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
    if (!deleted.length) throw notFound('Service not found');
  }

  /** The whole order of service at once, in one transaction: what the leader sees is what is kept. */
  async function saveItems(id: string, body: z.output<typeof planItemsRequest>) {
    await row(id);
    await d.db.transaction(async (tx) => {
      await tx.delete(serviceItems).where(eq(serviceItems.serviceId, id));
      if (body.items.length)
        await tx.insert(serviceItems).values(
          body.items.map((it, i) => ({
            serviceId: id,
            position: i,
            kind: it.kind,
            title: it.title,
            minutes: it.minutes,
            notes: it.notes || null,
          })),
        );
    });
    return detail(id);
  }

  return { list, detail, create, update, remove, saveItems, row, summaries, texts: SERVICE_TEXTS };
}
export type PlansService = ReturnType<typeof createPlansService>;
