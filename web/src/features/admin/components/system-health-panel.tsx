import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SystemSummary } from '@church/contract/admin';

function uptime(s: number) {
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return d ? `${d} d ${h} h` : h ? `${h} h ${m} min` : `${m} min`;
}

function Stat({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

/** System health: version, database, uptime, the job queue by state and mail delivery (one server call, refreshed every 30 s). */
export function SystemHealthPanel({ q }: { q: UseQueryResult<SystemSummary> }) {
  if (q.isPending) return <Skeleton height={240} />;
  if (q.isError) return <Alert color="red">Failed to load the system health</Alert>;
  const s = q.data;
  const waiting = s.jobs.filter((j) => j.state === 'created' || j.state === 'retry').reduce((a, j) => a + j.count, 0);
  const failed = s.jobs.filter((j) => j.state === 'failed').reduce((a, j) => a + j.count, 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Stat label="Database" value={s.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}>
          <Group gap={6} mt={4}>
            <Badge variant="light" color={s.database.ok ? 'green' : 'red'}>
              {s.database.ok ? 'Answering' : 'Not answering'}
            </Badge>
            <Text size="xs" c="dimmed">
              {s.database.latencyMs} ms
            </Text>
          </Group>
        </Stat>
        <Stat label="Version" value={s.version}>
          <Text size="xs" c="dimmed">
            Schema {s.schema} · Node {s.node}
          </Text>
        </Stat>
        <Stat label="Up for" value={uptime(s.uptimeSeconds)} />
        <Stat label="Members" value={s.members.toLocaleString('en-ZA')} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Card withBorder radius="md" padding="sm">
          <Title order={3} size="h5" mb="xs">
            Job queue
          </Title>
          <Text size="sm" mb="xs">
            {waiting} waiting · {failed} failed
          </Text>
          {s.jobs.length === 0 ? (
            <Text size="sm" c="dimmed">
              No jobs recorded.
            </Text>
          ) : (
            <Table.ScrollContainer
              minWidth={280}
              // A phone scrolls the wide table: the scrolling region takes keyboard focus (axe scrollable-region-focusable).
              scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Jobs by queue' } }}
            >
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Queue</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th ta="right">Jobs</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.jobs.map((j) => (
                    <Table.Tr key={`${j.queue}-${j.state}`}>
                      <Table.Td>{j.queue}</Table.Td>
                      <Table.Td>{j.state}</Table.Td>
                      <Table.Td ta="right">{j.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
        <Card withBorder radius="md" padding="sm">
          <Title order={3} size="h5" mb="xs">
            Mail delivery
          </Title>
          <Text size="sm">
            {s.smtpConfigured
              ? 'Sent through the configured mail server (SMTP).'
              : 'No mail server configured: mail is kept in the mail log.'}
          </Text>
          <Group gap="xs" mt="xs">
            <Badge variant="light" color="green">
              {s.mail.sent} sent
            </Badge>
            <Badge variant="light" color="yellow">
              {s.mail.queued} waiting
            </Badge>
            <Badge variant="light" color="red">
              {s.mail.failed} failed
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {s.mail.lastSentAt ? `Last sent ${new Date(s.mail.lastSentAt).toLocaleString('en-ZA')}` : 'Nothing sent yet'}
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
