import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ChurchEvent } from '@church/contract/events';
import { paths } from '../../../config/paths';
import { useErrorToast } from '../../../lib/notify';
import { manageEventsQuery } from '../api/manage';
import { useChurchTimeZone } from '../../../lib/church-time';
import { can } from '@church/contract/roles';
import { useSession } from '../../../lib/session';
import { CancelEventModal } from '../components/cancel-event-modal';
import { DeleteEventModal } from '../components/delete-event-modal';
import { EventStats } from '../components/event-stats';
import { ManageEventCard } from '../components/manage-event-card';

function Section({
  title,
  when,
  onCancel,
  onDelete,
  timeZone,
}: {
  title: string;
  when: 'upcoming' | 'past';
  onCancel: (e: ChurchEvent) => void;
  onDelete?: (e: ChurchEvent) => void;
  timeZone: string;
}) {
  const q = useQuery(manageEventsQuery(when));
  useErrorToast(q, 'Failed to load events');
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {title}{' '}
        {q.data ? (
          <Text span c="dimmed" size="md">
            ({q.data.total})
          </Text>
        ) : null}
      </Title>
      {q.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={160} radius="md" />
          ))}
        </SimpleGrid>
      ) : q.isError ? (
        <Alert color="red" title="Failed to load events">
          <Button size="xs" color="red" variant="light" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : q.data.events.length === 0 ? (
        <Text c="dimmed">{when === 'upcoming' ? 'No upcoming events. Create one to get started.' : 'No past events yet.'}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {q.data.events.map((e) => (
            <ManageEventCard
              key={e.id}
              event={e}
              timeZone={timeZone}
              onCancel={() => onCancel(e)}
              onDelete={onDelete ? () => onDelete(e) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Spec 001 §2 /events: cards split into upcoming and past, create, edit, cancel, and (administrators) delete with confirmation. */
export function EventsManagePage() {
  const timeZone = useChurchTimeZone();
  const [deleting, setDeleting] = useState<ChurchEvent | null>(null);
  const [cancelling, setCancelling] = useState<ChurchEvent | null>(null);
  // Issue 31: only administrators delete (with the registrations and check-ins); leaders cancel.
  const { user } = useSession();
  const onDelete = can(user, 'events:delete') ? setDeleting : undefined;
  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Title order={1}>Events</Title>
        <Button component={Link} to={paths.eventCreate} leftSection={<IconPlus size={16} />}>
          Create Event
        </Button>
      </Group>
      <EventStats />
      <Section title="Upcoming Events" when="upcoming" onCancel={setCancelling} onDelete={onDelete} timeZone={timeZone} />
      <Section title="Past Events" when="past" onCancel={setCancelling} onDelete={onDelete} timeZone={timeZone} />
      <CancelEventModal event={cancelling} onClose={() => setCancelling(null)} />
      <DeleteEventModal event={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
