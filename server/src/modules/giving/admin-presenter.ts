import type { AdminDonation, Fund } from '@church/contract/giving-admin';
import type { DonationRow, GivingFundRow } from '../../db/schema/index';
import { presentDonation } from './presenter';

export const presentAdminDonation = (row: DonationRow & { batchLabel?: string | null }): AdminDonation => ({
  ...presentDonation(row),
  donorName: row.donorName,
  userId: row.userId,
  batchId: row.batchId,
  externalRef: row.externalRef,
  batchLabel: row.batchLabel ?? null,
});

export const presentFund = (row: GivingFundRow): Fund => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
  section18a: row.section18a,
});

/** One decimal percentage of the total; shares are computed from the same cents the table sums. */
export const share = (cents: number, total: number) => (total === 0 ? 0 : Math.round((cents * 1000) / total) / 10);
