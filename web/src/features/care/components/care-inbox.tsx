import { Alert, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CARE_ITEM_KINDS, CARE_SCOPES, CARE_SCOPE_LABELS, CARE_TEXTS, type CareItemKind, type CareScope } from '@church/contract/care';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { CARE_INBOX_PAGE, careInboxQuery } from '../api/care';
import { CareInboxCard, CareInboxRow, KIND_LABEL } from './care-inbox-item';

function Count({ label, value, color }: { label: string; value: number | undefined; color?: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color}>
        {value ?? '–'}
      </Text>
    </Card>
  );
}

const EMPTY: Record<CareScope, string> = {
  mine_unassigned: 'Nothing is waiting for you or for anyone to take.',
  mine: 'Nothing is assigned to you.',
  unassigned: 'Everything has someone caring for it.',
  all: 'Nothing is waiting. Well done.',
};

/**
 * One care inbox: visit follow-ups, pending prayers and visitors being followed
 * up, with assignee, due day and status. It opens on the leader's own work and
 * the work nobody has taken, so nothing unassigned is hidden.
 */
export function CareInbox() {
  const isMobile = useIsMobile();
  const [scope, setScope] = useState<CareScope>('mine_unassigned');
  const [kind, setKind] = useState<CareItemKind | null>(null);
  const [page, setPage] = useState(1);
  const q = useQuery(careInboxQuery({ scope, kind, page }));
  const c = q.data?.counts;
  const items = q.data?.items ?? [];
  const assignees = q.data?.assignees ?? [];
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / CARE_INBOX_PAGE)) : 1;
  const red = (n: number | undefined) => (n ? 'red' : undefined);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Count label="Mine open" value={c?.mine} />
        <Count label="Mine overdue" value={c?.mineOverdue} color={red(c?.mineOverdue)} />
        <Count label="Unassigned" value={c?.unassigned} color={red(c?.unassignedOverdue)} />
        <Count label="All open" value={c?.open} />
        <Count label="All overdue" value={c?.overdue} color={red(c?.overdue)} />
      </SimpleGrid>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2} size="h4">
          Care inbox
        </Title>
        <Group gap="xs" align="flex-end">
          {isMobile ? (
            <Select
              size="xs"
              label="Show"
              data={CARE_SCOPES.map((s) => ({ value: s, label: CARE_SCOPE_LABELS[s] }))}
              value={scope}
              allowDeselect={false}
              onChange={(v) => {
                setScope((v ?? 'mine_unassigned') as CareScope);
                setPage(1);
              }}
            />
          ) : (
            <SegmentedControl
              size="xs"
              aria-label="Show"
              value={scope}
              onChange={(v) => {
                setScope(v as CareScope);
                setPage(1);
              }}
              data={CARE_SCOPES.map((s) => ({ value: s, label: CARE_SCOPE_LABELS[s] }))}
            />
          )}
          <Select
            size="xs"
            w={150}
            label={isMobile ? 'Kind' : undefined}
            aria-label="Kind"
            placeholder="Every kind"
            clearable
            data={CARE_ITEM_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k].label }))}
            value={kind}
            onChange={(v) => {
              setKind(v as CareItemKind | null);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      {q.isPending ? (
        <Skeleton height={160} />
      ) : q.isError ? (
        <Alert color="red" title={CARE_TEXTS.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{EMPTY[scope]}</Text>
      ) : isMobile ? (
        <Stack gap="xs">
          {items.map((i) => (
            <CareInboxCard key={`${i.kind}:${i.id}`} item={i} assignees={assignees} />
          ))}
        </Stack>
      ) : (
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
              <CareInboxRow key={`${i.kind}:${i.id}`} item={i} assignees={assignees} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            {q.data?.total} items
          </Text>
          <PagePicker size="sm" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
