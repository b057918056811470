import { useState } from 'react';
import { Alert, Box, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_RANGES } from '@church/contract/developer-analytics';
import { DeveloperShell } from '../components/developer-shell';
import { developerAnalyticsQuery } from '../api/developer-api';

type Range = (typeof ANALYTICS_RANGES)[number];

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** Spec 002 §2.9 analytics, from the usage every keyed request records. */
export function DeveloperAnalyticsPage() {
  const [range, setRange] = useState<Range>('7d');
  const q = useQuery(developerAnalyticsQuery(range));
  const d = q.data;
  const max = Math.max(1, ...(d?.perDay.map((p) => p.requests) ?? [1]));

  return (
    <DeveloperShell
      title="API Analytics"
      subtitle="Requests, errors and latency across all your keys"
      actions={<SegmentedControl value={range} onChange={(v) => setRange(v as Range)} data={[...ANALYTICS_RANGES]} aria-label="Range" />}
    >
      {q.isPending && <Loader aria-label="Loading analytics" />}
      {q.isError && (
        <Alert color="red" title="Could not load analytics">
          <Group justify="space-between">
            <Text size="sm">{q.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => q.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {d && (
        <Stack>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Stat label="Requests" value={d.totals.requests.toLocaleString('en-US')} />
            <Stat label="Error rate" value={`${(d.totals.errorRate * 100).toFixed(1)}%`} />
            <Stat label="p95 latency" value={d.totals.p95LatencyMs === null ? '—' : `≤ ${d.totals.p95LatencyMs} ms`} />
            <Stat label="Average latency" value={d.totals.avgLatencyMs === null ? '—' : `${d.totals.avgLatencyMs} ms`} />
          </SimpleGrid>
          <Card withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="md">
              Requests per day
            </Title>
            <Group gap={2} align="flex-end" h={160} wrap="nowrap" role="img" aria-label={`Requests per day over ${range}`}>
              {d.perDay.map((p) => (
                <Tooltip key={p.day} label={`${p.day}: ${p.requests} requests, ${p.errors} errors`}>
                  <Box
                    style={{
                      flex: 1,
                      height: `${Math.max(2, (p.requests / max) * 100)}%`,
                      background: p.requests ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)',
                      borderRadius: 2,
                    }}
                  />
                </Tooltip>
              ))}
            </Group>
            <Group justify="space-between" mt={4}>
              <Text size="xs" c="gray.7">
                {d.perDay[0]?.day}
              </Text>
              <Text size="xs" c="gray.7">
                {d.perDay.at(-1)?.day}
              </Text>
            </Group>
          </Card>
          <Card withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="md">
              Per endpoint
            </Title>
            {d.perEndpoint.length === 0 ? (
              <Text c="gray.7">No requests in this range yet.</Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Endpoint</Table.Th>
                      <Table.Th>Requests</Table.Th>
                      <Table.Th>Errors</Table.Th>
                      <Table.Th>p95</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.perEndpoint.map((e) => (
                      <Table.Tr key={`${e.method} ${e.endpoint}`}>
                        <Table.Td ff="monospace">
                          {e.method} {e.endpoint}
                        </Table.Td>
                        <Table.Td>{e.requests.toLocaleString('en-US')}</Table.Td>
                        <Table.Td>{e.errors.toLocaleString('en-US')}</Table.Td>
                        <Table.Td>{e.p95LatencyMs === null ? '—' : `≤ ${e.p95LatencyMs} ms`}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </Stack>
      )}
    </DeveloperShell>
  );
}
