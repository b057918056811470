import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PRAYER_TEXTS, type Prayer } from '@church/contract/prayers';
import { timeAgo } from '@church/contract/rules/time-ago';
import { notify } from '../../../lib/notify';
import { prayersQuery } from '../api/prayers';

const STATUS_COLOURS: Record<Prayer['status'], string> = { pending: 'yellow', approved: 'green', rejected: 'gray', answered: 'blue' };

export function PrayerList({ userId }: { userId: string }) {
  const query = useQuery(prayersQuery());
  const warned = useRef(false);
  useEffect(() => {
    if (query.isError && !warned.current) {
      warned.current = true;
      notify.error(PRAYER_TEXTS.memberLoadFailed);
    }
    if (query.isSuccess) warned.current = false;
  }, [query.isError, query.isSuccess]);

  if (query.isPending) {
    return (
      <Stack gap="sm" data-testid="prayers-loading">
        {[0, 1, 2].map((i) => (
          <Card key={i} withBorder radius="lg" padding="md">
            <Skeleton height={14} width="50%" mb={10} />
            <Skeleton height={10} mb={6} />
            <Skeleton height={10} width="80%" />
          </Card>
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={PRAYER_TEXTS.memberLoadFailed}>
        <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (query.data.prayers.length === 0) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Text c="dimmed" ta="center">
          No prayer requests yet. Share one above and the church will pray with you.
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm" data-testid="prayer-list">
      {query.data.prayers.map((p) => (
        <Card key={p.id} withBorder radius="lg" padding="md" data-testid="prayer-item">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700}>{p.title}</Text>
            <Badge color={STATUS_COLOURS[p.status]} variant="light" style={{ flexShrink: 0 }}>
              {p.status}
            </Badge>
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {p.description}
          </Text>
          <Group gap="xs" mt="xs">
            <Text size="xs" c="dimmed">
              {p.userId === userId ? 'You' : (p.user?.name ?? 'Anonymous')} · {timeAgo(p.createdAt)}
            </Text>
            {!p.isPublic && (
              <Badge size="xs" variant="outline" color="gray" leftSection={<IconLock size={10} />}>
                Private
              </Badge>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
