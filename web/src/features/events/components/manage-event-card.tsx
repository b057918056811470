import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCalendar, IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ChurchEvent } from '@church/contract/events';
import { ALL_DAY, EVENT_TYPE_COLORS, REGISTRATIONS_CLOSED_LABEL } from '@church/contract/events-constants';
import { EventCancelledBadge } from './event-cancelled-badge';
import { paths } from '../../../config/paths';
import { formatEventDay } from '../../../lib/church-time';

/** A management card: type colour (fixed map in contract/), when and where, registrations against the maximum, actions. */
export function ManageEventCard({
  event,
  timeZone,
  onCancel,
  onDelete,
}: {
  event: ChurchEvent;
  timeZone: string;
  onCancel: () => void;
  /** Administrators only (issue 31): absent, no Delete button. */
  onDelete?: () => void;
}) {
  const max = event.maxAttendees;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="manage-event-card"
      style={{ borderTop: `4px solid var(--mantine-color-${EVENT_TYPE_COLORS[event.type]}-6)` }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} component={Link} to={paths.event(event.id)} c="inherit" td="none">
          {event.title}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {event.cancelled && <EventCancelledBadge />}
          <Badge color={EVENT_TYPE_COLORS[event.type]} variant="light">
            {event.type}
          </Badge>
        </Group>
      </Group>
      <Stack gap={4} mt="xs">
        <Group gap={6}>
          <IconCalendar size={14} aria-hidden />
          <Text size="sm">{formatEventDay(event.date, timeZone)}</Text>
          <IconClock size={14} aria-hidden style={{ marginLeft: 8 }} />
          <Text size="sm">{event.time || ALL_DAY}</Text>
        </Group>
        {event.location && (
          <Group gap={6}>
            <IconMapPin size={14} aria-hidden />
            <Text size="sm">{event.location}</Text>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {max ? `${event.attendeesCount} / ${max} registered` : `${event.attendeesCount} registered`}
          {event.waitlistCount ? ` · ${event.waitlistCount} waiting` : ''}
          {event.attendance != null ? ` · ${event.attendance} attended` : ''}
          {event.registrationsClosed ? ` · ${REGISTRATIONS_CLOSED_LABEL}` : ''}
        </Text>
        {max ? (
          <Progress value={Math.min(100, (event.attendeesCount / max) * 100)} size="sm" aria-label={`${event.title} registrations`} />
        ) : null}
      </Stack>
      <Group gap="xs" mt="md">
        <Button size="xs" variant="light" component={Link} to={paths.event(event.id)}>
          View
        </Button>
        <Button size="xs" variant="default" component={Link} to={paths.eventEdit(event.id)}>
          Edit
        </Button>
        {!event.cancelled && (
          <Button size="xs" variant="subtle" color="orange" onClick={onCancel} aria-label={`Cancel ${event.title}`}>
            Cancel
          </Button>
        )}
        {onDelete && (
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${event.title}`}>
            Delete
          </Button>
        )}
      </Group>
    </Card>
  );
}
