import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DashboardSource } from '@church/contract/dashboard';
import type { MessageKey } from '@church/contract/i18n/keys';
import { useT } from '../../../lib/i18n/use-t';

const SOURCE_LABELS: Record<DashboardSource, string> = {
  members: 'members',
  prayers: 'prayers',
  events: 'events',
  giving: 'giving',
  visitors: 'visitor statistics',
  engagement: 'engagement',
};

/** Spec 002 §8's fallback texts for the sources that have one, shown when that source fails. */
const FAILED_TEXT: Partial<Record<DashboardSource, MessageKey>> = {
  members: 'member.status.membersFailed',
  events: 'member.status.eventsFailed',
  giving: 'member.giving.statsFailed',
};

export function DashboardLoading({ cards = 4 }: { cards?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, md: cards }} data-testid="dashboard-loading">
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i} withBorder radius="lg" padding="lg">
          <Skeleton height={10} width="60%" mb={12} />
          <Skeleton height={24} width="40%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The whole load failed: say so and offer Retry, never sample numbers. */
export function DashboardError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const t = useT();
  return (
    <Alert color="red" radius="lg" icon={<IconAlertTriangle />} title={t('member.status.failedTitle')}>
      <Text size="sm" mb="sm">
        {t('member.status.failedText')}
      </Text>
      <Button color="red" variant="light" onClick={onRetry} loading={retrying}>
        {t('member.retry')}
      </Button>
    </Alert>
  );
}

/** Some sources fell back to empty/zero: tell the reader which figures are missing. */
export function PartialDataNote({ failed, onRetry }: { failed: DashboardSource[]; onRetry: () => void }) {
  const t = useT();
  if (!failed.length) return null;
  return (
    <Alert color="yellow" radius="lg" icon={<IconAlertTriangle />} data-testid="dashboard-partial">
      <Group justify="space-between" wrap="nowrap">
        <div>
          {failed.map((f) => {
            const key = FAILED_TEXT[f];
            return key ? (
              <Text key={f} size="sm" fw={600}>
                {t(key)}
              </Text>
            ) : null;
          })}
          <Text size="sm">{t('member.status.partial', { sources: failed.map((f) => SOURCE_LABELS[f]).join(', ') })}</Text>
        </div>
        <Button size="xs" variant="white" color="yellow" onClick={onRetry}>
          {t('member.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
