import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { can } from '@church/contract/roles';
import {
  HOW_HEARD_LABELS,
  VISITOR_STATUSES,
  VISITOR_STATUS_LABELS,
  VISITOR_TEXTS,
  type Visitor,
  type VisitorStatus,
} from '@church/contract/visitors';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useConvertVisitor, useUpdateVisitor, visitorStatsQuery, visitorsListQuery } from '../api';
import { formatPhone } from '@church/contract/rules/phone';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value ?? '–'}
      </Text>
    </Card>
  );
}

function FollowUpModal({
  visitor,
  leaders,
  onClose,
}: {
  visitor: Visitor | null;
  leaders: { id: string; name: string }[];
  onClose: () => void;
}) {
  const update = useUpdateVisitor();
  const [assignedTo, setAssignedTo] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [followUpOn, setFollowUpOn] = useState('');
  useEffect(() => {
    setAssignedTo(visitor?.assignedTo?.id ?? null);
    setNote(visitor?.note ?? '');
    setFollowUpOn(visitor?.followUpOn ?? '');
  }, [visitor]);
  const save = async () => {
    if (!visitor) return;
    try {
      await update.mutateAsync({ id: visitor.id, body: { assignedTo, note, followUpOn: followUpOn || null } });
      notify.success(VISITOR_TEXTS.updated);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403))
        notify.error(err instanceof ApiError && err.status === 400 ? err.message : VISITOR_TEXTS.updateFailed);
    }
  };
  return (
    <Modal opened={!!visitor} onClose={onClose} title={`Follow up ${visitor?.name ?? ''}`} centered>
      <Stack>
        <Select
          label="Assigned to"
          placeholder="Nobody yet"
          data={leaders.map((l) => ({ value: l.id, label: l.name }))}
          value={assignedTo}
          onChange={setAssignedTo}
          clearable
          searchable
        />
        <TextInput label="Follow-up date" type="date" value={followUpOn} onChange={(e) => setFollowUpOn(e.currentTarget.value)} />
        <Textarea label="Note" autosize minRows={3} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={update.isPending} onClick={save}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Visitors (issue 10): people from the Join Us form, followed up new → contacted → connected or not interested, and converted to members. */
export function VisitorsPage() {
  const { user } = useSession();
  const [status, setStatus] = useState<VisitorStatus | ''>('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Visitor | null>(null);
  const list = useQuery(visitorsListQuery({ status: status || undefined, q: q || undefined, page }));
  const stats = useQuery(visitorStatsQuery());
  const update = useUpdateVisitor();
  const convert = useConvertVisitor();
  const mayConvert = can(user, 'members:manage');
  useEffect(() => {
    if (list.isError) notify.error(VISITOR_TEXTS.loadFailed);
  }, [list.isError]);

  const setVisitorStatus = async (v: Visitor, s: string | null) => {
    if (!s || s === v.status) return;
    try {
      await update.mutateAsync({ id: v.id, body: { status: s as VisitorStatus } });
      notify.success(VISITOR_TEXTS.updated);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403)) notify.error(VISITOR_TEXTS.updateFailed);
    }
  };
  const toMember = async (v: Visitor) => {
    try {
      await convert.mutateAsync(v.id);
      notify.success(VISITOR_TEXTS.converted(v.name));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403)) notify.error(VISITOR_TEXTS.convertFailed);
    }
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;

  return (
    <Stack gap="lg">
      <Title order={1}>Visitors</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Total visitors" value={stats.data?.totalVisitors} />
        <Stat label="New this month" value={stats.data?.newThisMonth} />
        <Stat label="Waiting (new)" value={list.data ? (list.data.counts.new ?? 0) : undefined} />
        <Stat label="Connected" value={list.data ? (list.data.counts.returning ?? 0) : undefined} />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Search visitors"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Select
            label="Status"
            data={[{ value: '', label: 'All statuses' }, ...VISITOR_STATUSES.map((s) => ({ value: s, label: VISITOR_STATUS_LABELS[s] }))]}
            value={status}
            onChange={(v) => {
              setStatus((v ?? '') as VisitorStatus | '');
              setPage(1);
            }}
            allowDeselect={false}
            w={180}
          />
        </Group>
      </Card>
      <Card withBorder radius="md" padding="md">
        {list.isPending ? (
          <Skeleton height={280} />
        ) : list.isError ? (
          <Alert color="red" title={VISITOR_TEXTS.loadFailed}>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : list.data.visitors.length === 0 ? (
          <Text c="dimmed">No visitors here yet.</Text>
        ) : (
          <Stack>
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>First visit</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Assigned to</Table.Th>
                    <Table.Th>Follow-up</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.visitors.map((v) => (
                    <Table.Tr key={v.id} data-testid="visitor-row">
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {v.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {v.email}
                          {v.phone ? ` · ${formatPhone(v.phone)}` : ''}
                        </Text>
                        {v.note && (
                          <Text size="xs" lineClamp={2}>
                            {v.note}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{v.firstVisitDate}</Text>
                        {v.howHeard && (
                          <Text size="xs" c="dimmed">
                            {HOW_HEARD_LABELS[v.howHeard]}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Select
                          size="xs"
                          w={150}
                          aria-label={`Status of ${v.name}`}
                          data={VISITOR_STATUSES.map((s) => ({ value: s, label: VISITOR_STATUS_LABELS[s] }))}
                          value={v.status}
                          onChange={(s) => setVisitorStatus(v, s)}
                          allowDeselect={false}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{v.assignedTo?.name ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{v.followUpOn ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="xs" variant="default" onClick={() => setEditing(v)} aria-label={`Follow up ${v.name}`}>
                            Follow up
                          </Button>
                          {v.memberId ? (
                            <Anchor component={Link} to={paths.member(v.memberId)} size="sm">
                              View member
                            </Anchor>
                          ) : (
                            mayConvert && (
                              <Button
                                size="xs"
                                variant="light"
                                loading={convert.isPending && convert.variables === v.id}
                                onClick={() => toMember(v)}
                                aria-label={`Convert to member: ${v.name}`}
                              >
                                Convert to member
                              </Button>
                            )
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Group justify="center">
                <PagePicker total={pages} value={page} onChange={setPage} />
              </Group>
            )}
          </Stack>
        )}
      </Card>
      <FollowUpModal visitor={editing} leaders={list.data?.leaders ?? []} onClose={() => setEditing(null)} />
    </Stack>
  );
}
