import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { prayerPreviewText, type PastorDashboard } from '@church/contract/pastor-dashboard';
import { usePrayerDecision } from '../api/pastor-dashboard';

const PRIORITY = { low: 'blue', medium: 'orange', high: 'red' } as Record<string, string>;

/** Pending prayers with a 60-character preview and Approve / Reject (spec 001 §2, §8). */
export function PendingPrayers({ prayers }: { prayers: PastorDashboard['pendingPrayers'] }) {
  const decide = usePrayerDecision();
  return (
    <Card withBorder radius="lg" padding="md">
      <Text fw={700} mb="sm">
        Pending Prayers
      </Text>
      {prayers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No prayer requests are waiting for approval.
        </Text>
      ) : (
        <Stack gap="sm">
          {prayers.map((p) => {
            const busy = decide.isPending && decide.variables?.id === p.id;
            return (
              <Card key={p.id} withBorder radius="md" padding="sm" data-testid="pending-prayer">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {p.title}
                    </Text>
                    <Text size="sm" c="gray.7" data-testid="prayer-preview">
                      {prayerPreviewText(p)}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {p.submittedBy || 'Anonymous'}
                    </Text>
                  </div>
                  <Badge color={PRIORITY[p.priority] ?? 'gray'} variant="light">
                    {p.priority}
                  </Badge>
                </Group>
                <Group gap="xs" mt="xs">
                  <Button size="xs" color="#1f6b30" loading={busy} onClick={() => decide.mutate({ id: p.id, status: 'approved' })}>
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={busy}
                    onClick={() => decide.mutate({ id: p.id, status: 'rejected' })}
                  >
                    Reject
                  </Button>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
