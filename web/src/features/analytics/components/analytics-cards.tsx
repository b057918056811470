import { Alert, Button, Card, Text } from '@mantine/core';
import { ANALYTICS_TEXTS } from '@church/contract/analytics';
import type { AnalyticsSource } from '../api/analytics';

export function Stat({ label, value, hint }: { label: string; value: string | number; hint?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint}
    </Card>
  );
}

export function ChartCard({ title, children, empty }: { title: string; children: React.ReactNode; empty?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {empty ? (
        <Text c="dimmed" size="sm">
          Nothing recorded yet.
        </Text>
      ) : (
        <figure aria-label={title} style={{ margin: 0 }}>
          {children}
        </figure>
      )}
    </Card>
  );
}

const SOURCE_NAMES: Record<AnalyticsSource, string> = {
  overview: 'headline figures',
  growth: 'growth figures and monthly charts',
  engagement: 'engagement figures',
  website: 'website figures',
};

/**
 * In place of figures whose source failed: the spec's words and a Retry. Not zeros — a pastor
 * reading "0 members" would believe it; the other sources' figures stay on the page.
 */
export function SourceFailed({ source, onRetry }: { source: AnalyticsSource; onRetry: () => void }) {
  return (
    <Alert color="red" title={ANALYTICS_TEXTS.loadFailed} data-testid={`failed-${source}`}>
      <Text size="sm" mb="xs">
        The {SOURCE_NAMES[source]} could not be read just now; the rest of the page is up to date.
      </Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
