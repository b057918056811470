import { Alert, Badge, Box, Button, Chip, Group, Popover, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { SERVICE_TEXTS, type Assignment } from '@church/contract/services';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { matrixQuery, teamsQuery, useSchedule } from '../api';
import { ServicesTabs } from '../components/services-tabs';
import { formatDay, STATUS_COLORS, STATUS_LABELS } from '../format';

const DRAG_TYPE = 'application/x-church-person';

/** The leaders' roster matrix: services by week down, positions across; gaps in red, filled by a click or by dragging a person onto them. */
export function MatrixPage() {
  const [weeks, setWeeks] = useState('8');
  const q = useQuery(matrixQuery(undefined, Number(weeks)));
  const teams = useQuery(teamsQuery());
  const schedule = useSchedule();
  const [picking, setPicking] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState<string | null>(null);

  const ask = async (serviceId: string, positionId: string, userId: string) => {
    try {
      const r = await schedule.mutateAsync({ serviceId, positionId, userId });
      notify.success(r.message);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not ask them');
    }
  };
  const members = (positionId: string) => teams.data?.flatMap((t) => t.positions).find((p) => p.id === positionId)?.members ?? [];
  const people = [...new Map((teams.data ?? []).flatMap((t) => t.positions.flatMap((p) => p.members)).map((m) => [m.id, m])).values()].sort(
    (a, b) => a.name.localeCompare(b.name),
  );

  const cell = (serviceId: string, positionId: string, needed: number, list: Assignment[]) => {
    const key = `${serviceId}:${positionId}`;
    const holding = list.filter((a) => a.status === 'pending' || a.status === 'accepted');
    const gap = holding.length < needed;
    const onDrop = (e: DragEvent) => {
      e.preventDefault();
      setDragOver(null);
      const userId = e.dataTransfer.getData(DRAG_TYPE);
      if (userId) void ask(serviceId, positionId, userId);
    };
    return (
      <Table.Td
        key={key}
        data-testid={`cell-${key}`}
        onDragOver={(e) => (e.preventDefault(), setDragOver(key))}
        onDragLeave={() => setDragOver(null)}
        onDrop={onDrop}
        bg={dragOver === key ? 'blue.1' : gap ? 'red.0' : undefined}
        style={{ verticalAlign: 'top', minWidth: 140 }}
      >
        <Stack gap={2}>
          {list.map((a) => (
            <Badge
              key={a.id}
              size="sm"
              color={STATUS_COLORS[a.status]}
              variant="light"
              title={STATUS_LABELS[a.status]}
              style={{ textTransform: 'none' }}
            >
              {a.person.name}
              {a.status !== 'accepted' && ` · ${STATUS_LABELS[a.status]}`}
            </Badge>
          ))}
          {gap && (
            <Popover opened={picking === key} onChange={(o) => !o && setPicking(null)} withinPortal trapFocus>
              <Popover.Target>
                <Button size="compact-xs" variant="outline" color="red" onClick={() => setPicking(key)}>
                  {SERVICE_TEXTS.gap} — fill
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <Select
                  aria-label="Choose who to ask"
                  placeholder="Choose who to ask"
                  searchable
                  data={members(positionId)
                    .filter((m) => !holding.some((a) => a.person.id === m.id))
                    .map((m) => ({ value: m.id, label: m.name }))}
                  onChange={(v) => {
                    setPicking(null);
                    if (v) void ask(serviceId, positionId, v);
                  }}
                />
              </Popover.Dropdown>
            </Popover>
          )}
        </Stack>
      </Table.Td>
    );
  };

  return (
    <Stack gap="md">
      <ServicesTabs
        title="Roster"
        actions={
          <Select
            aria-label="Weeks shown"
            w={140}
            data={['4', '8', '12', '26'].map((w) => ({ value: w, label: `${w} weeks` }))}
            value={weeks}
            onChange={(v) => v && setWeeks(v)}
            allowDeselect={false}
          />
        }
      />
      {people.length > 0 && (
        <Box>
          <Text size="sm" c="dimmed" mb={4}>
            Drag a person onto a gap to ask them:
          </Text>
          <Group gap={6}>
            {people.map((p) => (
              <Chip key={p.id} checked={false} size="xs" draggable onDragStart={(e: DragEvent) => e.dataTransfer.setData(DRAG_TYPE, p.id)}>
                {p.name}
              </Chip>
            ))}
          </Group>
        </Box>
      )}
      {q.isLoading && <Skeleton h={200} />}
      {q.isError && (
        <Alert color="red" title={SERVICE_TEXTS.loadFailed}>
          <Button size="xs" variant="light" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {q.data && q.data.services.length === 0 && <Text c="dimmed">{SERVICE_TEXTS.noServices}</Text>}
      {q.data && q.data.services.length > 0 && (
        <Table.ScrollContainer minWidth={300 + q.data.positions.length * 140}>
          <Table withColumnBorders withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                {q.data.positions.map((p) => (
                  <Table.Th key={p.id}>
                    {p.name}
                    <Text size="xs" c="dimmed">
                      {p.teamName}
                    </Text>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.services.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Th scope="row">
                    <Link to={paths.service(s.id)}>{formatDay(s.date)}</Link>
                    <Text size="xs" c="dimmed">
                      {s.time} {s.title}
                    </Text>
                  </Table.Th>
                  {q.data.positions.map((p) =>
                    cell(
                      s.id,
                      p.id,
                      p.needed,
                      q.data.assignments.filter((a) => a.serviceId === s.id && a.positionId === p.id),
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
