import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CARE_TEXTS } from '@church/contract/care';
import { paths } from '../../../config/paths';
import { prayerCareQuery } from '../api/care';

/** Spec 001 §9: high-priority pending prayers, 5 shown. */
export function PrayerCareList() {
  const q = useQuery(prayerCareQuery());
  if (q.isPending) return <Skeleton height={120} />;
  if (q.isError)
    return (
      <Alert color="red" title={CARE_TEXTS.loadFailed}>
        <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (q.data.prayers.length === 0) return <Text c="dimmed">No high-priority prayer requests are waiting.</Text>;
  return (
    <Stack gap="xs">
      {q.data.prayers.map((p) => (
        <Card key={p.id} withBorder radius="sm" padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" component={Link} to={paths.prayer(p.id)} c="inherit">
                {p.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {p.user?.name ?? 'Anonymous'} · {p.description}
              </Text>
            </Stack>
            {/* A long description must not squeeze the badge to "H…". */}
            <Badge color="red" style={{ flexShrink: 0 }}>
              high
            </Badge>
          </Group>
        </Card>
      ))}
      {q.data.total > q.data.prayers.length && (
        <Text size="xs" c="dimmed" component={Link} to={paths.prayers}>
          {q.data.total - q.data.prayers.length} more on the prayers page
        </Text>
      )}
    </Stack>
  );
}
