import { noEvents, type EmitEvent } from '../../events/domain-events';
import { donationObject } from '../../events/objects';
import type { SessionUser } from '../../plugins/auth';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { z } from 'zod';
import type { correctRequest, donationsQuery } from '@church/contract/giving-admin';
import { formatRand, randToCents } from '@church/contract/rules/money';
import type { Db } from '../../db/client';
import { donationEvents, donations, givingFunds, type DonationRow } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { createGivingAdminRepository, type DonationFilter } from './admin-repository';
import { notifyReceived } from './payments-service';
import { localDate } from './exports';
import { monthsCovered, periodStart } from './period';
import type { TaxService } from './tax-service';

type Query = z.output<typeof donationsQuery>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a gift's history compares, from → to: who gave, what, to which fund, when, and its state. */
export const donationSnapshot = (d: DonationRow) => ({
  amountCents: d.amountCents,
  fund: d.fund,
  status: d.status,
  donorName: d.donorName,
  userId: d.userId,
  method: d.paymentMethod,
  givenAt: d.givenAt.toISOString(),
});
const snapshot = donationSnapshot;
/** A gift the payment provider collected (its amount is the provider's); a batch's card-machine gift is the counter's. */
const providerCollected = (d: DonationRow) => !!d.provider || (d.paymentMethod === 'card' && !d.batchId);
const actorOf = (u: SessionUser): AuditActor => ({ actorId: u.id, actorName: u.name, actorRole: u.role });
/** 'Gift of R 150.00 on 2025-04-10': how a certificate's cancellation names the gift that changed. */
const certificateLine = (d: DonationRow, tz: string) => `Gift of ${formatRand(d.amountCents / 100)} on ${localDate(d.givenAt, tz)}`;
/** 'R 150.00 gift of Sizwe Ndlovu (Missions)': how the audit log names a donation. */
const giftName = (d: DonationRow) => `${formatRand(d.amountCents / 100)} gift of ${d.donorName ?? 'an unnamed donor'} (${d.fund})`;

/** Donations administration: the filtered report, funds, batches, refunds, corrections, matching. */
import { recordRead, type Reader } from '../audit/audit';

export function createGivingAdminService(d: {
  db: Db;
  timeZone: () => Promise<string>;
  emit?: EmitEvent;
  /** Cancels and replaces the certificate a changed gift is on (tax-service.ts); absent: no certificates to keep right. */
  certificates?: Pick<TaxService, 'revise'>;
}) {
  const emit = d.emit ?? noEvents;
  const repo = createGivingAdminRepository(d.db);

  async function filter(q: Pick<Query, 'period' | 'fund' | 'q' | 'method' | 'status'>, now = new Date()) {
    const tz = await d.timeZone();
    const f: DonationFilter = {
      from: periodStart(q.period, now, tz),
      fund: q.fund || undefined,
      q: q.q || undefined,
      method: q.method,
      status: q.status,
    };
    return { filter: f, tz };
  }

  async function activeFund(tx: Tx, name: string) {
    const fund = await repo.fundByName(tx, name);
    if (!fund || !fund.active) throw badRequest('That fund is not open for gifts. Please choose another fund.');
  }

  async function change(
    actor: SessionUser,
    id: string,
    kind: string,
    reason: string,
    mutate: (row: DonationRow) => Partial<DonationRow>,
    check: (row: DonationRow, tx: Tx) => void | Promise<void>,
    tz: string,
  ) {
    return d.db.transaction(async (tx) => {
      const row = await repo.byId(tx, id, true);
      if (!row) throw notFound('No donation with that id');
      await check(row, tx);
      const patch = mutate(row);
      const [after] = await tx
        .update(donations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(donations.id, id))
        .returning();
      await tx
        .insert(donationEvents)
        .values({ donationId: id, kind, reason, before: snapshot(row), after: snapshot(after!), actorId: actor.id });
      // Money changing state is a leader's action on the books: the audit log keeps it beside the donation's own history.
      await recordAudit(tx, {
        ...actorOf(actor),
        action: `donation.${kind}`,
        entityType: 'donation',
        entityId: id,
        summary: `${kind === 'refunded' ? 'Refunded' : 'Matched'} ${giftName(row)}: ${reason}`,
        before: snapshot(row),
        after: snapshot(after!),
      });
      if (kind === 'matched') await notifyReceived(tx, after!, emit);
      if (kind === 'refunded') {
        await emit(tx, 'donation.refunded', { object: donationObject(after!), previous: donationObject(row) });
        await d.certificates?.revise(tx, id, `${certificateLine(row, tz)} refunded: ${reason}`, actorOf(actor));
      }
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
      // The cards and the breakdown are the period's and fund's (the dashboard's one definition); the
      // search, method and status filters choose the table's rows.
      const cards = { from: f.from, fund: f.fund };
      const [summary, breakdown, page] = await Promise.all([repo.summary(cards), repo.breakdown(cards), repo.page(f, q.page, q.limit)]);
      const start = f.from ?? summary.first;
      const months = start ? monthsCovered(start, now, tz) : 1;
      return { summary, breakdown, months, from: f.from, ...page };
    },
    /** The rows the filters select, and the church's time zone their dates are shown in. */
    async exportRows(q: Pick<Query, 'period' | 'fund' | 'q' | 'method' | 'status'>) {
      const { filter: f, tz } = await filter(q);
      return { rows: repo.stream(f), timeZone: tz };
    },
    funds: () => repo.funds(),
    async createFund(actor: SessionUser, input: { name: string; description: string; section18a: boolean }) {
      return d.db.transaction(async (tx) => {
        const [row] = await tx.insert(givingFunds).values(input).onConflictDoNothing().returning();
        if (!row) throw conflict('A fund with that name already exists');
        await recordAudit(tx, {
          ...actorOf(actor),
          action: 'giving_fund.created',
          entityType: 'giving_fund',
          entityId: row.id,
          summary: `Added the fund ${row.name} (${row.section18a ? 'section 18A-eligible' : 'not section 18A-eligible'})`,
          after: { name: row.name, active: row.active, section18a: row.section18a },
        });
        return row;
      });
    },
    /** Opens or closes a fund, or marks it section 18A-eligible or not: before and after kept in the audit log. */
    async updateFund(actor: SessionUser, id: string, patch: { active?: boolean; description?: string; section18a?: boolean }) {
      return d.db.transaction(async (tx) => {
        const [before] = await tx.select().from(givingFunds).where(eq(givingFunds.id, id)).for('update');
        if (!before) throw notFound('No fund with that id');
        const [row] = await tx
          .update(givingFunds)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(givingFunds.id, id))
          .returning();
        const pick = (f: typeof before) => ({ active: f.active, description: f.description, section18a: f.section18a });
        const changed = (Object.keys(pick(before)) as (keyof ReturnType<typeof pick>)[]).filter((k) => before[k] !== row![k]);
        if (changed.length) {
          const words = changed.map((k) =>
            k === 'section18a'
              ? row!.section18a
                ? 'marked section 18A-eligible'
                : 'marked not section 18A-eligible'
              : k === 'active'
                ? row!.active
                  ? 'opened'
                  : 'closed'
                : 'description changed',
          );
          await recordAudit(tx, {
            ...actorOf(actor),
            action: 'giving_fund.updated',
            entityType: 'giving_fund',
            entityId: id,
            summary: `Fund ${row!.name}: ${words.join(', ')}`,
            before: pick(before),
            after: pick(row!),
          });
        }
        return row!;
      });
    },
    /** One gift with its history; `reader` set: a read of someone's giving, kept in the audit log (POPIA). */
    detail: async (id: string, reader?: Reader) => {
      const row = await repo.byId(d.db, id);
      if (!row) throw notFound('No donation with that id');
      if (reader)
        await recordRead(d.db, reader, {
          entityType: 'donation',
          entityId: id,
          ownerId: row.userId,
          summary: `Opened the gift of ${row.donorName || 'an anonymous giver'} (${row.fund})`,
        });
      return { row, history: await repo.history(id) };
    },
    /**
     * Refunds a completed gift. A gift in a closed batch may be refunded (the money really goes back), but
     * the batch's deposit report stays what was deposited: it counts gifts refunded after it closed.
     */
    refund: async (actor: SessionUser, id: string, reason: string) =>
      change(
        actor,
        id,
        'refunded',
        reason,
        () => ({ status: 'refunded', refundedAt: new Date() }),
        (row) => {
          if (row.status !== 'completed') throw conflict('Only a completed gift can be refunded');
        },
        await d.timeZone(),
      ),
    async correct(actor: SessionUser, id: string, input: z.output<typeof correctRequest>) {
      const tz = await d.timeZone();
      return d.db.transaction(async (tx) => {
        const row = await repo.byId(tx, id, true);
        if (!row) throw notFound('No donation with that id');
        if (row.status === 'refunded') throw conflict('A refunded gift cannot be corrected');
        if (input.amount !== undefined && providerCollected(row)) {
          throw conflict("A card payment's amount is what the provider collected. Refund it instead.");
        }
        // A closed batch's deposit report is what went to the bank, split by fund: neither may change under it.
        const amountChanges = input.amount !== undefined && randToCents(input.amount) !== row.amountCents;
        const fundChanges = input.fund !== undefined && input.fund !== row.fund;
        if (amountChanges && (await inClosedBatch(tx, row))) {
          throw conflict('This gift is in a closed batch; its amount cannot change. Refund it and record the right amount in a new batch.');
        }
        if (fundChanges && (await inClosedBatch(tx, row))) {
          throw conflict(
            'This gift is in a closed batch, whose deposit report is final; its fund cannot change. Refund it and record it under the right fund in a new batch.',
          );
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
        await recordAudit(tx, {
          ...actorOf(actor),
          action: 'donation.corrected',
          entityType: 'donation',
          entityId: id,
          summary: `Corrected ${giftName(row)} to ${formatRand(after!.amountCents / 100)} (${after!.fund}): ${input.reason}`,
          before: snapshot(row),
          after: snapshot(after!),
        });
        await tx.insert(donationEvents).values({
          donationId: id,
          kind: 'corrected',
          reason: input.reason,
          before: snapshot(row),
          after: snapshot(after!),
          actorId: actor.id,
        });
        // What SARS reads makes a certificate wrong: the amount, and a move to a fund that is not section 18A-eligible
        // (a gift moved from one eligible fund to another stays certified as it was).
        const leavesEligible = fundChanges && !(await repo.fundByName(tx, after!.fund))?.section18a;
        if ((amountChanges || leavesEligible) && row.status === 'completed') {
          await d.certificates?.revise(
            tx,
            id,
            amountChanges
              ? `${certificateLine(row, tz)} corrected to ${formatRand(after!.amountCents / 100)}: ${input.reason}`
              : `${certificateLine(row, tz)} moved to ${after!.fund}, which is not section 18A-eligible: ${input.reason}`,
            actorOf(actor),
          );
        }
        return after!;
      });
    },
    match: async (actor: SessionUser, id: string, reason: string | undefined, externalRef: string | null | undefined) =>
      d.db.transaction(async (tx) => {
        const row = await repo.byId(tx, id, true);
        if (!row) throw notFound('No donation with that id');
        return matchPending(tx, actor, row, reason ?? 'Received in the church account', externalRef, emit);
      }),
  };
}

/**
 * Completes a pending bank transfer or cash gift (the row locked by the caller) as received: the gift's
 * history (from → to, why), the audit log, the giver's notification and donation.received, in the caller's
 * transaction. The one way a pending gift is matched: by hand (/donations/:id/match) or from a bank statement.
 */
export async function matchPending(
  tx: Tx,
  actor: SessionUser,
  row: DonationRow,
  reason: string,
  externalRef: string | null | undefined,
  emit: EmitEvent = noEvents,
) {
  if (row.status !== 'pending' || providerCollected(row)) throw conflict('Only a pending bank transfer or cash gift can be matched');
  const [after] = await tx
    .update(donations)
    .set({ status: 'completed', completedAt: new Date(), externalRef: externalRef ?? row.externalRef, updatedAt: new Date() })
    .where(eq(donations.id, row.id))
    .returning();
  await tx
    .insert(donationEvents)
    .values({ donationId: row.id, kind: 'matched', reason, before: snapshot(row), after: snapshot(after!), actorId: actor.id });
  await recordAudit(tx, {
    ...actorOf(actor),
    action: 'donation.matched',
    entityType: 'donation',
    entityId: row.id,
    summary: `Matched ${giftName(row)}: ${reason}`,
    before: snapshot(row),
    after: snapshot(after!),
  });
  await notifyReceived(tx, after!, emit);
  return after!;
}
export type GivingAdminService = ReturnType<typeof createGivingAdminService>;
