import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Blockout } from '@church/contract/services';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddBlockout, useRemoveBlockout } from '../api';
import { formatDay } from '../format';

/** Days I cannot serve: leaders cannot ask me then, and swaps skip me. */
export function BlockoutsCard({ blockouts }: { blockouts: Blockout[] }) {
  const add = useAddBlockout();
  const remove = useRemoveBlockout();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const save = async () => {
    try {
      await add.mutateAsync({ startsOn: from, endsOn: to || from, reason: reason.trim() || undefined });
      setFrom('');
      setTo('');
      setReason('');
      notify.success('Blockout saved');
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'Could not save the blockout');
    }
  };
  return (
    <Card withBorder radius="md">
      <Title order={3} size="h4" mb="sm">
        Days I cannot serve
      </Title>
      <Stack gap="xs">
        {blockouts.length === 0 && <Text c="dimmed">No blockout dates.</Text>}
        {blockouts.map((b) => (
          <Group key={b.id} justify="space-between" wrap="nowrap">
            <Text>
              {formatDay(b.startsOn)}
              {b.endsOn !== b.startsOn && ` – ${formatDay(b.endsOn)}`}
              {b.reason && (
                <Text span c="dimmed">
                  {' '}
                  · {b.reason}
                </Text>
              )}
            </Text>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove blockout from ${b.startsOn}`} onClick={() => remove.mutate(b.id)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group align="end" wrap="wrap" gap="xs">
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <TextInput label="Reason" value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} />
          <Button onClick={save} disabled={!from} loading={add.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
