import { Alert, Anchor, Button, Card, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NETWORK_TEXTS, networkRequest, type Network } from '@church/contract/groups-networks';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { networksQuery, useSaveNetwork } from '../api/networks';
import { personLookupQuery } from '../api/people';
import { inTreeOrder } from './zone-tree';

function NetworkForm({ networks, editing, onDone }: { networks: Network[]; editing: Network | null; onDone: () => void }) {
  const save = useSaveNetwork();
  const [name, setName] = useState(editing?.name ?? '');
  const [parentId, setParentId] = useState<string | null>(editing?.parentId ?? null);
  const [overseer, setOverseer] = useState<{ id: string; name: string } | null>(editing?.overseer ?? null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useQuery({ ...personLookupQuery(debounced), enabled: debounced.trim().length >= 2 });
  const [error, setError] = useState('');
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const parsed = networkRequest.safeParse({ name, parentId, overseerId: overseer?.id ?? null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    try {
      await save.mutateAsync({ id: editing?.id, body: parsed.data });
      notify.success(editing ? NETWORK_TEXTS.updated : NETWORK_TEXTS.created);
      onDone();
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : 'Failed to save the zone');
    }
  };
  const options = [
    ...(overseer ? [{ value: overseer.id, label: overseer.name }] : []),
    ...(people.data ?? []).filter((p) => p.id !== overseer?.id).map((p) => ({ value: p.id, label: `${p.name} (${p.email})` })),
  ];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" required value={name} onChange={(e) => (setName(e.currentTarget.value), setError(''))} error={error} />
        <Select
          label="Inside"
          placeholder="Top level"
          clearable
          data={networks.filter((n) => n.id !== editing?.id).map((n) => ({ value: n.id, label: `${'— '.repeat(n.depth)}${n.name}` }))}
          value={parentId}
          onChange={setParentId}
        />
        <Select
          label="Overseer"
          placeholder="Type a name, e-mail or phone"
          clearable
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={overseer?.id ?? null}
          filter={({ options: o }) => o}
          nothingFoundMessage={debounced.trim().length >= 2 ? 'No member found' : 'Type at least 2 letters'}
          onChange={(v) => {
            const p = v ? (people.data?.find((x) => x.id === v) ?? overseer) : null;
            setOverseer(p ? { id: p.id, name: p.name } : null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save zone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Zones and districts: the church office arranges them; an overseer opens the report of their branch. */
export function NetworksPanel({ manager }: { manager: boolean }) {
  const query = useQuery(networksQuery());
  const [editing, setEditing] = useState<Network | 'new' | null>(null);
  if (query.isPending) return <Text c="dimmed">Loading…</Text>;
  if (query.isError)
    return (
      <Alert color="red" title="Failed to load zones">
        <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  const tree = inTreeOrder(query.data);
  return (
    <Stack>
      {manager && (
        <Group>
          <Button onClick={() => setEditing('new')}>Add zone</Button>
        </Group>
      )}
      {tree.length === 0 ? (
        <Card withBorder radius="lg" ta="center">
          <Text fw={600}>No zones yet</Text>
        </Card>
      ) : (
        <Card withBorder radius="lg" padding={0}>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {tree.map((n) => (
              <Group key={n.id} component="li" justify="space-between" px="md" py="xs" pl={16 + 20 * n.depth} wrap="nowrap">
                <div>
                  <Text fw={500}>{n.name}</Text>
                  <Text size="sm" c="dimmed">
                    {n.overseer ? `Overseer: ${n.overseer.name}` : 'No overseer'} · {n.groupCount} {n.groupCount === 1 ? 'group' : 'groups'}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={paths.groupNetwork(n.id)} size="sm" aria-label={`Report for ${n.name}`}>
                    Report
                  </Anchor>
                  {manager && (
                    <Button size="compact-sm" variant="subtle" onClick={() => setEditing(n)} aria-label={`Edit ${n.name}`}>
                      Edit
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add zone' : 'Edit zone'}>
        {editing !== null && <NetworkForm networks={tree} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
