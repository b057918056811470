import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconCopy,
  IconEdit,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_SORTS, MEMBER_TEXTS } from '@church/contract/members-manage';
import { MEMBER_PAGE_ROLES } from '@church/contract/roles';
import { MEMBER_STATUSES, type User } from '@church/contract/users';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { membersQuery } from '../api/members';
import { DeleteMemberModal } from '../components/delete-member-modal';
import { RoleBadge, StatusBadge, capitalize } from '../components/member-badges';
import { formatPhone } from '@church/contract/rules/phone';

const PAGE_SIZE = 20;
type Sort = (typeof MEMBER_SORTS)[number];

function SortHeader({
  label,
  field,
  sort,
  order,
  onSort,
}: {
  label: string;
  field: Sort;
  sort: Sort;
  order: 'asc' | 'desc';
  onSort: (f: Sort) => void;
}) {
  const active = sort === field;
  const Icon = !active ? IconArrowsSort : order === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Spec 001 §2 /members: Members Management table with search, filters, sorting, paging and Add Member. */
export function MembersListPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const role = params.get('role') ?? '';
  const status = params.get('status') ?? '';
  const sort = ((MEMBER_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? params.get('sort') : 'name') as Sort;
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [deleting, setDeleting] = useState<User | null>(null);

  const update = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };

  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) update({ q: debounced || null, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const q = useQuery(
    membersQuery({
      q: debounced || undefined,
      role: (role || undefined) as never,
      status: (status || undefined) as never,
      sort,
      order,
      page,
      limit: PAGE_SIZE,
    }),
  );
  useEffect(() => {
    if (q.isError) notify.error(MEMBER_TEXTS.listFailed);
  }, [q.isError]);

  const onSort = (field: Sort) => update({ sort: field, order: sort === field && order === 'asc' ? 'desc' : 'asc', page: null });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Members Management</Title>
        <Group gap="sm">
          <Button component={Link} to={paths.memberImport} variant="default" leftSection={<IconUpload size={16} />}>
            Import CSV
          </Button>
          <Button component={Link} to={paths.memberDuplicates} variant="default" leftSection={<IconCopy size={16} />}>
            Possible duplicates
          </Button>
          <Button component={Link} to={paths.memberAdd} leftSection={<IconPlus size={16} />}>
            Add Member
          </Button>
        </Group>
      </Group>

      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Search members"
            placeholder="Name, email or phone"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 260px' }}
            type="search"
          />
          <Select
            label="Role"
            data={[{ value: '', label: 'All roles' }, ...MEMBER_PAGE_ROLES.map((r) => ({ value: r, label: capitalize(r) }))]}
            value={role}
            onChange={(v) => update({ role: v || null, page: null })}
            allowDeselect={false}
            w={160}
          />
          <Select
            label="Status"
            data={[{ value: '', label: 'All statuses' }, ...MEMBER_STATUSES.map((s) => ({ value: s, label: capitalize(s) }))]}
            value={status}
            onChange={(v) => update({ status: v || null, page: null })}
            allowDeselect={false}
            w={160}
          />
        </Group>
      </Card>

      <Card withBorder radius="md" padding="md">
        {q.isPending ? (
          <Skeleton height={320} />
        ) : q.isError ? (
          <Alert color="red" title={MEMBER_TEXTS.listFailed}>
            <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="members-total">
              {q.data.total === 1 ? '1 member' : `${q.data.total.toLocaleString('en-ZA')} members`}
              {debounced ? ` matching “${debounced}”` : ''}
            </Text>
            {q.data.members.length === 0 ? (
              <Text c="dimmed">No members found.</Text>
            ) : (
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="xs" striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <SortHeader label="Name" field="name" sort={sort} order={order} onSort={onSort} />
                      <Table.Th>Contact</Table.Th>
                      <SortHeader label="Role" field="role" sort={sort} order={order} onSort={onSort} />
                      <SortHeader label="Status" field="status" sort={sort} order={order} onSort={onSort} />
                      <SortHeader label="Joined" field="joinDate" sort={sort} order={order} onSort={onSort} />
                      <Table.Th>
                        <Text span fz="sm" fw={700}>
                          Actions
                        </Text>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {q.data.members.map((m) => (
                      <Table.Tr key={m.id} data-testid="member-row">
                        <Table.Td>
                          <Anchor component={Link} to={paths.member(m.id)} fw={600}>
                            {m.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{m.email}</Text>
                          {m.phone && (
                            <Text size="xs" c="dimmed">
                              {formatPhone(m.phone)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <RoleBadge role={m.role} />
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge status={m.status} />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{m.joinDate}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon component={Link} to={paths.memberEdit(m.id)} variant="subtle" aria-label={`Edit ${m.name}`}>
                              <IconEdit size={18} />
                            </ActionIcon>
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${m.name}`} onClick={() => setDeleting(m)}>
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {pages > 1 && (
              <Group justify="center">
                <PagePicker total={pages} value={page} onChange={(p) => update({ page: p === 1 ? null : String(p) })} />
              </Group>
            )}
          </Stack>
        )}
      </Card>
      <DeleteMemberModal member={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
