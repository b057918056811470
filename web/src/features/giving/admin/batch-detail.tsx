import {
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_METHOD_LABELS, RECORDED_METHODS } from '@church/contract/giving';
import { BATCH_TEXTS, RECORDED_METHOD_LABELS, type Donor } from '@church/contract/giving-batches';
import { formatRand } from '@church/contract/rules/money';
import { notify } from '../../../lib/notify';
import { fundsQuery, useFinanceAction } from '../api/admin';
import { batchQuery } from '../api/batches';
import { failed, shortDay } from './batch-format';
import { ChangeHistory } from './change-history';
import { DonorPicker } from './donor-picker';

type Giver = 'member' | 'guest' | 'loose';
const blankGift = { amount: '' as number | string, externalRef: '' };

/** One batch: record gifts (member, named guest, loose), recount, close, reopen; its deposit and history. */
export function BatchDetail({ id, manage }: { id: string; manage: boolean }) {
  const q = useQuery(batchQuery(id));
  const funds = useQuery(fundsQuery());
  const [giver, setGiver] = useState<Giver>('member');
  const [donor, setDonor] = useState<Donor | null>(null);
  const [guestName, setGuestName] = useState('');
  const [gift, setGift] = useState({ ...blankGift, fund: 'General', method: 'cash', date: '' });
  const [dialog, setDialog] = useState<'recount' | 'reopen' | null>(null);
  const record = useFinanceAction(() => `/giving/batches/${id}/donations`);
  const close = useFinanceAction(() => `/giving/batches/${id}/close`);
  if (!q.data) return null;
  const { batch, donations, deposit, history } = q.data;
  const diff = Math.round((batch.countedTotal - batch.runningTotal) * 100) / 100;
  const open = manage && batch.status === 'open';
  const submit = () =>
    record.mutate(
      {
        arg: null,
        body: {
          userId: giver === 'member' ? (donor?.id ?? null) : null,
          donorName: giver === 'guest' ? guestName : null,
          amount: Number(gift.amount),
          fund: gift.fund,
          method: gift.method,
          externalRef: gift.externalRef || null,
          ...(gift.date ? { date: gift.date } : {}),
        },
      },
      {
        onSuccess: () => {
          notify.success(BATCH_TEXTS.recorded);
          setGift({ ...gift, ...blankGift });
          setDonor(null);
          setGuestName('');
        },
        onError: failed,
      },
    );
  return (
    <Card withBorder radius="md" data-testid="batch-detail">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={4}>{batch.label}</Title>
          <Text size="sm" c="dimmed">
            {shortDay(batch.date)}
          </Text>
        </div>
        <Text data-testid="batch-running-total" fw={700}>
          Recorded {formatRand(batch.runningTotal)} of {formatRand(batch.countedTotal)}
        </Text>
      </Group>
      {open && (
        <Stack gap="xs" mb="md">
          <SegmentedControl
            value={giver}
            onChange={(v) => setGiver(v as Giver)}
            data={[
              { value: 'member', label: 'Member' },
              { value: 'guest', label: 'Name only' },
              { value: 'loose', label: 'No donor' },
            ]}
            aria-label="Who gave"
            w="fit-content"
          />
          {giver === 'member' && <DonorPicker value={donor} onChange={setDonor} />}
          {giver === 'guest' && (
            <TextInput label="Donor name" w={280} value={guestName} onChange={(e) => setGuestName(e.currentTarget.value)} />
          )}
          {giver === 'loose' && (
            <Text size="sm" c="dimmed">
              {BATCH_TEXTS.looseCash}
            </Text>
          )}
          <Group align="end" wrap="wrap">
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
              data={RECORDED_METHODS.map((m) => ({ value: m, label: RECORDED_METHOD_LABELS[m] }))}
              value={gift.method}
              onChange={(v) => setGift({ ...gift, method: v ?? 'cash' })}
              w={150}
              allowDeselect={false}
            />
            <TextInput
              label="Gift date"
              type="date"
              value={gift.date || batch.date}
              onChange={(e) => setGift({ ...gift, date: e.currentTarget.value })}
              w={160}
            />
            <TextInput
              label="Reference"
              value={gift.externalRef}
              onChange={(e) => setGift({ ...gift, externalRef: e.currentTarget.value })}
              w={140}
            />
            <Button loading={record.isPending} onClick={submit} disabled={giver === 'member' && !donor}>
              Record gift
            </Button>
          </Group>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack gap={4} data-testid="batch-gifts">
          {donations.map((d) => (
            <Group key={d.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {d.donorName ?? BATCH_TEXTS.anonymous} · {d.fund} · {PAYMENT_METHOD_LABELS[d.paymentMethod]}
              </Text>
              <Text size="sm" fw={600} td={d.status === 'completed' ? undefined : 'line-through'} style={{ whiteSpace: 'nowrap' }}>
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
      {manage && (
        <Group mt="md" wrap="wrap">
          {batch.status === 'open' ? (
            <>
              <Button
                color="green"
                loading={close.isPending}
                onClick={() => close.mutate({ arg: null }, { onSuccess: () => notify.success(BATCH_TEXTS.closed), onError: failed })}
              >
                Close batch
              </Button>
              <Button variant="light" onClick={() => setDialog('recount')}>
                Change counted total
              </Button>
            </>
          ) : (
            <Button variant="light" onClick={() => setDialog('reopen')}>
              Reopen batch
            </Button>
          )}
          {batch.status === 'open' && diff !== 0 && (
            <Text size="sm" c="red.8">
              {diff > 0 ? `${formatRand(diff)} still to record` : `${formatRand(-diff)} more recorded than counted`}
            </Text>
          )}
        </Group>
      )}
      <Title order={5} mt="lg" mb="xs">
        Batch history
      </Title>
      <ChangeHistory events={history} testId="batch-history" />
      <BatchChange
        key={`${dialog}-${batch.countedTotal}`}
        id={id}
        kind={dialog}
        counted={batch.countedTotal}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}

/** Recount (new counted total) or reopen: each asks why, and the batch's history keeps it. */
function BatchChange({
  id,
  kind,
  counted,
  onClose,
}: {
  id: string;
  kind: 'recount' | 'reopen' | null;
  counted: number;
  onClose: () => void;
}) {
  const [total, setTotal] = useState<number | string>(counted);
  const [reason, setReason] = useState('');
  const recount = useFinanceAction(() => `/giving/batches/${id}`, 'PATCH');
  const reopen = useFinanceAction(() => `/giving/batches/${id}/reopen`);
  const action = kind === 'recount' ? recount : reopen;
  const save = () =>
    action.mutate(
      { arg: null, body: kind === 'recount' ? { countedTotal: Number(total), reason } : { reason } },
      {
        onSuccess: () => {
          notify.success(kind === 'recount' ? BATCH_TEXTS.countChanged : BATCH_TEXTS.reopened);
          setReason('');
          onClose();
        },
        onError: failed,
      },
    );
  return (
    <Modal opened={kind !== null} onClose={onClose} title={kind === 'recount' ? 'Change counted total' : 'Reopen batch'}>
      <Stack>
        {kind === 'recount' && <NumberInput label="Counted total (R)" min={0} decimalScale={2} value={total} onChange={setTotal} />}
        <TextInput label="Reason" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Button loading={action.isPending} onClick={save}>
          {kind === 'recount' ? 'Save counted total' : 'Reopen batch'}
        </Button>
      </Stack>
    </Modal>
  );
}
