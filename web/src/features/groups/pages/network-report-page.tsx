import { Alert, Anchor, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { networkReportQuery } from '../api/networks';

const WEEK_CHOICES = ['4', '12', '26', '52'];
const rate = (r: number | null) => (r === null ? '—' : `${r.toFixed(1)}%`);

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

/** A zone's report: every group below it with its figures over the chosen weeks (no member named). */
export function NetworkReportPage() {
  const { id = '' } = useParams();
  const [weeks, setWeeks] = useState('12');
  const query = useQuery(networkReportQuery(id, Number(weeks)));
  if (query.isPending) return <Skeleton height={300} radius="lg" />;
  if (query.isError)
    return (
      <Alert
        color="red"
        title={query.error instanceof ApiError && query.error.status < 500 ? query.error.message : 'Failed to load the report'}
      >
        <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  const r = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${paths.groups}?tab=zones`} size="sm">
        ← Zones
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {r.network.name}
        </Title>
        <SegmentedControl
          aria-label="Weeks covered"
          value={weeks}
          onChange={setWeeks}
          data={WEEK_CHOICES.map((w) => ({ value: w, label: `${w} weeks` }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure label="Groups" value={r.totals.groups} />
        <Figure label="Members" value={r.totals.members} />
        <Figure label="Joined" value={r.totals.joined} />
        <Figure label="Left" value={r.totals.left} />
        <Figure label="Meetings held" value={r.totals.meetingsHeld} />
        <Figure label="Attendance" value={rate(r.totals.attendanceRate)} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding={0}>
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group</Table.Th>
                <Table.Th>Zone</Table.Th>
                <Table.Th>Leaders</Table.Th>
                <Table.Th ta="right">Members</Table.Th>
                <Table.Th ta="right">Joined</Table.Th>
                <Table.Th ta="right">Left</Table.Th>
                <Table.Th ta="right">Meetings</Table.Th>
                <Table.Th ta="right">Average present</Table.Th>
                <Table.Th ta="right">Attendance</Table.Th>
                <Table.Th ta="right">Visitors</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.groups.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={10}>
                    <Text ta="center" c="dimmed">
                      No groups in this zone yet
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                r.groups.map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.group(g.id)}>
                        {g.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{g.network}</Table.Td>
                    <Table.Td>{g.leaders.join(', ')}</Table.Td>
                    <Table.Td ta="right">{g.members}</Table.Td>
                    <Table.Td ta="right">{g.joined}</Table.Td>
                    <Table.Td ta="right">{g.left}</Table.Td>
                    <Table.Td ta="right">
                      {g.meetingsHeld}
                      {g.meetingsCancelled ? ` (+${g.meetingsCancelled} cancelled)` : ''}
                    </Table.Td>
                    <Table.Td ta="right">{g.averageAttendance.toFixed(1)}</Table.Td>
                    <Table.Td ta="right">{rate(g.attendanceRate)}</Table.Td>
                    <Table.Td ta="right">{g.visitors}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
