import { Badge } from '@mantine/core';
import { EVENT_CANCELLED_LABEL } from '@church/contract/events-constants';

/** Issue 31: a cancelled event stays listed, marked the same way on every page. */
export function EventCancelledBadge() {
  return (
    <Badge color="red" variant="filled" data-testid="event-cancelled">
      {EVENT_CANCELLED_LABEL}
    </Badge>
  );
}
