import type { Donation, Subscription } from '@church/contract/giving';
import { centsToRand } from '@church/contract/rules/money';
import type { DonationRow, GivingSubscriptionRow } from '../../db/schema/index';

/** Cents in the database, rand with two decimals on the wire. */
export function presentDonation(row: DonationRow): Donation {
  return {
    _id: row.id,
    id: row.id,
    amount: centsToRand(row.amountCents),
    paymentMethod: row.paymentMethod as Donation['paymentMethod'],
    frequency: row.frequency as Donation['frequency'],
    fund: row.fund,
    note: row.note,
    reference: row.reference,
    status: (row.status || 'completed') as Donation['status'],
    date: row.givenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSubscription(row: GivingSubscriptionRow): Subscription {
  return {
    _id: row.id,
    id: row.id,
    amount: centsToRand(row.amountCents),
    frequency: row.frequency as Subscription['frequency'],
    fund: row.fund,
    status: row.status as Subscription['status'],
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}
