import { ActionIcon, Button, Group, Modal, MultiSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { membersListResponse } from '@church/contract/members';
import type { Team } from '@church/contract/services';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveTeam } from '../api';

type Pos = { id?: string; name: string; needed: number; members: { id: string; name: string }[] };

/** People found by name, e-mail or phone, for the member pickers (the member search's own endpoint). */
function usePeopleSearch(q: string) {
  return useQuery({
    queryKey: ['members', 'pick', q],
    queryFn: () =>
      api('/members', { query: { q, limit: 20 }, schema: membersListResponse }).then((r) =>
        r.data.members.map((m) => ({ id: m.id, name: m.name })),
      ),
    enabled: q.length >= 2,
  });
}

function PositionMembers({ pos, onChange }: { pos: Pos; onChange: (m: Pos['members']) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = usePeopleSearch(q);
  const known = new Map([...pos.members, ...(found.data ?? [])].map((m) => [m.id, m]));
  return (
    <MultiSelect
      label={`Qualified for ${pos.name || 'this position'}`}
      placeholder="Type a name"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...known.values()].map((m) => ({ value: m.id, label: m.name }))}
      value={pos.members.map((m) => m.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)!).filter(Boolean))}
      nothingFoundMessage={q.length < 2 ? 'Type two letters' : 'Nobody found'}
      filter={({ options }) => options}
    />
  );
}

/** A team, its positions and who is qualified for each; nobody serves more than N weeks running. */
export function TeamModal({ team, opened, onClose }: { team: Team | null; opened: boolean; onClose: () => void }) {
  const save = useSaveTeam();
  const [name, setName] = useState('');
  const [maxWeeks, setMaxWeeks] = useState<number | string>(3);
  const [positions, setPositions] = useState<Pos[]>([]);
  useEffect(() => {
    setName(team?.name ?? '');
    setMaxWeeks(team?.maxWeeksRunning ?? 3);
    setPositions(
      team?.positions.map((p) => ({ id: p.id, name: p.name, needed: p.needed, members: p.members })) ?? [
        { name: '', needed: 1, members: [] },
      ],
    );
  }, [team, opened]);
  const set = (i: number, patch: Partial<Pos>) => setPositions((xs) => xs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const submit = async () => {
    try {
      await save.mutateAsync({
        id: team?.id,
        body: {
          name,
          maxWeeksRunning: Number(maxWeeks) || 3,
          positions: positions.map((p) => ({ id: p.id, name: p.name, needed: p.needed, memberIds: p.members.map((m) => m.id) })),
        },
      });
      notify.success('Team saved');
      onClose();
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not save the team');
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={team ? `Edit ${team.name}` : 'New team'} size="lg" centered>
      <Stack>
        <TextInput label="Team name" required value={name} maxLength={80} onChange={(e) => setName(e.currentTarget.value)} />
        <NumberInput label="Most weeks running anyone serves" min={1} max={52} value={maxWeeks} onChange={setMaxWeeks} />
        {positions.map((p, i) => (
          <Stack
            key={p.id ?? `new-${i}`}
            gap={4}
            p="xs"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
          >
            <Group align="end" wrap="nowrap">
              <TextInput
                label="Position"
                required
                style={{ flex: 1 }}
                value={p.name}
                maxLength={80}
                onChange={(e) => set(i, { name: e.currentTarget.value })}
              />
              <NumberInput
                label="People needed"
                w={120}
                min={1}
                max={20}
                value={p.needed}
                onChange={(v) => set(i, { needed: Number(v) || 1 })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove position ${p.name || i + 1}`}
                onClick={() => setPositions((xs) => xs.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <PositionMembers pos={p} onChange={(members) => set(i, { members })} />
          </Stack>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setPositions((xs) => [...xs, { name: '', needed: 1, members: [] }])}
        >
          Add position
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!name.trim() || positions.length === 0}>
            Save team
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
