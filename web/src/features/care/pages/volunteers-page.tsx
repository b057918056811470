import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMail, IconSearch, IconUser } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { moreLabel, ROLE_SUMMARY_NAMES, VOLUNTEER_ROLE_OPTIONS, VOLUNTEER_TEXTS } from '@church/contract/volunteers';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { volunteersQuery } from '../api/people-roles';
import { RoleSelect } from '../components/role-select';
import { formatPhone } from '@church/contract/rules/phone';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`stat-${label}`}>
        {value ?? '–'}
      </Text>
    </Card>
  );
}

/** Spec 001 §2 /volunteers: three counts, a table with a role selector per person, and a roles summary. */
export function VolunteersPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...volunteersQuery(q, page), placeholderData: keepPreviousData });
  useEffect(() => {
    if (query.isError) notify.error(VOLUNTEER_TEXTS.loadFailed);
  }, [query.isError]);
  const d = query.data;

  return (
    <Stack gap="lg">
      <Title order={1}>Volunteers</Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Stat label="Total Volunteers" value={d?.stats.total} />
        <Stat label="Active" value={d?.stats.active} />
        <Stat label="New This Month" value={d?.stats.newThisMonth} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {(['volunteer', 'deacon', 'elder'] as const).map((role) => {
          const s = d?.roles[role];
          return (
            <Card key={role} withBorder radius="md" padding="md" data-testid={`role-summary-${role}`}>
              <Group justify="space-between">
                <Text fw={700} tt="capitalize">
                  {role}s
                </Text>
                <Badge variant="light">{s?.count ?? 0}</Badge>
              </Group>
              <Text size="sm" mt={4}>
                {s && s.names.length ? s.names.join(', ') : 'No one yet'}
              </Text>
              {s && moreLabel(s.count, ROLE_SUMMARY_NAMES) && (
                <Text size="sm" c="dimmed">
                  {moreLabel(s.count, ROLE_SUMMARY_NAMES)}
                </Text>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Search volunteers by name or e-mail"
          aria-label="Search volunteers"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          mb="md"
        />
        {query.isPending ? (
          <Skeleton height={200} />
        ) : query.isError ? (
          <Alert color="red" title={VOLUNTEER_TEXTS.loadFailed}>
            <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : d!.volunteers.length === 0 ? (
          <Text c="dimmed">{q ? 'No volunteer matches that search.' : 'No volunteers yet. Give someone the volunteer role to start.'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d!.volunteers.map((v) => (
                  <Table.Tr key={v.id} data-testid="volunteer-row">
                    <Table.Td fw={500}>{v.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{v.email}</Text>
                      {v.phone && (
                        <Text size="xs" c="dimmed">
                          {formatPhone(v.phone)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={v.isActive && v.status !== 'inactive' ? 'green' : 'gray'} variant="light">
                        {v.isActive && v.status !== 'inactive' ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <RoleSelect
                        person={v}
                        options={VOLUNTEER_ROLE_OPTIONS}
                        success={VOLUNTEER_TEXTS.roleUpdated}
                        failure={VOLUNTEER_TEXTS.roleFailed}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="View member">
                          <ActionIcon variant="subtle" component={Link} to={paths.member(v.id)} aria-label={`View ${v.name}`}>
                            <IconUser size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {v.email && (
                          <Tooltip label="Send e-mail">
                            <ActionIcon variant="subtle" component="a" href={`mailto:${v.email}`} aria-label={`E-mail ${v.name}`}>
                              <IconMail size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {d && d.total > d.limit && <PagePicker mt="md" total={Math.ceil(d.total / d.limit)} value={page} onChange={setPage} />}
      </Card>
    </Stack>
  );
}
