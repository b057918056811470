import { Alert, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CareItem } from '@church/contract/care';
import { careInboxQuery } from '../api/care';

const KIND_LABEL: Record<CareItem['kind'], { label: string; color: string }> = {
  follow_up: { label: 'Follow-up', color: 'blue' },
  prayer: { label: 'Prayer care', color: 'grape' },
  visitor: { label: 'New visitor', color: 'teal' },
};
const fmt = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

function Count({ label, value, color }: { label: string; value: number | undefined; color?: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color}>
        {value ?? '–'}
      </Text>
    </Card>
  );
}

/** One care inbox: visit follow-ups, pending prayers and new visitors, with assignee, due day and status. */
export function CareInbox({ limit }: { limit?: number }) {
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const q = useQuery(careInboxQuery(scope === 'mine'));
  const items = q.data ? (limit ? q.data.items.slice(0, limit) : q.data.items) : [];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Count label="Mine open" value={q.data?.counts.mine} />
        <Count label="Mine overdue" value={q.data?.counts.mineOverdue} color={q.data?.counts.mineOverdue ? 'red' : undefined} />
        <Count label="All open" value={q.data?.counts.open} />
        <Count label="All overdue" value={q.data?.counts.overdue} color={q.data?.counts.overdue ? 'red' : undefined} />
      </SimpleGrid>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Care inbox
        </Title>
        <SegmentedControl
          size="xs"
          value={scope}
          onChange={(v) => setScope(v as 'mine' | 'all')}
          data={[
            { value: 'mine', label: 'Assigned to me' },
            { value: 'all', label: 'Everyone' },
          ]}
        />
      </Group>
      {q.isPending ? (
        <Skeleton height={160} />
      ) : q.isError ? (
        <Alert color="red" title="Failed to load pastoral care data">
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{scope === 'mine' ? 'Nothing is waiting for you.' : 'Nothing is waiting. Well done.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>What</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Assignee</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={`${i.kind}:${i.id}`} data-testid="care-item">
                  <Table.Td>
                    <Badge variant="light" color={KIND_LABEL[i.kind].color} mr={6}>
                      {KIND_LABEL[i.kind].label}
                    </Badge>
                    <Text span size="sm" component={Link} to={i.link} c="blue.8">
                      {i.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>{i.person}</Table.Td>
                  <Table.Td>
                    {i.assignee?.name ?? (
                      <Text span c="dimmed" size="sm">
                        Unassigned
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{fmt(i.dueOn)}</Table.Td>
                  <Table.Td>
                    <Badge color={i.status === 'overdue' ? 'red' : 'gray'} variant={i.status === 'overdue' ? 'filled' : 'light'}>
                      {i.status === 'overdue' ? 'Overdue' : 'Open'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
