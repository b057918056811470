import { BarChart } from '@mantine/charts';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { ENGAGEMENT_GREEN_ABOVE } from '@church/contract/analytics';
import type { AnalyticsReport } from '../api/analytics';
import { ChartCard, SourceFailed, Stat } from './analytics-cards';

export function EngagementTab({ r, onRetry }: { r: AnalyticsReport; onRetry: () => void }) {
  const e = r.engagement;
  if (!e) return <SourceFailed source="engagement" onRetry={onRetry} />;
  const rates: Array<[string, number]> = [
    ['Overall', e.overallEngagement],
    ['Members active', e.memberEngagementRate],
    ['Prayer', e.prayerParticipation],
    ['Giving', e.givingParticipation],
    ['Events', e.eventParticipation],
    ['Chat', e.chatParticipation ?? 0],
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
        {rates.map(([label, v]) => (
          <Stat
            key={label}
            label={`${label} engagement`}
            value={`${v}%`}
            hint={
              <Badge color={v > ENGAGEMENT_GREEN_ABOVE ? 'green' : 'yellow'} variant="light">
                {v > ENGAGEMENT_GREEN_ABOVE ? 'Above 50%' : 'At or below 50%'}
              </Badge>
            }
          />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {e.activeMembers} of {e.totalMembers} members prayed, gave, registered for an event or wrote in chat in the last {e.periodDays}{' '}
        days.
      </Text>
      <ChartCard title="Engagement rates (last 30 days)">
        <BarChart
          h={260}
          data={rates.map(([label, v]) => ({ label, Rate: v, color: v > ENGAGEMENT_GREEN_ABOVE ? 'green.7' : 'yellow.7' }))}
          dataKey="label"
          series={[{ name: 'Rate', color: 'green.7' }]}
          getBarColor={(v) => (v > ENGAGEMENT_GREEN_ABOVE ? 'green.7' : 'yellow.7')}
          yAxisProps={{ domain: [0, 100] }}
          valueFormatter={(v) => `${v}%`}
        />
      </ChartCard>
    </Stack>
  );
}
