import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconCheck, IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import { type ChurchEvent } from '@church/contract/events';
import { ALL_DAY, EVENT_TYPE_COLORS } from '@church/contract/events-constants';

/**
 * One event with its Register button: not registered, registering, Registered
 * (disabled) — spec 000 §4 — and, once registered, Cancel registration, which
 * frees the place for someone else.
 */
export function EventCard({
  event,
  registering,
  onRegister,
  cancelling = false,
  onCancel,
}: {
  event: ChurchEvent;
  registering: boolean;
  onRegister: () => void;
  cancelling?: boolean;
  onCancel?: () => void;
}) {
  const start = new Date(event.date);
  const full = event.maxAttendees != null && event.attendeesCount >= event.maxAttendees && !event.registered;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="event-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700}>{event.title}</Text>
        <Badge color={EVENT_TYPE_COLORS[event.type]} variant="light" style={{ flexShrink: 0 }}>
          {event.type}
        </Badge>
      </Group>
      {event.description && (
        <Text size="sm" c="dimmed" mt={4} lineClamp={3}>
          {event.description}
        </Text>
      )}
      <Stack gap={4} mt="sm">
        <Group gap={6}>
          <IconCalendar size={14} />
          <Text size="sm">{start.toLocaleDateString('en-ZA', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' })}</Text>
          <IconClock size={14} style={{ marginLeft: 8 }} />
          <Text size="sm">{event.time || ALL_DAY}</Text>
        </Group>
        {event.location && (
          <Group gap={6}>
            <IconMapPin size={14} />
            <Text size="sm">{event.location}</Text>
          </Group>
        )}
        <Group gap={6}>
          <IconUsers size={14} />
          <Text size="sm" data-testid="attendees-count">
            {event.attendeesCount} {event.attendeesCount === 1 ? 'attendee' : 'attendees'}
            {event.maxAttendees != null ? ` of ${event.maxAttendees}` : ''}
          </Text>
        </Group>
      </Stack>
      <Button
        mt="md"
        fullWidth
        color={event.registered ? 'green' : 'navy'}
        variant={event.registered ? 'light' : 'filled'}
        leftSection={event.registered ? <IconCheck size={16} /> : undefined}
        disabled={event.registered || full}
        loading={registering}
        onClick={onRegister}
      >
        {event.registered ? 'Registered' : full ? 'Full' : 'Register'}
      </Button>
      {event.registered && onCancel && (
        <Button
          mt="xs"
          fullWidth
          color="red"
          variant="subtle"
          loading={cancelling}
          onClick={onCancel}
          aria-label={`Cancel registration for ${event.title}`}
        >
          Cancel registration
        </Button>
      )}
    </Card>
  );
}
