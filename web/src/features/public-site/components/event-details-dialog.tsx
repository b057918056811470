import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCalendar, IconClock, IconMapPin } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { type ChurchEvent } from '@church/contract/events';
import { ALL_DAY, EVENT_CANCELLED_LABEL, EVENT_TYPE_COLORS } from '@church/contract/events-constants';
import { paths } from '../../../config/paths';
import type { ReturnTo } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { formatEventDate, formatEventTime } from './format';

/**
 * Spec 000 §2 Event details: title, description, date, time ('All Day'
 * default), location, type; Close and Register to Attend. Register to Attend
 * opens the event's own page with the intent to register (router state): a
 * member is registered there at once, a visitor is sent to /register and
 * brought back to the event, registered, after signing up.
 */
export function EventDetailsDialog({ event, onClose, timeZone }: { event: ChurchEvent | null; onClose: () => void; timeZone: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <Modal opened={!!event} onClose={onClose} title={event?.title} centered radius="lg" size="md">
      {event && (
        <Stack gap="sm">
          <Group gap={4}>
            {event.cancelled && (
              <Badge color="red" variant="filled">
                {EVENT_CANCELLED_LABEL}
              </Badge>
            )}
            <Badge color={EVENT_TYPE_COLORS[event.type]} variant="light" tt="capitalize" w="fit-content">
              {event.type}
            </Badge>
          </Group>
          {event.cancelled && (
            <Text c="red.8">This event has been cancelled.{event.cancellationReason ? ` Reason: ${event.cancellationReason}` : ''}</Text>
          )}
          {event.description && <Text>{event.description}</Text>}
          <Group gap={8} wrap="nowrap">
            <IconCalendar size={18} aria-hidden />
            <Text size="sm" data-testid="event-date">
              {formatEventDate(event.date, timeZone)}
            </Text>
          </Group>
          <Group gap={8} wrap="nowrap">
            <IconClock size={18} aria-hidden />
            <Text size="sm" data-testid="event-time">
              {formatEventTime(event.time) || ALL_DAY}
            </Text>
          </Group>
          <Group gap={8} wrap="nowrap">
            <IconMapPin size={18} aria-hidden />
            <Text size="sm">{event.location || 'To be announced'}</Text>
          </Group>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              disabled={event.cancelled}
              onClick={() => {
                const to = paths.upcomingEvent(event.id);
                if (user) navigate(to, { state: { register: true } });
                else navigate(paths.register, { state: { from: to, then: { register: true } } satisfies ReturnTo });
              }}
            >
              Register to Attend
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
