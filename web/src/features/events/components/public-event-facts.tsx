import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { ChurchEvent } from '@church/contract/events';
import { ALL_DAY, EVENT_TYPE_COLORS } from '@church/contract/events-constants';
import { formatEventDay } from '../../../lib/church-time';
import { EventCancelledBadge } from './event-cancelled-badge';

/** Date, time ('All Day' by default), place and places taken, in the church's time zone. */
export function PublicEventFacts({ event, timeZone, size = 'sm' }: { event: ChurchEvent; timeZone: string; size?: 'sm' | 'md' }) {
  return (
    <Stack gap={6}>
      <Group gap={4}>
        {event.cancelled && <EventCancelledBadge />}
        <Badge color={EVENT_TYPE_COLORS[event.type]} variant="light" tt="capitalize" w="fit-content">
          {event.type}
        </Badge>
      </Group>
      {event.cancelled && (
        <Text size={size} c="red.8">
          This event has been cancelled.{event.cancellationReason ? ` Reason: ${event.cancellationReason}` : ''}
        </Text>
      )}
      <Group gap={8} wrap="nowrap">
        <IconCalendar size={16} aria-hidden />
        <Text size={size} data-testid="event-date">
          {formatEventDay(event.date, timeZone)}
        </Text>
      </Group>
      <Group gap={8} wrap="nowrap">
        <IconClock size={16} aria-hidden />
        <Text size={size}>{event.time || ALL_DAY}</Text>
      </Group>
      <Group gap={8} wrap="nowrap">
        <IconMapPin size={16} aria-hidden />
        <Text size={size}>{event.location || 'To be announced'}</Text>
      </Group>
      <Group gap={8} wrap="nowrap">
        <IconUsers size={16} aria-hidden />
        <Text size={size} data-testid="attendees-count">
          {event.attendeesCount} {event.attendeesCount === 1 ? 'attendee' : 'attendees'}
          {event.maxAttendees != null ? ` of ${event.maxAttendees}` : ''}
        </Text>
      </Group>
    </Stack>
  );
}
