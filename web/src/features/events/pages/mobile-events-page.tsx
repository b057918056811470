import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { INVALID_EVENTS_DATA, NO_EVENTS_HINT, NO_EVENTS_TITLE } from '@church/contract/events-constants';
import { notify, useErrorToast } from '../../../lib/notify';
import { ApiError } from '../../../lib/api-client';
import { upcomingEventsQuery, useCancelRegistration, useRegisterForEvent } from '../api/events';
import { EventCard } from '../components/event-card';

/** Spec 000 §2 /mobile/events: the event list, each with a Register button. */
export function MobileEventsPage() {
  const query = useQuery(upcomingEventsQuery());
  const register = useRegisterForEvent();
  const cancel = useCancelRegistration();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  useErrorToast(query, 'Failed to load events');

  const onRegister = async (id: string, guests: number) => {
    setPendingId(id);
    try {
      const r = await register.mutateAsync({ id, guests });
      // Registered, or (full) on the waiting list with its number: the server's words.
      notify.success(r.message);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Failed to register for event');
    } finally {
      setPendingId(null);
    }
  };

  const onCancel = async (id: string) => {
    setCancellingId(id);
    try {
      const r = await cancel.mutateAsync(id);
      notify.success(r.message);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Failed to cancel registration');
    } finally {
      setCancellingId(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Upcoming Events
      </Title>
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
          {/* An answer that is not the promised list (a proxy's page, an older server): say so, as spec 002 §8 words it. */}
          {query.error.name === 'ZodError' && (
            <Text size="sm" mb="xs">
              {INVALID_EVENTS_DATA}
            </Text>
          )}
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
        // One column in the phone frame; two or three across the desktop shell.
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {query.data.map((e) => (
            <EventCard
              key={e.id}
              event={e}
              registering={pendingId === e.id}
              onRegister={(guests) => onRegister(e.id, guests)}
              cancelling={cancellingId === e.id}
              onCancel={() => onCancel(e.id)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
