import type { WebhookEventType } from '@church/contract/webhooks';
import type { DbOrTx } from '../../../db/client';
import type { DonationRow, EventRow, PrayerRow, UserRow } from '../../../db/schema/index';
import { presentPublicMember } from '../member-presenter';

/**
 * What feature modules call when their data changes: queues the event for
 * every subscribed endpoint inside the caller's transaction, so an event of
 * a rolled-back change is never sent and a committed one never lost.
 * `previous` is the entity before an update.
 */
export type WebhookEmit = (tx: DbOrTx, type: WebhookEventType, object: unknown, previous?: unknown) => Promise<number>;

/** For services built without the developer platform (unit tests): sends nothing. */
export const noWebhooks: WebhookEmit = async () => 0;

/** A person: exactly what an API key may read (no contact details, care notes or giving). */
export const webhookMember = (row: UserRow) => presentPublicMember(row);

/** A gift: amount, fund, method and state; the giver only as a member id (no name, no contact details). */
export const webhookDonation = (row: DonationRow) => ({
  id: row.id,
  amountCents: row.amountCents,
  amount: row.amountCents / 100,
  currency: 'ZAR',
  fund: row.fund,
  paymentMethod: row.paymentMethod,
  frequency: row.frequency,
  status: row.status,
  memberId: row.userId,
  givenAt: row.givenAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

/** An event as the public API lists it. */
export const webhookEvent = (row: EventRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  time: row.time,
  location: row.location,
  type: row.type,
  category: row.category,
  speaker: row.speaker,
  maxAttendees: row.maxAttendees,
  registrationRequired: row.registrationRequired,
});

/** A prayer the church may see (only public ones are sent); the asker's name only as they chose to show it. */
export const webhookPrayer = (row: PrayerRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  submittedBy: row.submittedBy || 'Anonymous',
  status: row.status,
  isPublic: row.isPublic,
  createdAt: row.createdAt.toISOString(),
});
