import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PRAYER_TEXTS, type PrayerStatus } from '@church/contract/prayers';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { prayersByStatusQuery } from '../api/manage';
import { PrayerActions } from '../components/prayer-actions';
import { PriorityBadge } from '../components/priority-badge';

const GROUPS: { status: PrayerStatus; title: string }[] = [
  { status: 'pending', title: 'Pending Approval' },
  { status: 'approved', title: 'Approved' },
  { status: 'answered', title: 'Answered' },
];
const when = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

function PrayerGroup({ status, title }: { status: PrayerStatus; title: string }) {
  const q = useQuery(prayersByStatusQuery(status));
  useEffect(() => {
    if (q.isError) notify.error(PRAYER_TEXTS.loadFailed);
  }, [q.isError]);
  return (
    <Stack gap="xs" data-testid={`prayer-group-${status}`}>
      <Group gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        {q.data && <Badge variant="light">{q.data.total}</Badge>}
      </Group>
      {q.isPending ? (
        <Skeleton height={90} />
      ) : q.isError ? (
        <Alert color="red" title={PRAYER_TEXTS.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : q.data.prayers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No {title.toLowerCase()} prayer requests.
        </Text>
      ) : (
        q.data.prayers.map((p) => (
          <Card key={p.id} withBorder radius="md" padding="md" data-testid="prayer-card">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Group gap={6}>
                  <Text fw={600} component={Link} to={paths.prayer(p.id)} c="inherit">
                    {p.title}
                  </Text>
                  <PriorityBadge priority={p.priority} />
                  {!p.isPublic && (
                    <Badge variant="outline" color="gray">
                      private
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {p.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.user?.name ?? 'Anonymous'} · {when(p.createdAt)}
                  {p.answeredAt ? ` · answered ${when(p.answeredAt)}` : ''}
                </Text>
              </Stack>
              <PrayerActions prayer={p} />
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}

/** Spec 001 §2 /prayers: grouped Pending Approval, Approved, Answered. */
export function PrayersManagePage() {
  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Title order={1}>Prayer Requests</Title>
        <Button component={Link} to={paths.prayerAdd} leftSection={<IconPlus size={16} />}>
          Add Prayer Request
        </Button>
      </Group>
      {GROUPS.map((g) => (
        <PrayerGroup key={g.status} {...g} />
      ))}
    </Stack>
  );
}
