import { Badge, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconCalendar, IconCheck, IconClock, IconHourglass, IconMapPin, IconUsers } from '@tabler/icons-react';
import { type ChurchEvent } from '@church/contract/events';
import { ALL_DAY, EVENT_TYPE_COLORS } from '@church/contract/events-constants';
import { MAX_GUESTS } from '@church/contract/event-registrations';
import { EventCancelledBadge } from './event-cancelled-badge';
import { PLACE_LABELS, placeState } from './place-state';

/**
 * One event with its Register button: not registered, registering, Registered
 * (disabled) — spec 000 §4 — and, once registered, Cancel registration, which
 * frees the place for the first person waiting. Issue 31: guests come along
 * (counted against the places); a full event offers its waiting list; a
 * cancelled one says so and offers nothing.
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
  onRegister: (guests: number) => void;
  cancelling?: boolean;
  onCancel?: () => void;
}) {
  const start = new Date(event.date);
  const state = placeState(event);
  const [guests, setGuests] = useState(0);
  const canAsk = state === 'open' || state === 'full';
  const waiting = state === 'waitlisted';
  return (
    <Card withBorder radius="lg" padding="md" data-testid="event-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} td={event.cancelled ? 'line-through' : undefined}>
          {event.title}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {event.cancelled && <EventCancelledBadge />}
          <Badge color={EVENT_TYPE_COLORS[event.type]} variant="light">
            {event.type}
          </Badge>
        </Group>
      </Group>
      {event.cancelled && (
        <Text size="sm" c="red.8" mt={4} data-testid="event-cancelled-note">
          This event has been cancelled.{event.cancellationReason ? ` Reason: ${event.cancellationReason}` : ''}
        </Text>
      )}
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
            {event.waitlistCount ? ` · ${event.waitlistCount} waiting` : ''}
          </Text>
        </Group>
      </Stack>
      {canAsk && (
        <NumberInput
          mt="sm"
          size="xs"
          label="Guests coming with you"
          min={0}
          max={MAX_GUESTS}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={guests}
          onChange={(v) => setGuests(typeof v === 'number' ? v : 0)}
        />
      )}
      <Button
        mt="md"
        fullWidth
        color={state === 'registered' ? 'green' : waiting ? 'yellow' : state === 'full' ? 'orange' : 'navy'}
        variant={state === 'registered' || waiting ? 'light' : 'filled'}
        leftSection={state === 'registered' ? <IconCheck size={16} /> : waiting ? <IconHourglass size={16} /> : undefined}
        disabled={!canAsk}
        loading={registering}
        onClick={() => onRegister(guests)}
        data-testid="place-button"
      >
        {state === 'open' ? 'Register' : PLACE_LABELS[state]}
      </Button>
      {(state === 'registered' || waiting) && !event.cancelled && onCancel && (
        <Button
          mt="xs"
          fullWidth
          color="red"
          variant="subtle"
          loading={cancelling}
          onClick={onCancel}
          aria-label={waiting ? `Leave the waiting list for ${event.title}` : `Cancel registration for ${event.title}`}
        >
          {waiting ? 'Leave waiting list' : 'Cancel registration'}
        </Button>
      )}
    </Card>
  );
}
