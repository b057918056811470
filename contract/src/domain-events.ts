import { z } from 'zod';
import { publicMemberSchema } from './developers';

/**
 * The catalogue of domain events: what happened in the church, said once.
 *
 * A module that changes data records its event in the same transaction
 * (server/src/events/, an outbox row); subscribers — webhooks, notifications,
 * messaging channels, later automations — read it through the job queue.
 * Each entry is the schema of the event's `data`. Adding an event: see
 * server/src/events/README.md.
 *
 * The first six are also webhook events (contract/webhooks.ts WEBHOOK_EVENTS):
 * their `data` is exactly the webhook payload's `data` ({ object, previous? }),
 * which integrators already read — change them only additively.
 */

/** A gift: amount, fund, method and state; the giver only as a member id (no name, no contact details). */
export const donationEventObject = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  amount: z.number(),
  currency: z.literal('ZAR'),
  fund: z.string(),
  paymentMethod: z.string(),
  frequency: z.string(),
  status: z.string(),
  memberId: z.string().nullable(),
  givenAt: z.string(),
  completedAt: z.string().nullable(),
});

/** A church event as the public API lists it. */
export const eventEventObject = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  time: z.string().nullable(),
  location: z.string().nullable(),
  type: z.string(),
  category: z.string().nullable(),
  speaker: z.string().nullable(),
  maxAttendees: z.number().int().nullable(),
  registrationRequired: z.boolean(),
});

/** A public prayer; the asker's name only as they chose to show it. */
export const prayerEventObject = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  submittedBy: z.string(),
  status: z.string(),
  isPublic: z.boolean(),
  createdAt: z.string(),
});

/** A place on the roster (issue 33): ids and the position, no names or contact details. */
export const scheduleEventObject = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceDate: z.string().describe('Local date in the church time zone'),
  positionId: z.string(),
  position: z.string(),
  team: z.string(),
  personId: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  proposedSubstituteId: z.string().nullable(),
});

/** A child checked in (issue 33): ids, room and time only — never a child's name, allergies or family details. */
export const checkinEventObject = z.object({
  id: z.string(),
  serviceId: z.string(),
  childId: z.string(),
  familyId: z.string(),
  roomId: z.string(),
  checkedInAt: z.string(),
  source: z.enum(['kiosk', 'station']),
  offline: z.boolean(),
});

/** `{ object }`, or `{ object, previous }` for an update (the entity before it). */
const change = <T extends z.ZodType>(object: T) => z.object({ object, previous: object.optional() });

export const DOMAIN_EVENTS = {
  /** A person joined the congregation (registration, Add member, CSV import). */
  'member.created': change(publicMemberSchema),
  /** A member's record changed (profile, leader edit, merge, import). */
  'member.updated': change(publicMemberSchema),
  /** A gift was completed (provider notification, or a counted batch). */
  'donation.received': change(donationEventObject),
  /** A completed gift was refunded or reversed. */
  'donation.refunded': change(donationEventObject),
  /** A church event was published. */
  'event.created': change(eventEventObject),
  /** A church event was cancelled (issue 31): it stays, registrations and check-ins kept; those registered are told. */
  'event.cancelled': change(eventEventObject.extend({ cancelledAt: z.string(), cancellationReason: z.string().nullable() })),
  /** A leader chose to tell members about a new event (in the app, and by e-mail when byEmail). */
  'event.announced': z.object({ eventId: z.string(), byEmail: z.boolean() }),
  /** A place opened and the first person waiting moved up from the waiting list (issue 31). */
  'event.waitlist_promoted': z.object({ eventId: z.string(), userId: z.string() }),
  /** A prayer request became public (approved by a leader). */
  'prayer.approved': change(prayerEventObject),
  /** A volunteer accepted a place on the roster (issue 33). */
  'schedule.accepted': change(scheduleEventObject),
  /** A volunteer declined a place on the roster, with their reason (issue 33). */
  'schedule.declined': change(scheduleEventObject),
  /** A child was checked in at a kiosk or the station (issue 33). */
  'checkin.created': change(checkinEventObject),
  // Groups (issue 34): ids, not people — a subscriber that may name the person looks them up.
  /** Someone became an active member of a group (request accepted, added by the office, a new group's leader). */
  'group.member_joined': z.object({ groupId: z.string(), memberId: z.string() }),
  /** Someone left a group or was removed from it. */
  'group.member_left': z.object({ groupId: z.string(), memberId: z.string() }),
  /** A meeting's register was recorded or changed: its counts after the change. */
  'group.attendance_recorded': z.object({
    groupId: z.string(),
    meetingId: z.string(),
    startsAt: z.string(),
    status: z.string(),
    presentCount: z.number().int(),
    expectedCount: z.number().int(),
    visitorCount: z.number().int(),
    headcount: z.number().int().nullable(),
  }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENTS) as DomainEventType[];
/** What an event of this type carries. */
export type DomainEventData<T extends DomainEventType> = z.input<(typeof DOMAIN_EVENTS)[T]>;

/** One event as subscribers receive it. */
export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  data: DomainEventData<T>;
  /** When the change was made (ISO 8601, UTC). */
  occurredAt: string;
}

export const isDomainEventType = (s: string): s is DomainEventType => Object.hasOwn(DOMAIN_EVENTS, s);
