import { Badge, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CARE_TEXTS, type CareItem } from '@church/contract/care';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAssignCareItem } from '../api/care';

export const KIND_LABEL: Record<CareItem['kind'], { label: string; color: string }> = {
  follow_up: { label: 'Follow-up', color: 'blue' },
  prayer: { label: 'Prayer care', color: 'grape' },
  visitor: { label: 'Visitor', color: 'teal' },
  group_absence: { label: 'Group', color: 'orange' },
};
const UNASSIGNED = '';
const fmt = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

type Leader = { id: string; name: string };

/** Who cares for this item: a pastor or administrator, or nobody yet. Saved on change. */
function AssigneeSelect({ item, assignees }: { item: CareItem; assignees: Leader[] }) {
  const assign = useAssignCareItem();
  const data = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...assignees.map((a) => ({ value: a.id, label: a.name })),
    // Someone assigned on the Visitors page may be a leader outside this list (an elder): keep their name.
    ...(item.assignee && !assignees.some((a) => a.id === item.assignee!.id)
      ? [{ value: item.assignee.id, label: item.assignee.name }]
      : []),
  ];
  const change = async (value: string | null) => {
    const assigneeId = value || null;
    if (assigneeId === (item.assignee?.id ?? null)) return;
    try {
      const res = await assign.mutateAsync({ kind: item.kind, id: item.id, assigneeId });
      notify.success(res.message);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : CARE_TEXTS.assignFailed);
    }
  };
  return (
    <Select
      size="xs"
      w={180}
      data={data}
      value={item.assignee?.id ?? UNASSIGNED}
      onChange={change}
      allowDeselect={false}
      disabled={assign.isPending}
      aria-label={`Assignee of ${item.title} for ${item.person}`}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function StatusBadge({ item }: { item: CareItem }) {
  const overdue = item.status === 'overdue';
  return (
    <Badge color={overdue ? 'red' : 'gray'} variant={overdue ? 'filled' : 'light'}>
      {overdue ? 'Overdue' : 'Open'}
    </Badge>
  );
}

function What({ item }: { item: CareItem }) {
  return (
    <>
      <Badge variant="light" color={KIND_LABEL[item.kind].color} mr={6}>
        {KIND_LABEL[item.kind].label}
      </Badge>
      <Text span size="sm" component={Link} to={item.link} c="blue.8">
        {item.title}
      </Text>
    </>
  );
}

/** One inbox line as a table row (desktop). */
export function CareInboxRow({ item, assignees }: { item: CareItem; assignees: Leader[] }) {
  return (
    <Table.Tr data-testid="care-item">
      <Table.Td>
        <What item={item} />
      </Table.Td>
      <Table.Td>{item.person}</Table.Td>
      <Table.Td>
        <AssigneeSelect item={item} assignees={assignees} />
      </Table.Td>
      <Table.Td>{fmt(item.dueOn)}</Table.Td>
      <Table.Td>
        <StatusBadge item={item} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One inbox line as a card (phone). */
export function CareInboxCard({ item, assignees }: { item: CareItem; assignees: Leader[] }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="care-item">
      <Stack gap={6}>
        <div>
          <What item={item} />
        </div>
        <Group justify="space-between" gap="xs">
          <Text size="sm">For {item.person}</Text>
          <Group gap={6}>
            <Text size="xs" c="gray.7">
              Due {fmt(item.dueOn)}
            </Text>
            <StatusBadge item={item} />
          </Group>
        </Group>
        <AssigneeSelect item={item} assignees={assignees} />
      </Stack>
    </Card>
  );
}
