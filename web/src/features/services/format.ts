import type { AssignmentStatus } from '@church/contract/services';

/** '2026-03-01' → 'Sun 1 Mar 2026' (a local date: formatted without moving it through a time zone). */
export function formatDay(day: string) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-ZA', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const STATUS_LABELS: Record<AssignmentStatus, string> = {
  pending: 'Not yet answered',
  accepted: 'Accepted',
  declined: 'Declined',
  swapped: 'Swapped',
  removed: 'Removed',
};
export const STATUS_COLORS: Record<AssignmentStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  declined: 'red',
  swapped: 'gray',
  removed: 'gray',
};
