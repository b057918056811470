import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ALL_DAY, EVENT_TYPE_COLORS } from '@church/contract/events-constants';
import { paths } from '../../../config/paths';
import { useErrorToast } from '../../../lib/notify';
import { eventQuery } from '../api/manage';
import { CheckInSheet } from '../components/check-in-sheet';
import { formatEventDay, useChurchTimeZone } from '../../../lib/church-time';
import { can } from '@church/contract/roles';
import { useSession } from '../../../lib/session';
import { CancelEventModal } from '../components/cancel-event-modal';
import { DeleteEventModal } from '../components/delete-event-modal';
import { EventCancelledBadge } from '../components/event-cancelled-badge';

/** /events/{id}: the event, its registrations against the maximum, and check-in. */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tz = useChurchTimeZone();
  const q = useQuery(eventQuery(id));
  const [deleting, setDeleting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { user } = useSession();
  useErrorToast(q, 'Failed to load event');

  if (q.isPending) return <Skeleton height={300} />;
  if (q.isError) return <Alert color="red" title="Failed to load event" />;
  const e = q.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{e.title}</Title>
            <Badge color={EVENT_TYPE_COLORS[e.type]} variant="light">
              {e.type}
            </Badge>
            {e.cancelled && <EventCancelledBadge />}
          </Group>
          <Text c="dimmed">
            {formatEventDay(e.date, tz)} · {e.time || ALL_DAY}
            {e.location ? ` · ${e.location}` : ''}
          </Text>
          {e.cancelled && e.cancellationReason && <Text size="sm">Reason: {e.cancellationReason}</Text>}
          {e.waitlistCount > 0 && (
            <Text size="sm" c="dimmed">
              {e.waitlistCount} on the waiting list
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button variant="default" component={Link} to={paths.eventEdit(e.id)}>
            Edit
          </Button>
          {!e.cancelled && (
            <Button variant="light" color="orange" onClick={() => setCancelling(true)}>
              Cancel event
            </Button>
          )}
          {can(user, 'events:delete') && (
            <Button variant="light" color="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      {(e.description || e.speaker) && (
        <Card withBorder radius="md" padding="lg">
          {e.speaker && (
            <Text size="sm" mb="xs">
              Speaker: {e.speaker}
            </Text>
          )}
          <Text style={{ whiteSpace: 'pre-wrap' }}>{e.description}</Text>
        </Card>
      )}
      <CheckInSheet eventId={e.id} />
      <CancelEventModal event={cancelling ? e : null} onClose={() => setCancelling(false)} />
      <DeleteEventModal event={deleting ? e : null} onClose={() => setDeleting(false)} onDeleted={() => navigate(paths.events)} />
    </Stack>
  );
}
