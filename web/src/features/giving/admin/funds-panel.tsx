import { Badge, Button, Card, Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { fundsQuery, useFinanceAction } from '../api/admin';

/** Why a fund is not 18A-eligible by default: said where the treasurer decides. */
export const SECTION_18A_HINT =
  'Tick only for a fund that pays for approved public benefit activities (feeding scheme, bursaries, welfare). SARS does not allow section 18A certificates for gifts to worship, ministry or church buildings.';

/** The church's funds: add one, close one to new gifts (its history stays), mark which may go on a section 18A certificate. */
export function FundsPanel({ manage }: { manage: boolean }) {
  const funds = useQuery(fundsQuery());
  const [name, setName] = useState('');
  const [section18a, setSection18a] = useState(false);
  const add = useFinanceAction(() => '/giving/funds');
  const toggle = useFinanceAction((id: string) => `/giving/funds/${id}`, 'PATCH');
  const fail = (err: unknown) => notify.error(err instanceof ApiError ? err.message : 'Could not save');
  return (
    <Card withBorder radius="md">
      {manage && (
        <Stack gap="xs" mb="md">
          <Group align="end">
            <TextInput label="New fund" placeholder="e.g. Bursaries" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button
              loading={add.isPending}
              onClick={() =>
                add.mutate(
                  { arg: null, body: { name, section18a } },
                  {
                    onSuccess: () => {
                      setName('');
                      setSection18a(false);
                    },
                    onError: fail,
                  },
                )
              }
            >
              Add fund
            </Button>
          </Group>
          <Checkbox
            label="Gifts to it qualify for section 18A certificates"
            description={SECTION_18A_HINT}
            checked={section18a}
            onChange={(e) => setSection18a(e.currentTarget.checked)}
          />
        </Stack>
      )}
      <Stack gap="xs">
        {funds.data?.map((f) => (
          <Group key={f.id} justify="space-between" wrap="wrap" data-testid="fund-row">
            <div>
              <Text fw={600}>{f.name}</Text>
              {f.description && (
                <Text size="xs" c="dimmed">
                  {f.description}
                </Text>
              )}
            </div>
            {manage ? (
              <Group gap="md">
                <Switch
                  label="Section 18A"
                  aria-label={`${f.name}: gifts qualify for section 18A certificates`}
                  checked={f.section18a}
                  onChange={(e) => toggle.mutate({ arg: f.id, body: { section18a: e.currentTarget.checked } }, { onError: fail })}
                />
                <Switch
                  label="Open for gifts"
                  aria-label={`${f.name}: open for gifts`}
                  checked={f.active}
                  onChange={(e) => toggle.mutate({ arg: f.id, body: { active: e.currentTarget.checked } }, { onError: fail })}
                />
              </Group>
            ) : (
              <Group gap="xs">
                {f.section18a && <Badge color="blue">section 18A</Badge>}
                <Badge color={f.active ? 'green' : 'gray'}>{f.active ? 'open' : 'closed'}</Badge>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
