import '@mantine/charts/styles.css';
import { useEffect, useState } from 'react';
import { Alert, Button, Container, Group, Loader, Select, Stack, Tabs, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, ANALYTICS_TEXTS, type AnalyticsPeriod } from '@church/contract/analytics';
import { notify } from '../../../lib/notify';
import { analyticsQuery } from '../api/analytics';
import { EngagementTab } from '../components/engagement-tab';
import { GrowthTab } from '../components/growth-tab';
import { OverviewTab } from '../components/overview-tab';
import { WebsiteTab } from '../components/website-tab';
import { todayInZone, useChurchTimeZone } from '../../../lib/church-time';

const TABS = ['overview', 'growth', 'engagement', 'website'] as const;

/** /analytics (spec 001 §2): overview, growth, engagement and website tabs, computed on the server from the church's own records. */
export function AnalyticsPage() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('monthly');
  const [tab, setTab] = useState<string>('overview');
  const q = useQuery(analyticsQuery(period));
  const zone = useChurchTimeZone();
  const failedCount = q.data?.failed.length ?? 0;
  const retry = () => void q.refetch();
  useEffect(() => {
    if (q.isError || failedCount > 0) notify.error(ANALYTICS_TEXTS.loadFailed);
  }, [q.isError, failedCount]);

  function exportReport() {
    try {
      const r = q.data!;
      const day = todayInZone(zone);
      const blob = new Blob([JSON.stringify({ period, generatedAt: new Date().toISOString(), ...r }, null, 2)], {
        type: 'application/json',
      });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `analytics-report-${period}-${day}.json`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch {
      notify.error(ANALYTICS_TEXTS.exportFailed);
    }
  }

  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Analytics
          </Title>
          <Group>
            <Select
              aria-label="Period"
              data={ANALYTICS_PERIODS.map((p) => ({ value: p, label: ANALYTICS_PERIOD_LABELS[p] }))}
              value={period}
              onChange={(v) => v && setPeriod(v as AnalyticsPeriod)}
              allowDeselect={false}
              w={150}
            />
            <Button leftSection={<IconDownload size={16} />} variant="default" disabled={!q.data} onClick={exportReport}>
              Export Report
            </Button>
          </Group>
        </Group>
        {q.isLoading ? (
          <Loader aria-label="Loading analytics" />
        ) : q.isError ? (
          <Alert color="red" title={ANALYTICS_TEXTS.loadFailed}>
            <Button size="xs" variant="default" onClick={retry}>
              Retry
            </Button>
          </Alert>
        ) : (
          <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
            <Tabs.List>
              {TABS.map((t) => (
                <Tabs.Tab key={t} value={t} tt="capitalize">
                  {t}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <OverviewTab r={q.data!} onRetry={retry} />
            </Tabs.Panel>
            <Tabs.Panel value="growth" pt="md">
              <GrowthTab r={q.data!} onRetry={retry} />
            </Tabs.Panel>
            <Tabs.Panel value="engagement" pt="md">
              <EngagementTab r={q.data!} onRetry={retry} />
            </Tabs.Panel>
            <Tabs.Panel value="website" pt="md">
              <WebsiteTab r={q.data!} onRetry={retry} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}
