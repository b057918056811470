import type { ChurchEvent } from '@church/contract/events';
import type { EventWithCounts } from './repository';

/** Event row → the JSON the contract promises. `registered`/`waitlisted` only for a signed-in caller. */
export function presentEvent(row: EventWithCounts): ChurchEvent {
  const start = row.startsAt.toISOString();
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    date: start,
    startDate: start,
    endDate: row.endsAt ? row.endsAt.toISOString() : null,
    time: row.time ?? '',
    location: row.location ?? '',
    type: row.type as ChurchEvent['type'],
    category: row.category,
    speaker: row.speaker,
    maxAttendees: row.maxAttendees,
    registrationRequired: row.registrationRequired,
    attendance: row.attendance,
    attendeesCount: row.attendeesCount,
    waitlistCount: row.waitlistCount,
    registrationsClosed: row.registrationsClosed,
    cancelled: row.cancelledAt !== null,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancellationReason: row.cancellationReason,
    ...(row.mine === null ? {} : { registered: row.mine === 'registered', waitlisted: row.mine === 'waitlisted' }),
    createdAt: row.createdAt.toISOString(),
  };
}
