import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatRand } from '@church/contract/rules/money';
import type { AnalyticsReport } from '../api/analytics';
import { ChartCard, SourceFailed, Stat } from './analytics-cards';
import { monthLabel } from './month-label';

export function OverviewTab({ r, onRetry }: { r: AnalyticsReport; onRetry: () => void }) {
  const o = r.overview;
  const months = r.growth?.months ?? [];
  return (
    <Stack>
      {o ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          <Stat label="Total members" value={o.totalMembers} />
          <Stat label="New members" value={o.newMembers} />
          <Stat
            label="Giving"
            value={formatRand(o.totalGiving)}
            hint={
              <Text size="xs" c="dimmed">
                {o.donors} donors
              </Text>
            }
          />
          <Stat
            label="Prayer requests"
            value={o.totalPrayers}
            hint={
              <Text size="xs" c="dimmed">
                {o.pendingPrayers} pending
              </Text>
            }
          />
          <Stat label="Prayer response rate" value={`${o.prayerResponseRate.toFixed(1)}%`} />
          <Stat
            label="Average attendance"
            value={o.averageAttendance}
            hint={
              <Text size="xs" c="dimmed">
                {o.eventsHeld} events held
              </Text>
            }
          />
        </SimpleGrid>
      ) : (
        <SourceFailed source="overview" onRetry={onRetry} />
      )}
      {r.growth ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ChartCard title="Giving by month" empty={!months.length}>
            <BarChart
              h={260}
              data={months.map((m) => ({ month: monthLabel(m.month), Giving: m.giving }))}
              dataKey="month"
              series={[{ name: 'Giving', color: 'teal.7' }]}
              valueFormatter={(v) => formatRand(v)}
              yAxisProps={{ domain: [0, 'dataMax'], width: 90 }}
            />
          </ChartCard>
          <ChartCard title="Members over 12 months" empty={!months.length}>
            <AreaChart
              h={260}
              data={months.map((m) => ({ month: monthLabel(m.month), Members: m.totalMembers }))}
              dataKey="month"
              series={[{ name: 'Members', color: 'blue.7' }]}
            />
          </ChartCard>
        </SimpleGrid>
      ) : (
        <SourceFailed source="growth" onRetry={onRetry} />
      )}
    </Stack>
  );
}
