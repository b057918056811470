import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_METHOD_LABELS, RECORDED_METHODS } from '@church/contract/giving';
import { formatRand } from '@church/contract/rules/money';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { batchesQuery, batchQuery, fundsQuery, useFinanceAction } from '../api/admin';

const fail = (err: unknown) => notify.error(err instanceof ApiError ? err.message : 'Could not save');

/** Offline gifts counted in batches: a running total that must equal the counted total before closing. */
export function BatchesPanel({ manage }: { manage: boolean }) {
  const batches = useQuery(batchesQuery());
  const [selected, setSelected] = useState<string | null>(null);
  const [label, setLabel] = useState('');
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
              placeholder="Sunday 23 Nov, 09:00 cash"
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
            />
            <NumberInput label="Counted total (R)" min={0} decimalScale={2} value={counted} onChange={setCounted} />
            <Button
              loading={open.isPending}
              onClick={() =>
                open.mutate(
                  { arg: null, body: { label, countedTotal: Number(counted) } },
                  {
                    onSuccess: (res) => {
                      setSelected((res as { data: { batch: { id: string } } }).data.batch.id);
                      setLabel('');
                      setCounted('');
                      notify.success('Batch opened');
                    },
                    onError: fail,
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
                  <Table.Td colSpan={5}>
                    <Text c="dimmed">No batches yet.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {batches.data?.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.label}</Table.Td>
                  <Table.Td>{formatRand(b.countedTotal)}</Table.Td>
                  <Table.Td>{formatRand(b.runningTotal)}</Table.Td>
                  <Table.Td>
                    <Badge color={b.status === 'closed' ? 'gray' : 'blue'} variant="light">
                      {b.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => setSelected(b.id)}>
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

function BatchDetail({ id, manage }: { id: string; manage: boolean }) {
  const q = useQuery(batchQuery(id));
  const funds = useQuery(fundsQuery());
  const [gift, setGift] = useState({ donorName: '', amount: '' as number | string, fund: 'General', method: 'cash', externalRef: '' });
  const record = useFinanceAction(() => `/giving/batches/${id}/donations`);
  const close = useFinanceAction(() => `/giving/batches/${id}/close`);
  if (!q.data) return null;
  const { batch, donations, deposit } = q.data;
  const diff = Math.round((batch.countedTotal - batch.runningTotal) * 100) / 100;
  return (
    <Card withBorder radius="md" data-testid="batch-detail">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{batch.label}</Title>
        <Text data-testid="batch-running-total" fw={700}>
          Recorded {formatRand(batch.runningTotal)} of {formatRand(batch.countedTotal)}
        </Text>
      </Group>
      {manage && batch.status === 'open' && (
        <Group align="end" wrap="wrap" mb="md">
          <TextInput label="Donor" value={gift.donorName} onChange={(e) => setGift({ ...gift, donorName: e.currentTarget.value })} />
          <NumberInput
            label="Amount (R)"
            min={0.01}
            decimalScale={2}
            value={gift.amount}
            onChange={(v) => setGift({ ...gift, amount: v })}
            w={130}
          />
          <Select
            label="Gift fund"
            data={(funds.data ?? []).filter((f) => f.active).map((f) => f.name)}
            value={gift.fund}
            onChange={(v) => setGift({ ...gift, fund: v ?? 'General' })}
            w={160}
            allowDeselect={false}
          />
          <Select
            label="Method"
            data={RECORDED_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            value={gift.method}
            onChange={(v) => setGift({ ...gift, method: v ?? 'cash' })}
            w={140}
            allowDeselect={false}
          />
          <TextInput
            label="Reference"
            value={gift.externalRef}
            onChange={(e) => setGift({ ...gift, externalRef: e.currentTarget.value })}
            w={140}
          />
          <Button
            loading={record.isPending}
            onClick={() =>
              record.mutate(
                { arg: null, body: { ...gift, amount: Number(gift.amount), externalRef: gift.externalRef || null } },
                { onSuccess: () => setGift({ ...gift, donorName: '', amount: '', externalRef: '' }), onError: fail },
              )
            }
          >
            Record gift
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap={4}>
          {donations.map((d) => (
            <Group key={d.id} justify="space-between">
              <Text size="sm">
                {d.donorName} · {d.fund} · {PAYMENT_METHOD_LABELS[d.paymentMethod]}
              </Text>
              <Text size="sm" fw={600} td={d.status === 'completed' ? undefined : 'line-through'}>
                {formatRand(d.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
        <div data-testid="deposit-report">
          <Text fw={700} mb={4}>
            Deposit by fund
          </Text>
          {deposit.map((l) => (
            <Group key={`${l.fund}-${l.method}`} justify="space-between">
              <Text size="sm">
                {l.fund} ({PAYMENT_METHOD_LABELS[l.method as 'cash'] ?? l.method}, {l.count})
              </Text>
              <Text size="sm">{formatRand(l.total)}</Text>
            </Group>
          ))}
        </div>
      </SimpleGrid>
      {manage && batch.status === 'open' && (
        <Group mt="md">
          <Button
            color="green"
            loading={close.isPending}
            onClick={() => close.mutate({ arg: null }, { onSuccess: () => notify.success('Batch closed'), onError: fail })}
          >
            Close batch
          </Button>
          {diff !== 0 && (
            <Text size="sm" c="red.8">
              {diff > 0 ? `${formatRand(diff)} still to record` : `${formatRand(-diff)} more recorded than counted`}
            </Text>
          )}
        </Group>
      )}
    </Card>
  );
}
