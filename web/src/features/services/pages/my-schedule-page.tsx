import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SERVICE_TEXTS, type MyAssignment } from '@church/contract/services';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { myScheduleQuery, useRespond, useSwap } from '../api';
import { BlockoutsCard } from '../components/blockouts-card';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { DeclineModal } from '../components/decline-modal';
import { SwapModal } from '../components/swap-modal';
import { formatDay, STATUS_COLORS, STATUS_LABELS } from '../format';

const failed = (err: unknown, fallback: string) => notify.error(err instanceof ApiError && err.status < 500 ? err.message : fallback);

function AssignmentCard({ a, onDecline, onSwap }: { a: MyAssignment; onDecline: () => void; onSwap: () => void }) {
  const respond = useRespond();
  const upcoming = Date.parse(a.service.startsAt) > Date.now();
  const accept = async () => {
    try {
      await respond.mutateAsync({ id: a.id, body: { response: 'accept' } });
      notify.success(SERVICE_TEXTS.accepted);
    } catch (err) {
      failed(err, 'Could not save your answer');
    }
  };
  return (
    <Card withBorder radius="md" data-testid="assignment">
      <Group justify="space-between" align="start" wrap="wrap">
        <div>
          <Text fw={600}>
            {a.positionName} · {a.teamName}
          </Text>
          <Text size="sm">
            {a.service.title} — {formatDay(a.service.date)} at {a.service.time}
          </Text>
          {a.reason && (
            <Text size="sm" c="dimmed">
              Reason: {a.reason}
            </Text>
          )}
        </div>
        <Badge color={STATUS_COLORS[a.status]} variant="light">
          {STATUS_LABELS[a.status]}
        </Badge>
      </Group>
      {upcoming && (a.status === 'pending' || a.status === 'accepted') && (
        <Group mt="sm" gap="xs">
          {a.status === 'pending' && (
            <Button color="green" onClick={accept} loading={respond.isPending}>
              Accept
            </Button>
          )}
          <Button variant="light" color="red" onClick={onDecline}>
            Decline
          </Button>
          <Button variant="default" onClick={onSwap}>
            Swap
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** My schedule (desktop and phone): what I am asked to serve, one-tap answers, swaps, blockouts, calendar link. */
export function MySchedulePage() {
  const q = useQuery(myScheduleQuery());
  const respond = useRespond();
  const swap = useSwap();
  const [declining, setDeclining] = useState<string | null>(null);
  const [swapping, setSwapping] = useState<string | null>(null);
  const current = (q.data?.assignments ?? []).filter((a) => a.status !== 'removed');
  return (
    <Stack p="md" gap="md" maw={900}>
      <Title order={1} size="h2">
        My Schedule
      </Title>
      {q.isLoading && <Skeleton h={120} />}
      {q.isError && (
        <Alert color="red" title={SERVICE_TEXTS.scheduleLoadFailed}>
          <Button size="xs" variant="light" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {q.data && current.length === 0 && <Text c="dimmed">You are not on the roster for the coming weeks.</Text>}
      {current.map((a) => (
        <AssignmentCard key={a.id} a={a} onDecline={() => setDeclining(a.id)} onSwap={() => setSwapping(a.id)} />
      ))}
      {q.data && <BlockoutsCard blockouts={q.data.blockouts} />}
      {q.data && <CalendarFeedCard active={q.data.calendarFeed} />}
      <DeclineModal
        assignmentId={declining}
        busy={respond.isPending}
        onClose={() => setDeclining(null)}
        onDecline={async (body) => {
          try {
            await respond.mutateAsync({ id: declining!, body: { response: 'decline', ...body } });
            notify.success(SERVICE_TEXTS.declined);
            setDeclining(null);
          } catch (err) {
            failed(err, 'Could not save your answer');
          }
        }}
      />
      <SwapModal
        assignmentId={swapping}
        busy={swap.isPending}
        onClose={() => setSwapping(null)}
        onSwap={async (userId) => {
          try {
            const r = await swap.mutateAsync({ id: swapping!, userId });
            notify.success(r.message);
            setSwapping(null);
          } catch (err) {
            failed(err, 'Could not swap');
          }
        }}
      />
    </Stack>
  );
}
