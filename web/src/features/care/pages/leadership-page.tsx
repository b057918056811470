import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LEADERSHIP_ROLE_OPTIONS, VOLUNTEER_TEXTS } from '@church/contract/volunteers';
import { notify } from '../../../lib/notify';
import { leadershipQuery } from '../api/people-roles';
import { RoleSelect } from '../components/role-select';
import { formatPhone } from '@church/contract/rules/phone';

const COLORS: Record<string, string> = { pastor: 'violet', elder: 'blue', deacon: 'teal' };

/** Spec 001 §2 /leadership: pastors, elders and deacons, each with a role dropdown that changes the role. */
export function LeadershipPage() {
  const q = useQuery(leadershipQuery());
  useEffect(() => {
    if (q.isError) notify.error(VOLUNTEER_TEXTS.leadershipLoadFailed);
  }, [q.isError]);
  return (
    <Stack gap="lg">
      <Title order={1}>Leadership Team</Title>
      <SimpleGrid cols={{ base: 3 }}>
        {(['pastor', 'elder', 'deacon'] as const).map((r) => (
          <Card key={r} withBorder radius="md" padding="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {r}s
            </Text>
            <Text fz={26} fw={700}>
              {q.data?.counts[r] ?? '–'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        {q.isPending ? (
          <Skeleton height={200} />
        ) : q.isError ? (
          <Alert color="red" title={VOLUNTEER_TEXTS.leadershipLoadFailed}>
            <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : q.data.leaders.length === 0 ? (
          <Text c="dimmed">No pastors, elders or deacons yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Change role</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.leaders.map((l) => (
                  <Table.Tr key={l.id} data-testid="leader-row">
                    <Table.Td fw={500}>{l.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{l.email}</Text>
                      {l.phone && (
                        <Text size="xs" c="dimmed">
                          {formatPhone(l.phone)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={COLORS[l.role]} variant="light">
                        {l.role}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group>
                        <RoleSelect
                          person={l}
                          options={LEADERSHIP_ROLE_OPTIONS}
                          success={VOLUNTEER_TEXTS.leadershipUpdated}
                          failure={VOLUNTEER_TEXTS.leadershipFailed}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
