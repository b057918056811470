import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { AnalyticsReport } from '../api/analytics';
import { ChartCard, SourceFailed, Stat } from './analytics-cards';
import { monthLabel } from './month-label';

export function WebsiteTab({ r, onRetry }: { r: AnalyticsReport; onRetry: () => void }) {
  const w = r.website;
  if (!w) return <SourceFailed source="website" onRetry={onRetry} />;
  const sources = Object.entries(w.trafficSources);
  const palette = ['blue.7', 'teal.7', 'orange.8', 'grape.7', 'red.7', 'cyan.8', 'lime.8', 'gray.7'];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 3 }}>
        <Stat label="Visitors" value={w.totalVisitors} />
        <Stat label="Page views" value={w.pageViews} />
        <Stat label="Bounce rate" value={`${w.bounceRate.toFixed(1)}%`} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title="Popular pages" empty={!w.popularPages.length}>
          <BarChart
            h={260}
            data={w.popularPages}
            dataKey="page"
            series={[{ name: 'views', label: 'Views', color: 'blue.7' }]}
            orientation="vertical"
            yAxisProps={{ width: 120 }}
          />
        </ChartCard>
        <ChartCard title="Traffic sources" empty={!sources.length}>
          <DonutChart
            h={260}
            withLabels
            withLabelsLine
            data={sources.map(([name, value], i) => ({ name, value, color: palette[i % palette.length]! }))}
          />
        </ChartCard>
      </SimpleGrid>
      <ChartCard title="Visits by month" empty={!w.monthlyTrend.length}>
        <LineChart
          h={260}
          data={w.monthlyTrend.map((m) => ({ month: monthLabel(m.month), 'Page views': m.views, Visitors: m.visitors }))}
          dataKey="month"
          series={[
            { name: 'Page views', color: 'blue.7' },
            { name: 'Visitors', color: 'teal.7' },
          ]}
          withLegend
        />
      </ChartCard>
      <Text size="xs" c="dimmed">
        Counted by the church's own server without cookies or third parties; no IP addresses are stored, and visitors are told apart only
        within a day.
      </Text>
    </Stack>
  );
}
