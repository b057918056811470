import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRand } from '@church/contract/rules/money';
import { givingReportQuery } from '../api/reports';

/** Spec 001 §9: giving trend bars, scaled to the largest month (GET /giving/reports, twelve calendar months). */
export function GivingTrend() {
  const q = useQuery(givingReportQuery(12));
  return (
    <Card withBorder radius="md" data-testid="giving-trend">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Giving trend</Title>
        {q.data && (
          <Text size="sm" c="dimmed">
            12 months: {formatRand(q.data.totalGiven)} · {q.data.activeGivers} donors
          </Text>
        )}
      </Group>
      {q.isPending ? (
        <Skeleton height={160} />
      ) : q.isError ? (
        <Alert color="red" title="Failed to load giving data">
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <Stack gap={4}>
          <Group gap={4} align="end" h={140} wrap="nowrap" role="list" aria-label="Giving per month">
            {q.data.monthly.map((m) => {
              const max = Math.max(...q.data.monthlyData, 0);
              const h = max === 0 ? 0 : Math.max(2, Math.round((m.total / max) * 130));
              return (
                <Tooltip key={m.month} label={`${m.label}: ${formatRand(m.total)} (${m.count} gifts)`}>
                  <div
                    role="listitem"
                    aria-label={`${m.label}: ${formatRand(m.total)}`}
                    style={{ flex: 1, height: h, background: 'var(--mantine-color-green-6)', borderRadius: 3 }}
                  />
                </Tooltip>
              );
            })}
          </Group>
          <Group gap={4} wrap="nowrap">
            {q.data.monthly.map((m) => (
              <Text key={m.month} size="xs" c="dimmed" ta="center" style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
                {m.label.slice(0, 1)}
              </Text>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {q.data.monthlyLabels[0]} – {q.data.monthlyLabels.at(-1)} · monthly average {formatRand(q.data.monthlyAverage)} · largest gift{' '}
            {formatRand(q.data.largestGift)}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
