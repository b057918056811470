import type { DonationRow, EventRow, PrayerRow, UserRow } from '../db/schema/index';
import { presentPublicMember } from '../modules/members/public-presenter';

/**
 * The `object` of the catalogue's change events (contract/domain-events.ts), built from rows.
 * These are what webhook integrators receive: change them only additively.
 */

/** A person: exactly what an API key may read (no contact details, care notes or giving). */
export const memberObject = (row: UserRow) => presentPublicMember(row);

/** A gift: amount, fund, method and state; the giver only as a member id (no name, no contact details). */
export const donationObject = (row: DonationRow) => ({
  id: row.id,
  amountCents: row.amountCents,
  amount: row.amountCents / 100,
  currency: 'ZAR' as const,
  fund: row.fund,
  paymentMethod: row.paymentMethod,
  frequency: row.frequency,
  status: row.status,
  memberId: row.userId,
  givenAt: row.givenAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
});

/** An event as the public API lists it. */
export const eventObject = (row: EventRow) => ({
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
export const prayerObject = (row: PrayerRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  submittedBy: row.submittedBy || 'Anonymous',
  status: row.status,
  isPublic: row.isPublic,
  createdAt: row.createdAt.toISOString(),
});
