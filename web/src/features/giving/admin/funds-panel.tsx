import { Badge, Button, Card, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { fundsQuery, useFinanceAction } from '../api/admin';

/** The church's funds: add one, close one to new gifts (its history stays). */
export function FundsPanel({ manage }: { manage: boolean }) {
  const funds = useQuery(fundsQuery());
  const [name, setName] = useState('');
  const add = useFinanceAction(() => '/giving/funds');
  const toggle = useFinanceAction((id: string) => `/giving/funds/${id}`, 'PATCH');
  const fail = (err: unknown) => notify.error(err instanceof ApiError ? err.message : 'Could not save');
  return (
    <Card withBorder radius="md">
      {manage && (
        <Group align="end" mb="md">
          <TextInput label="New fund" placeholder="e.g. Bursaries" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Button
            loading={add.isPending}
            onClick={() => add.mutate({ arg: null, body: { name } }, { onSuccess: () => setName(''), onError: fail })}
          >
            Add fund
          </Button>
        </Group>
      )}
      <Stack gap="xs">
        {funds.data?.map((f) => (
          <Group key={f.id} justify="space-between">
            <div>
              <Text fw={600}>{f.name}</Text>
              {f.description && (
                <Text size="xs" c="dimmed">
                  {f.description}
                </Text>
              )}
            </div>
            {manage ? (
              <Switch
                label="Open for gifts"
                checked={f.active}
                onChange={(e) => toggle.mutate({ arg: f.id, body: { active: e.currentTarget.checked } }, { onError: fail })}
              />
            ) : (
              <Badge color={f.active ? 'green' : 'gray'}>{f.active ? 'open' : 'closed'}</Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
