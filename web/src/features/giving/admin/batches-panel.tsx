import { Badge, Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRand } from '@church/contract/rules/money';
import { notify } from '../../../lib/notify';
import { useFinanceAction } from '../api/admin';
import { batchesQuery } from '../api/batches';
import { BatchDetail } from './batch-detail';
import { failed, shortDay } from './batch-format';

/** Today in the browser's calendar (the counter is at the church): the batch date's default. */
const todayLocal = () => new Date().toLocaleDateString('en-CA');

/** Offline gifts counted in batches: a running total that must equal the counted total before closing. */
export function BatchesPanel({ manage }: { manage: boolean }) {
  const batches = useQuery(batchesQuery());
  const [selected, setSelected] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [date, setDate] = useState(todayLocal);
  const [counted, setCounted] = useState<number | string>('');
  const open = useFinanceAction(() => '/giving/batches');
  return (
    <Stack>
      {manage && (
        <Card withBorder radius="md">
          <Title order={4} mb="sm">
            Open a batch
          </Title>
          <Group align="end" wrap="wrap">
            <TextInput
              label="Batch label"
              placeholder="Sunday 09:00 plate"
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
            />
            <TextInput label="Batch date" type="date" value={date} max={todayLocal()} onChange={(e) => setDate(e.currentTarget.value)} />
            <NumberInput label="Counted total (R)" min={0} decimalScale={2} value={counted} onChange={setCounted} />
            <Button
              loading={open.isPending}
              onClick={() =>
                open.mutate(
                  { arg: null, body: { label, countedTotal: Number(counted), date } },
                  {
                    onSuccess: (res) => {
                      setSelected((res as { data: { batch: { id: string } } }).data.batch.id);
                      setLabel('');
                      setCounted('');
                      notify.success('Batch opened');
                    },
                    onError: failed,
                  },
                )
              }
            >
              Open batch
            </Button>
          </Group>
        </Card>
      )}
      <Card withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Batches' } }}>
          <Table highlightOnHover data-testid="batches-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Batch</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Counted</Table.Th>
                <Table.Th>Recorded</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Open</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">No batches yet.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {batches.data?.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.label}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDay(b.date)}</Table.Td>
                  <Table.Td>{formatRand(b.countedTotal)}</Table.Td>
                  <Table.Td>{formatRand(b.runningTotal)}</Table.Td>
                  <Table.Td>
                    <Badge color={b.status === 'closed' ? 'gray' : 'blue'} variant="light">
                      {b.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => setSelected(b.id)} aria-label={`View batch ${b.label}`}>
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {selected && <BatchDetail id={selected} manage={manage} />}
    </Stack>
  );
}
