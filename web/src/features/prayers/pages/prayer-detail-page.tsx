import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PRAYER_TEXTS } from '@church/contract/prayers';
import { paths } from '../../../config/paths';
import { prayerQuery } from '../api/manage';
import { PrayerActions } from '../components/prayer-actions';
import { PriorityBadge } from '../components/priority-badge';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const STATUS_COLORS = { pending: 'yellow', approved: 'green', rejected: 'gray', answered: 'blue' } as const;

/** /prayers/{id}: the whole request with its history and the same actions as the list. */
export function PrayerDetailPage() {
  const { id = '' } = useParams();
  const q = useQuery(prayerQuery(id));
  if (q.isPending) return <Skeleton height={260} />;
  if (q.isError)
    return (
      <Alert color="red" title={PRAYER_TEXTS.loadFailed}>
        <Button size="xs" variant="light" color="red" component={Link} to={paths.prayers}>
          Back to prayers
        </Button>
      </Alert>
    );
  const p = q.data;
  return (
    <Stack gap="lg" maw={820}>
      <Button variant="subtle" component={Link} to={paths.prayers} w="fit-content" px={0}>
        ← All prayer requests
      </Button>
      <Group gap="sm">
        <Title order={1}>{p.title}</Title>
        <Badge color={STATUS_COLORS[p.status]}>{p.status}</Badge>
        <PriorityBadge priority={p.priority} />
      </Group>
      <Card withBorder radius="md" padding="lg">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{p.description}</Text>
        <Stack gap={2} mt="md">
          <Text size="sm" c="dimmed">
            Asked by {p.user?.name ?? 'Anonymous'} on {when(p.createdAt)} ·{' '}
            {p.isPublic ? 'may be shared with the church' : 'private: leaders only'}
          </Text>
          {p.answeredAt && (
            <Text size="sm" c="dimmed">
              Answered on {when(p.answeredAt)}
            </Text>
          )}
        </Stack>
      </Card>
      <PrayerActions prayer={p} />
    </Stack>
  );
}
