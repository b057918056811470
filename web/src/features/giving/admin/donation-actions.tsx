import { ActionIcon, Button, Menu, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminDonation } from '@church/contract/giving-admin';
import { formatRand } from '@church/contract/rules/money';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { donationDetailQuery, useFinanceAction } from '../api/admin';
import { ChangeHistory } from './change-history';

type Action = 'refund' | 'correct' | 'match' | 'history';
const TITLES: Record<Action, string> = {
  refund: 'Refund donation',
  correct: 'Correct donation',
  match: 'Match to money received',
  history: 'Donation history',
};

/** Refund, correct, match: each with a reason kept in the gift's history. Nothing is edited silently. */
export function DonationActions({ donation }: { donation: AdminDonation }) {
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState<number | string>(donation.amount);
  const [ref, setRef] = useState('');
  const act = useFinanceAction((a: Action) => `/donations/${donation.id}/${a}`);
  const history = useQuery({ ...donationDetailQuery(donation.id), enabled: open === 'history' });

  const submit = (a: Action) => {
    const body =
      a === 'refund'
        ? { reason }
        : a === 'correct'
          ? { reason, amount: Number(amount) }
          : { reason: reason || undefined, externalRef: ref || null };
    act.mutate(
      { arg: a, body },
      {
        onSuccess: () => {
          notify.success(a === 'refund' ? 'Donation refunded' : a === 'correct' ? 'Donation corrected' : 'Donation matched');
          setOpen(null);
          setReason('');
        },
        onError: (err) => notify.error(err instanceof ApiError ? err.message : 'Could not save the change'),
      },
    );
  };

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${donation.donorName ?? 'donation'} ${formatRand(donation.amount)}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpen('history')}>History</Menu.Item>
          {donation.status === 'pending' && donation.paymentMethod !== 'card' && (
            <Menu.Item onClick={() => setOpen('match')}>Match</Menu.Item>
          )}
          {donation.status === 'completed' && <Menu.Item onClick={() => setOpen('correct')}>Correct</Menu.Item>}
          {donation.status === 'completed' && (
            <Menu.Item color="red" onClick={() => setOpen('refund')}>
              Refund
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? TITLES[open] : ''}>
        {open === 'history' ? (
          <ChangeHistory events={history.data?.history ?? []} />
        ) : (
          <Stack>
            <Text size="sm">
              {donation.donorName} · {donation.fund} · {formatRand(donation.amount)}
            </Text>
            {open === 'correct' && (
              <NumberInput label="Correct amount (R)" min={0.01} decimalScale={2} value={amount} onChange={setAmount} />
            )}
            {open === 'match' && <TextInput label="Bank statement reference" value={ref} onChange={(e) => setRef(e.currentTarget.value)} />}
            <TextInput label="Reason" required={open !== 'match'} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            <Button color={open === 'refund' ? 'red' : 'blue'} loading={act.isPending} onClick={() => open && submit(open)}>
              {open === 'refund' ? 'Refund' : open === 'correct' ? 'Save correction' : 'Match'}
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
