import type { AdminDonation, Batch, Fund } from '@church/contract/giving-admin';
import { centsToRand } from '@church/contract/rules/money';
import type { DonationRow, GivingBatchRow, GivingFundRow } from '../../db/schema/index';
import { presentDonation } from './presenter';

export const presentAdminDonation = (row: DonationRow): AdminDonation => ({
  ...presentDonation(row),
  donorName: row.donorName,
  userId: row.userId,
  batchId: row.batchId,
  externalRef: row.externalRef,
});

export const presentFund = (row: GivingFundRow): Fund => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
});

export const presentBatch = (row: GivingBatchRow, totals: { cents: number; n: number; refundedCents: number }): Batch => ({
  _id: row.id,
  id: row.id,
  label: row.label,
  countedTotal: centsToRand(row.countedCents),
  runningTotal: centsToRand(totals.cents),
  giftCount: totals.n,
  refundedAfterClose: centsToRand(totals.refundedCents),
  status: row.status as Batch['status'],
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

/** One decimal percentage of the total; shares are computed from the same cents the table sums. */
export const share = (cents: number, total: number) => (total === 0 ? 0 : Math.round((cents * 1000) / total) / 10);
