import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BATCH_TEXTS, type createBatchRequest, type recordGiftRequest, type updateBatchRequest } from '@church/contract/giving-batches';
import { formatRand, randToCents } from '@church/contract/rules/money';
import type { Db, Tx } from '../../../db/client';
import {
  donationEvents,
  donations,
  givingBatchEvents,
  givingBatches,
  givingFunds,
  users,
  type GivingBatchRow,
} from '../../../db/schema/index';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { SessionUser } from '../../../plugins/auth';
import { recordAudit, type AuditActor } from '../../audit/audit';
import { noEvents, type EmitEvent } from '../../../events/domain-events';
import { donationObject } from '../../../events/objects';
import { congregation } from '../../members/repository';
import { donationSnapshot } from '../admin-service';
import { localDate } from '../exports';
import { zonedMidnight } from '../period';
import { createBatchesRepository, NO_TOTALS } from './repository';

const actorOf = (u: SessionUser): AuditActor => ({ actorId: u.id, actorName: u.name, actorRole: u.role });
/** What a batch's history compares: from → to of each of these. */
const batchSnapshot = (b: GivingBatchRow) => ({ label: b.label, date: b.batchDate, countedCents: b.countedCents, status: b.status });

/**
 * The instant a gift received on a church-local day is stored at: now when that day is today (never
 * later than now), otherwise noon local time, so it lands on that date in every report.
 */
function receivedAt(day: string, today: string, tz: string) {
  if (day === today) return new Date();
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(zonedMidnight(y, m, d, tz).getTime() + 12 * 3_600_000);
}

/** Batches as counters work (issue 32): dated, named or loose gifts, recounts and reopening with history. */
export function createBatchesService(d: { db: Db; timeZone: () => Promise<string>; emit?: EmitEvent }) {
  const emit = d.emit ?? noEvents;
  const repo = createBatchesRepository(d.db);

  async function history(
    tx: Tx,
    batchId: string,
    actor: SessionUser,
    kind: string,
    reason: string | null,
    before: unknown,
    after: unknown,
  ) {
    await tx.insert(givingBatchEvents).values({ batchId, kind, reason, before: before ?? null, after: after ?? null, actorId: actor.id });
  }
  async function locked(tx: Tx, id: string) {
    const batch = await repo.byId(tx, id, true);
    if (!batch) throw notFound('No batch with that id');
    return batch;
  }
  async function today() {
    const tz = await d.timeZone();
    return { tz, today: localDate(new Date(), tz) };
  }

  return {
    async list() {
      const rows = await repo.list();
      const totals = await repo.totals(
        d.db,
        rows.map((b) => b.id),
      );
      return rows.map((b) => ({ row: b, totals: totals.get(b.id) ?? NO_TOTALS }));
    },
    async detail(id: string) {
      const row = await repo.byId(d.db, id);
      if (!row) throw notFound('No batch with that id');
      const [totals, gifts, deposit, events] = await Promise.all([
        repo.totals(d.db, [id]),
        repo.gifts(id),
        repo.deposit(id),
        repo.history(id),
      ]);
      return { row, totals: totals.get(id) ?? NO_TOTALS, gifts, deposit, history: events };
    },
    async create(actor: SessionUser, input: z.output<typeof createBatchRequest>) {
      const { today: now } = await today();
      if (input.date && input.date > now) throw badRequest(BATCH_TEXTS.futureBatch(input.date, now));
      return d.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(givingBatches)
          .values({ label: input.label, countedCents: randToCents(input.countedTotal), batchDate: input.date ?? now, openedBy: actor.id })
          .returning();
        await history(tx, row!.id, actor, 'opened', null, null, batchSnapshot(row!));
        return row!;
      });
    },
    /** A recount (or a corrected label or date): only while open, always with a reason, kept as from → to. */
    async update(actor: SessionUser, id: string, input: z.output<typeof updateBatchRequest>) {
      const { today: now } = await today();
      if (input.date && input.date > now) throw badRequest(BATCH_TEXTS.futureBatch(input.date, now));
      return d.db.transaction(async (tx) => {
        const batch = await locked(tx, id);
        if (batch.status !== 'open') throw conflict('This batch is closed. Reopen it (with a reason) to change it.');
        const [after] = await tx
          .update(givingBatches)
          .set({
            countedCents: input.countedTotal !== undefined ? randToCents(input.countedTotal) : batch.countedCents,
            label: input.label ?? batch.label,
            batchDate: input.date ?? batch.batchDate,
            updatedAt: new Date(),
          })
          .where(eq(givingBatches.id, id))
          .returning();
        await history(tx, id, actor, 'changed', input.reason, batchSnapshot(batch), batchSnapshot(after!));
        await recordAudit(tx, {
          ...actorOf(actor),
          action: 'giving_batch.changed',
          entityType: 'giving_batch',
          entityId: id,
          summary: `Changed batch ${batch.label}: counted ${formatRand(batch.countedCents / 100)} → ${formatRand(after!.countedCents / 100)}: ${input.reason}`,
          before: batchSnapshot(batch),
          after: batchSnapshot(after!),
        });
        return after!;
      });
    },
    async recordGift(actor: SessionUser, batchId: string, input: z.output<typeof recordGiftRequest>) {
      const { tz, today: now } = await today();
      return d.db.transaction(async (tx) => {
        const batch = await locked(tx, batchId);
        if (batch.status !== 'open') throw conflict('This batch is closed. Open a new batch for these gifts.');
        const [fund] = await tx.select().from(givingFunds).where(eq(givingFunds.name, input.fund));
        if (!fund || !fund.active) throw badRequest('That fund is not open for gifts. Please choose another fund.');
        // The church's today, not the server's (UTC): between midnight and 02:00 in Johannesburg they differ.
        const day = input.date ?? batch.batchDate;
        if (day > now) throw badRequest(BATCH_TEXTS.futureDate(day, now));
        // A member's gift carries the member's name as it is now; a guest's the name the counter typed; loose cash none.
        let donorName = input.donorName;
        if (input.userId) {
          const [member] = await tx
            .select({ name: users.name })
            .from(users)
            .where(and(eq(users.id, input.userId), congregation));
          if (!member) throw badRequest(BATCH_TEXTS.noDonor);
          donorName = member.name;
        }
        const [row] = await tx
          .insert(donations)
          .values({
            userId: input.userId ?? null,
            donorName,
            amountCents: randToCents(input.amount),
            paymentMethod: input.method,
            fund: input.fund,
            status: 'completed',
            batchId,
            externalRef: input.externalRef ?? null,
            recordedBy: actor.id,
            givenAt: receivedAt(day, now, tz),
            completedAt: new Date(),
          })
          .returning();
        await tx.insert(donationEvents).values({
          donationId: row!.id,
          kind: 'created',
          reason: `Recorded in batch ${batch.label}`,
          after: donationSnapshot(row!),
          actorId: actor.id,
        });
        await emit(tx, 'donation.received', { object: donationObject(row!) });
        return row!;
      });
    },
    async close(actor: SessionUser, id: string) {
      return d.db.transaction(async (tx) => {
        const batch = await locked(tx, id);
        if (batch.status === 'closed') throw conflict('This batch is already closed');
        const totals = (await repo.totals(tx, [id])).get(id) ?? NO_TOTALS;
        if (totals.cents !== batch.countedCents) {
          throw conflict(
            `The gifts recorded (${formatRand(totals.cents / 100)}) do not match the counted total (${formatRand(batch.countedCents / 100)}). Check the entries, or change the counted total with a reason after a recount.`,
          );
        }
        const [row] = await tx
          .update(givingBatches)
          .set({ status: 'closed', closedBy: actor.id, closedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(givingBatches.id, id), eq(givingBatches.status, 'open')))
          .returning();
        await history(tx, id, actor, 'closed', null, batchSnapshot(batch), batchSnapshot(row!));
        await recordAudit(tx, {
          ...actorOf(actor),
          action: 'giving_batch.closed',
          entityType: 'giving_batch',
          entityId: id,
          summary: `Closed batch ${batch.label}: ${totals.n} gifts, ${formatRand(totals.cents / 100)}`,
          after: { countedCents: batch.countedCents, recordedCents: totals.cents, gifts: totals.n },
        });
        return { row: row!, totals };
      });
    },
    /**
     * A closed batch opened again (an envelope found after closing, a miscount): with a reason, in its
     * history and the audit log. Its gifts become correctable again until it closes, balanced, once more.
     */
    async reopen(actor: SessionUser, id: string, reason: string) {
      return d.db.transaction(async (tx) => {
        const batch = await locked(tx, id);
        if (batch.status !== 'closed') throw conflict('This batch is open already');
        const [row] = await tx
          .update(givingBatches)
          .set({ status: 'open', closedBy: null, closedAt: null, updatedAt: new Date() })
          .where(eq(givingBatches.id, id))
          .returning();
        await history(tx, id, actor, 'reopened', reason, batchSnapshot(batch), batchSnapshot(row!));
        await recordAudit(tx, {
          ...actorOf(actor),
          action: 'giving_batch.reopened',
          entityType: 'giving_batch',
          entityId: id,
          summary: `Reopened batch ${batch.label}: ${reason}`,
          before: batchSnapshot(batch),
          after: batchSnapshot(row!),
        });
        return row!;
      });
    },
  };
}
export type BatchesService = ReturnType<typeof createBatchesService>;
