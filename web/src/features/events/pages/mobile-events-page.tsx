import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NO_EVENTS_HINT, NO_EVENTS_TITLE } from '@church/contract/events-constants';
import { notify } from '../../../lib/notify';
import { upcomingEventsQuery, useRegisterForEvent } from '../api/events';
import { EventCard } from '../components/event-card';

/** Spec 000 §2 /mobile/events: the event list, each with a Register button. */
export function MobileEventsPage() {
  const query = useQuery(upcomingEventsQuery());
  const register = useRegisterForEvent();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const warned = useRef(false);
  useEffect(() => {
    if (query.isError && !warned.current) {
      warned.current = true;
      notify.error('Failed to load events');
    }
    if (query.isSuccess) warned.current = false;
  }, [query.isError, query.isSuccess]);

  const onRegister = async (id: string) => {
    setPendingId(id);
    try {
      await register.mutateAsync(id);
      notify.success('Successfully registered for event!');
    } catch {
      notify.error('Failed to register for event');
    } finally {
      setPendingId(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>Upcoming Events</Title>
      {query.isPending ? (
        [0, 1, 2].map((i) => (
          <Card key={i} withBorder radius="lg" padding="md">
            <Skeleton height={16} width="60%" mb={10} />
            <Skeleton height={10} mb={6} />
            <Skeleton height={32} mt={12} />
          </Card>
        ))
      ) : query.isError ? (
        <Alert color="red" title="Failed to load events">
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : query.data.length === 0 ? (
        <Card withBorder radius="lg" padding="lg" ta="center">
          <Text fw={600}>{NO_EVENTS_TITLE}</Text>
          <Text size="sm" c="dimmed">
            {NO_EVENTS_HINT}
          </Text>
        </Card>
      ) : (
        query.data.map((e) => <EventCard key={e.id} event={e} registering={pendingId === e.id} onRegister={() => onRegister(e.id)} />)
      )}
    </Stack>
  );
}
