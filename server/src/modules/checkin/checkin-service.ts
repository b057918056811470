import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHECKIN_LIMITS,
  CHECKIN_TEXTS,
  type CheckinResult,
  type checkinRequest,
  type Label,
  type releaseRequest,
} from '@church/contract/checkin';
import type { DbOrTx } from '../../db/client';
import {
  checkinChildren,
  checkinCollectors,
  checkinFamilies,
  checkinRooms,
  checkins,
  securityCodes,
  services,
  type CheckinRow,
} from '../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { allocateCode, takeReservedCode } from './codes';
import type { CheckinDeps } from './deps';
import type { FamiliesService } from './families-service';
import type { PrintService } from './printing/print-service';

export interface CheckinActor {
  source: 'kiosk' | 'station';
  kioskId?: string;
  userId?: string;
  printerId: string | null;
}

/** Checking children in (kiosk or station), their labels and their release. */
export function createCheckinService(d: CheckinDeps, families: FamiliesService, printing: PrintService) {
  async function serviceRow(db: DbOrTx, id: string) {
    const [s] = await db.select().from(services).where(eq(services.id, id));
    if (!s) throw notFound(CHECKIN_TEXTS.noService);
    return s;
  }

  /** The labels of a check-in batch, from what was recorded (a reprint shows the same thing, code included). */
  async function labelsOf(db: DbOrTx, rows: CheckinRow[]): Promise<Label[]> {
    if (!rows.length) return [];
    const first = rows[0]!;
    const [s, [family], kids, rooms] = await Promise.all([
      serviceRow(db, first.serviceId),
      db.select().from(checkinFamilies).where(eq(checkinFamilies.id, first.familyId)),
      db
        .select()
        .from(checkinChildren)
        .where(
          inArray(
            checkinChildren.id,
            rows.map((r) => r.childId),
          ),
        ),
      db
        .select()
        .from(checkinRooms)
        .where(
          inArray(
            checkinRooms.id,
            rows.map((r) => r.roomId),
          ),
        ),
    ]);
    const base = { code: first.code, familyName: family?.name ?? '', serviceTitle: s.title, date: s.serviceDay };
    const childLabels: Label[] = rows.map((r) => {
      const c = kids.find((k) => k.id === r.childId)!;
      return {
        ...base,
        kind: 'child',
        childName: `${c.firstName} ${c.lastName}`,
        roomName: rooms.find((x) => x.id === r.roomId)?.name ?? null,
        allergies: c.allergies,
        medicalNotes: c.medicalNotes,
        children: [],
      };
    });
    return [
      ...childLabels,
      {
        ...base,
        kind: 'guardian',
        childName: null,
        roomName: null,
        allergies: null,
        medicalNotes: null,
        children: kids.map((k) => k.firstName),
      },
    ];
  }

  /**
   * Records a check-in. Idempotent by the client's batch id (a double tap, a retry, an offline kiosk's
   * sync: one record). A child already in for this service is recorded again as 'duplicate' pointing at the
   * first: both are kept, the first stands.
   */
  async function checkIn(actor: CheckinActor, body: z.output<typeof checkinRequest>): Promise<CheckinResult> {
    const s = await serviceRow(d.db, body.serviceId);
    if (actor.source === 'kiosk' && !(await families.lookupFinds(body, body.familyId))) throw forbidden(CHECKIN_TEXTS.noFamily);
    const childIds = body.children.map((c) => c.childId);
    if (new Set(childIds).size !== childIds.length) throw badRequest('A child is listed twice');
    const outcome = await d.db.transaction(async (tx) => {
      const before = await tx.select().from(checkins).where(eq(checkins.batchId, body.batchId)).orderBy(asc(checkins.recordedAt));
      if (before.length) {
        if (before[0]!.familyId !== body.familyId) throw conflict('This check-in id was already used for another family');
        return { rows: before, duplicate: true };
      }
      const kids = await tx
        .select({ id: checkinChildren.id })
        .from(checkinChildren)
        .where(and(eq(checkinChildren.familyId, body.familyId), inArray(checkinChildren.id, childIds)));
      if (kids.length !== childIds.length) throw badRequest('A child is not in this family');
      const roomIds = [...new Set(body.children.map((c) => c.roomId))];
      const rooms = await tx.select({ id: checkinRooms.id }).from(checkinRooms).where(inArray(checkinRooms.id, roomIds));
      if (rooms.length !== roomIds.length) throw badRequest('A room was not found');
      let code: string;
      if (body.code) {
        // An offline kiosk brings a code it reserved while online: it must be its own and unused.
        if (actor.source !== 'kiosk' || !(await takeReservedCode(tx, s.serviceDay, body.code, actor.kioskId!, body.familyId)))
          throw conflict('That security code was not reserved by this kiosk for today');
        code = body.code;
      } else code = await allocateCode(tx, s.serviceDay, { familyId: body.familyId });
      const already = await tx
        .select()
        .from(checkins)
        .where(and(eq(checkins.serviceId, s.id), inArray(checkins.childId, childIds), ne(checkins.status, 'duplicate')));
      const at = body.checkedInAt ? new Date(body.checkedInAt) : new Date();
      const rows = await tx
        .insert(checkins)
        .values(
          body.children.map((c) => {
            const first = already.find((a) => a.childId === c.childId);
            return {
              id: c.checkinId,
              batchId: body.batchId,
              serviceId: s.id,
              serviceDay: s.serviceDay,
              familyId: body.familyId,
              childId: c.childId,
              roomId: c.roomId,
              code,
              status: first ? 'duplicate' : 'in',
              duplicateOf: first?.id ?? null,
              source: actor.source,
              kioskId: actor.kioskId ?? null,
              checkedInBy: actor.userId ?? null,
              checkedInAt: at,
              offline: !!body.checkedInAt,
            };
          }),
        )
        .onConflictDoNothing({ target: checkins.id })
        .returning();
      if (rows.length !== body.children.length) throw conflict('A check-in id was already used');
      for (const r of rows.filter((x) => x.status === 'in'))
        await d.emit(tx, 'checkin.created', {
          object: {
            id: r.id,
            serviceId: r.serviceId,
            childId: r.childId,
            familyId: r.familyId,
            roomId: r.roomId,
            checkedInAt: r.checkedInAt.toISOString(),
            source: r.source as 'kiosk',
            offline: r.offline,
          },
        });
      return { rows, duplicate: false };
    });
    const labels = await labelsOf(d.db, outcome.rows);
    // A retry prints nothing again (the station reprints on purpose); an offline kiosk already printed its PDF.
    const print =
      outcome.duplicate || body.checkedInAt
        ? { status: 'none' as const, message: 'Already recorded', jobId: null }
        : await printing.print(actor.printerId, s.serviceDay, outcome.rows[0]!.code, labels);
    if (!outcome.duplicate) d.publish(s.id);
    return {
      code: outcome.rows[0]!.code,
      checkins: outcome.rows.map((r) => ({ id: r.id, childId: r.childId, roomId: r.roomId, status: r.status as 'in' })),
      labels,
      print,
      duplicate: outcome.duplicate,
    };
  }

  /** What a guardian tag's code collects today (the station shows it before releasing). */
  async function tag(serviceId: string, code: string) {
    const s = await serviceRow(d.db, serviceId);
    const rows = await d.db
      .select({ c: checkins, name: checkinChildren.firstName, last: checkinChildren.lastName, room: checkinRooms.name })
      .from(checkins)
      .innerJoin(checkinChildren, eq(checkinChildren.id, checkins.childId))
      .innerJoin(checkinRooms, eq(checkinRooms.id, checkins.roomId))
      .where(and(eq(checkins.serviceDay, s.serviceDay), eq(checkins.code, code)));
    if (!rows.length) throw notFound(CHECKIN_TEXTS.wrongTag);
    const familyId = rows[0]!.c.familyId;
    const [family] = await d.db.select().from(checkinFamilies).where(eq(checkinFamilies.id, familyId));
    const collectors = await d.db.select().from(checkinCollectors).where(eq(checkinCollectors.familyId, familyId));
    return {
      familyId,
      familyName: family?.name ?? '',
      children: rows.map((r) => ({
        checkinId: r.c.id,
        childId: r.c.childId,
        name: `${r.name} ${r.last}`,
        roomName: r.room,
        status: r.c.status as 'in',
      })),
      collectors: collectors.map((c) => ({ id: c.id, name: c.name, relationship: c.relationship, authorised: c.authorised })),
    };
  }

  /**
   * Releases children: against the code of a matching guardian tag for this service day, or to a named
   * authorised collector of the family — never to one marked not authorised. Records who, how, when and
   * which volunteer. A forged or used tag releases nobody.
   */
  async function release(userId: string, body: z.output<typeof releaseRequest>) {
    const s = await serviceRow(d.db, body.serviceId);
    const released = await d.db.transaction(async (tx) => {
      let where;
      let releasedTo: string;
      let method: 'tag' | 'collector';
      let collectorId: string | null = null;
      if (body.code) {
        const issued = await tx
          .select({ code: securityCodes.code })
          .from(securityCodes)
          .where(and(eq(securityCodes.serviceDay, s.serviceDay), eq(securityCodes.code, body.code)));
        if (!issued.length) throw notFound(CHECKIN_TEXTS.wrongTag);
        const tagged = await tx
          .select()
          .from(checkins)
          .where(and(eq(checkins.serviceDay, s.serviceDay), eq(checkins.code, body.code)));
        if (!tagged.length) throw notFound(CHECKIN_TEXTS.wrongTag);
        // A duplicate row (checked in twice, e.g. by an offline kiosk) releases the child's standing check-in.
        const ids = tagged.map((t) => (t.status === 'duplicate' ? t.duplicateOf! : t.id));
        where = inArray(checkins.id, ids);
        releasedTo = 'Guardian with tag';
        method = 'tag';
      } else {
        const [collector] = await tx
          .select()
          .from(checkinCollectors)
          .where(and(eq(checkinCollectors.id, body.collectorId!), eq(checkinCollectors.familyId, body.familyId!)));
        if (!collector) throw notFound('That collector is not listed for this family');
        if (!collector.authorised) throw forbidden(CHECKIN_TEXTS.notAuthorised(collector.name));
        where = and(eq(checkins.familyId, body.familyId!), eq(checkins.serviceId, s.id));
        releasedTo = collector.name;
        method = 'collector';
        collectorId = collector.id;
      }
      const open = await tx
        .select({ c: checkins, name: checkinChildren.firstName })
        .from(checkins)
        .innerJoin(checkinChildren, eq(checkinChildren.id, checkins.childId))
        .where(
          and(
            where,
            eq(checkins.status, 'in'),
            isNull(checkins.checkedOutAt),
            body.childIds ? inArray(checkins.childId, body.childIds) : undefined,
          ),
        )
        .for('update');
      if (!open.length) throw conflict(CHECKIN_TEXTS.alreadyCollected);
      const at = new Date();
      await tx
        .update(checkins)
        .set({ status: 'out', checkedOutAt: at, releasedTo, releaseMethod: method, collectorId, releasedBy: userId })
        .where(
          inArray(
            checkins.id,
            open.map((o) => o.c.id),
          ),
        );
      return open.map((o) => ({ checkinId: o.c.id, childName: o.name, at: at.toISOString(), releasedTo }));
    });
    d.publish(s.id);
    return released;
  }

  /** Reprints a batch's labels (same code) on a printer. */
  async function reprint(checkinId: string, printerId: string | null) {
    const [one] = await d.db.select().from(checkins).where(eq(checkins.id, checkinId));
    if (!one) throw notFound('Check-in not found');
    const rows = await d.db.select().from(checkins).where(eq(checkins.batchId, one.batchId));
    const labels = await labelsOf(d.db, rows);
    return { labels, print: await printing.print(printerId, one.serviceDay, one.code, labels) };
  }

  return { checkIn, tag, release, reprint, labelsOf, limits: CHECKIN_LIMITS };
}
export type CheckinService = ReturnType<typeof createCheckinService>;
