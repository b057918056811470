import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { correctRequest, createBatchRequest, donationsQuery, recordGiftRequest } from '@church/contract/giving-admin';
import { formatRand, randToCents } from '@church/contract/rules/money';
import type { Db } from '../../db/client';
import { donationEvents, donations, givingBatches, givingFunds, type DonationRow, type UserRow } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { createGivingAdminRepository, type DonationFilter } from './admin-repository';
import { notifyReceived } from './payments-service';
import { monthsCovered, periodStart, zonedMidnight } from './period';

type Query = z.output<typeof donationsQuery>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const snapshot = (d: DonationRow) => ({ amountCents: d.amountCents, fund: d.fund, status: d.status });

/** Donations administration: the filtered report, funds, batches, refunds, corrections, matching. */
export function createGivingAdminService(d: { db: Db; timeZone: () => Promise<string> }) {
  const repo = createGivingAdminRepository(d.db);

  async function filter(q: Pick<Query, 'period' | 'fund'>, now = new Date()) {
    const tz = await d.timeZone();
    return { filter: { from: periodStart(q.period, now, tz), fund: q.fund || undefined } as DonationFilter, tz };
  }

  async function activeFund(tx: Tx, name: string) {
    const fund = await repo.fundByName(tx, name);
    if (!fund || !fund.active) throw badRequest('That fund is not open for gifts. Please choose another fund.');
  }

  async function change(
    actor: UserRow,
    id: string,
    kind: string,
    reason: string,
    mutate: (row: DonationRow) => Partial<DonationRow>,
    check: (row: DonationRow) => void,
  ) {
    return d.db.transaction(async (tx) => {
      const row = await repo.byId(tx, id, true);
      if (!row) throw notFound('No donation with that id');
      check(row);
      const patch = mutate(row);
      const [after] = await tx
        .update(donations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(donations.id, id))
        .returning();
      await tx
        .insert(donationEvents)
        .values({ donationId: id, kind, reason, before: snapshot(row), after: snapshot(after!), actorId: actor.id });
      if (kind === 'matched') await notifyReceived(tx, after!);
      return after!;
    });
  }

  async function inClosedBatch(tx: Tx, row: DonationRow) {
    if (!row.batchId) return false;
    return (await repo.batch(tx, row.batchId))?.status === 'closed';
  }

  return {
    async report(q: Query, now = new Date()) {
      const { filter: f, tz } = await filter(q, now);
      const [summary, breakdown, page] = await Promise.all([repo.summary(f), repo.breakdown(f), repo.page(f, q.page, q.limit)]);
      const start = f.from ?? summary.first;
      const months = start ? monthsCovered(start, now, tz) : 1;
      return { summary, breakdown, months, from: f.from, ...page };
    },
    async exportRows(q: Pick<Query, 'period' | 'fund'>) {
      const { filter: f } = await filter(q);
      return repo.stream(f);
    },
    funds: () => repo.funds(),
    async createFund(name: string, description: string) {
      const [row] = await d.db.insert(givingFunds).values({ name, description }).onConflictDoNothing().returning();
      if (!row) throw conflict('A fund with that name already exists');
      return row;
    },
    async updateFund(id: string, patch: { active: boolean; description?: string }) {
      const [row] = await d.db
        .update(givingFunds)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(givingFunds.id, id))
        .returning();
      if (!row) throw notFound('No fund with that id');
      return row;
    },
    detail: async (id: string) => {
      const row = await repo.byId(d.db, id);
      if (!row) throw notFound('No donation with that id');
      return { row, history: await repo.history(id) };
    },
    refund: (actor: UserRow, id: string, reason: string) =>
      change(
        actor,
        id,
        'refunded',
        reason,
        () => ({ status: 'refunded' }),
        (row) => {
          if (row.status !== 'completed') throw conflict('Only a completed gift can be refunded');
        },
      ),
    async correct(actor: UserRow, id: string, input: z.output<typeof correctRequest>) {
      return d.db.transaction(async (tx) => {
        const row = await repo.byId(tx, id, true);
        if (!row) throw notFound('No donation with that id');
        if (row.status === 'refunded') throw conflict('A refunded gift cannot be corrected');
        if (input.amount !== undefined && row.paymentMethod === 'card') {
          throw conflict("A card payment's amount is what the provider collected. Refund it instead.");
        }
        if (input.amount !== undefined && (await inClosedBatch(tx, row))) {
          throw conflict('This gift is in a closed batch; its amount cannot change. Refund it and record the right amount in a new batch.');
        }
        if (input.fund !== undefined) await activeFund(tx, input.fund);
        const patch = {
          amountCents: input.amount !== undefined ? randToCents(input.amount) : row.amountCents,
          fund: input.fund ?? row.fund,
        };
        const [after] = await tx
          .update(donations)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(donations.id, id))
          .returning();
        await tx.insert(donationEvents).values({
          donationId: id,
          kind: 'corrected',
          reason: input.reason,
          before: snapshot(row),
          after: snapshot(after!),
          actorId: actor.id,
        });
        return after!;
      });
    },
    match: (actor: UserRow, id: string, reason: string | undefined, externalRef: string | null | undefined) =>
      change(
        actor,
        id,
        'matched',
        reason ?? 'Received in the church account',
        (row) => ({ status: 'completed', completedAt: new Date(), externalRef: externalRef ?? row.externalRef }),
        (row) => {
          if (row.status !== 'pending' || row.paymentMethod === 'card')
            throw conflict('Only a pending bank transfer or cash gift can be matched');
        },
      ),

    async batches() {
      const rows = await repo.batches();
      const totals = await repo.batchTotals(
        d.db,
        rows.map((b) => b.id),
      );
      return rows.map((b) => ({ row: b, totals: totals.get(b.id) ?? { cents: 0, n: 0 } }));
    },
    async batch(id: string) {
      const row = await repo.batch(d.db, id);
      if (!row) throw notFound('No batch with that id');
      const [totals, gifts, deposit] = await Promise.all([repo.batchTotals(d.db, [id]), repo.batchDonations(id), repo.deposit(id)]);
      return { row, totals: totals.get(id) ?? { cents: 0, n: 0 }, gifts, deposit };
    },
    async createBatch(actor: UserRow, input: z.output<typeof createBatchRequest>) {
      const [row] = await d.db
        .insert(givingBatches)
        .values({ label: input.label, countedCents: randToCents(input.countedTotal), openedBy: actor.id })
        .returning();
      return row!;
    },
    async recordGift(actor: UserRow, batchId: string, input: z.output<typeof recordGiftRequest>) {
      const tz = await d.timeZone();
      return d.db.transaction(async (tx) => {
        const batch = await repo.batch(tx, batchId, true);
        if (!batch) throw notFound('No batch with that id');
        if (batch.status !== 'open') throw conflict('This batch is closed. Open a new batch for these gifts.');
        await activeFund(tx, input.fund);
        const [y, m, day] = (input.date ?? new Date().toISOString().slice(0, 10)).split('-').map(Number) as [number, number, number];
        // Noon local time on the given day: the gift lands on that date in any report.
        const givenAt = new Date(zonedMidnight(y, m, day, tz).getTime() + 12 * 3_600_000);
        const [row] = await tx
          .insert(donations)
          .values({
            userId: input.userId ?? null,
            donorName: input.donorName,
            amountCents: randToCents(input.amount),
            paymentMethod: input.method,
            fund: input.fund,
            status: 'completed',
            batchId,
            externalRef: input.externalRef ?? null,
            recordedBy: actor.id,
            givenAt,
            completedAt: new Date(),
          })
          .returning();
        await tx.insert(donationEvents).values({
          donationId: row!.id,
          kind: 'created',
          reason: `Recorded in batch ${batch.label}`,
          after: snapshot(row!),
          actorId: actor.id,
        });
        return row!;
      });
    },
    async closeBatch(actor: UserRow, id: string) {
      return d.db.transaction(async (tx) => {
        const batch = await repo.batch(tx, id, true);
        if (!batch) throw notFound('No batch with that id');
        if (batch.status === 'closed') throw conflict('This batch is already closed');
        const totals = (await repo.batchTotals(tx, [id])).get(id) ?? { cents: 0, n: 0 };
        if (totals.cents !== batch.countedCents) {
          throw conflict(
            `The gifts recorded (${formatRand(totals.cents / 100)}) do not match the counted total (${formatRand(batch.countedCents / 100)}). Check the entries before closing.`,
          );
        }
        const [row] = await tx
          .update(givingBatches)
          .set({ status: 'closed', closedBy: actor.id, closedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(givingBatches.id, id), eq(givingBatches.status, 'open')))
          .returning();
        return { row: row!, totals };
      });
    },
  };
}
export type GivingAdminService = ReturnType<typeof createGivingAdminService>;
