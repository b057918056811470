import { LineChart } from '@mantine/charts';
import { Badge, Card, SimpleGrid, Stack, Table } from '@mantine/core';
import { formatRand } from '@church/contract/rules/money';
import type { Growth } from '@church/contract/analytics';
import type { AnalyticsReport } from '../api/analytics';
import { ChartCard, SourceFailed, Stat } from './analytics-cards';
import { monthLabel } from './month-label';

const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}%`;

export function GrowthTab({ r, onRetry }: { r: AnalyticsReport; onRetry: () => void }) {
  const g = r.growth;
  if (!g) return <SourceFailed source="growth" onRetry={onRetry} />;
  const cards: Array<[string, number]> = [
    ['Member growth', g.memberGrowth],
    ['Visitor growth', g.visitorGrowth],
    ['Giving growth', g.givingGrowth],
    ['Engagement growth', g.engagementGrowth],
  ];
  const rows: Array<[string, (p: Growth['currentPeriod']) => string | number]> = [
    ['New members', (p) => p.members],
    ['Visitors', (p) => p.visitors],
    ['Giving', (p) => formatRand(p.giving)],
    ['Prayer requests', (p) => p.prayers],
    ['Engaged members', (p) => p.engaged],
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {cards.map(([label, v]) => (
          <Stat
            key={label}
            label={label}
            value={signed(v)}
            hint={
              <Badge color={v >= 0 ? 'green' : 'red'} variant="light">
                {v >= 0 ? 'up' : 'down'} on the previous period
              </Badge>
            }
          />
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="sm">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Figure</Table.Th>
              <Table.Th>This period</Table.Th>
              <Table.Th>Previous period</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, f]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>{f(g.currentPeriod)}</Table.Td>
                <Table.Td>{f(g.previousPeriod)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <ChartCard title="New members and visitors by month" empty={!g.months.length}>
        <LineChart
          h={280}
          data={g.months.map((m) => ({
            month: monthLabel(m.month),
            'New members': m.newMembers,
            Visitors: m.visitors,
            'Check-ins': m.attendance,
          }))}
          dataKey="month"
          series={[
            { name: 'New members', color: 'blue.7' },
            { name: 'Visitors', color: 'orange.8' },
            { name: 'Check-ins', color: 'grape.7' },
          ]}
          withLegend
        />
      </ChartCard>
    </Stack>
  );
}
