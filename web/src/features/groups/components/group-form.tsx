import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  GROUP_FREQUENCIES,
  GROUP_TYPE_LABELS,
  GROUP_TYPES,
  groupCreateRequest,
  groupUpdateRequest,
  WEEKDAYS,
  type GroupDetail,
  type GroupCreateRequest,
  type GroupUpdateRequest,
} from '@church/contract/groups';
import { personLookupQuery } from '../api/people';

const FREQUENCY_LABELS = { weekly: 'Weekly', fortnightly: 'Every second week', monthly: 'Monthly' } as const;

interface FormState {
  name: string;
  type: string;
  description: string;
  meetingDay: string | null;
  meetingTime: string;
  frequency: string;
  meetingPlace: string;
  address: string;
  capacity: number | string;
  isOpen: boolean;
  showMembers: boolean;
  networkId: string | null;
}
const fromGroup = (g?: GroupDetail): FormState => ({
  name: g?.name ?? '',
  type: g?.type ?? 'cell',
  description: g?.description ?? '',
  meetingDay: g?.meetingDay === null || g?.meetingDay === undefined ? null : String(g.meetingDay),
  meetingTime: g?.meetingTime ?? '',
  frequency: g?.frequency ?? 'weekly',
  meetingPlace: g?.meetingPlace ?? '',
  address: g?.address ?? '',
  capacity: g?.capacity ?? '',
  isOpen: g?.isOpen ?? true,
  showMembers: g?.showMembers ?? false,
  networkId: g?.network?.id ?? null,
});

/**
 * The group's details, for creating one (with its leader) or changing one. Validated with the
 * contract's own schema before sending, so the messages are the server's.
 */
export function GroupForm({
  group,
  withLeader,
  zones,
  busy,
  onSubmit,
}: {
  group?: GroupDetail;
  withLeader?: boolean;
  /** The church office places the group in a zone; leaders do not (the server refuses them). */
  zones?: { id: string; name: string; depth: number }[];
  busy: boolean;
  onSubmit: (body: GroupCreateRequest | GroupUpdateRequest) => Promise<void>;
}) {
  const [form, setForm] = useState<FormState>(() => fromGroup(group));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useQuery({ ...personLookupQuery(debounced), enabled: !!withLeader && debounced.trim().length >= 2 });
  const [leaderId, setLeaderId] = useState<string | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const { networkId, ...rest } = form;
    const body = {
      ...rest,
      ...(zones ? { networkId } : {}),
      meetingDay: form.meetingDay === null ? null : Number(form.meetingDay),
      meetingTime: form.meetingTime || null,
      capacity: form.capacity === '' ? null : Number(form.capacity),
    };
    // A new group names its leader; a change leaves the leaders to the members list.
    const parsed = withLeader
      ? groupCreateRequest.safeParse({ ...body, leaderId: leaderId ?? undefined })
      : groupUpdateRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    await onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
          <Select
            label="Type"
            required
            allowDeselect={false}
            data={GROUP_TYPES.map((t) => ({ value: t, label: GROUP_TYPE_LABELS[t] }))}
            value={form.type}
            onChange={(v) => set('type', v ?? 'cell')}
            error={errors.type}
          />
        </SimpleGrid>
        {withLeader && (
          <Select
            label="Leader"
            required
            placeholder="Type a name, e-mail or phone"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }))}
            value={leaderId}
            filter={({ options }) => options}
            nothingFoundMessage={debounced.trim().length >= 2 ? 'No member found' : 'Type at least 2 letters'}
            onChange={(v) => {
              setLeaderId(v);
              setErrors((e) => ({ ...e, leaderId: '' }));
            }}
            error={errors.leaderId}
          />
        )}
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={form.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Meeting day"
            clearable
            data={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))}
            value={form.meetingDay}
            onChange={(v) => set('meetingDay', v)}
            error={errors.meetingDay}
          />
          <TextInput
            label="Time"
            type="time"
            value={form.meetingTime}
            onChange={(e) => set('meetingTime', e.currentTarget.value)}
            error={errors.meetingTime}
          />
          <Select
            label="How often"
            allowDeselect={false}
            data={GROUP_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
            value={form.frequency}
            onChange={(v) => set('frequency', v ?? 'weekly')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Area or venue"
            description="Everyone looking for a group sees this"
            value={form.meetingPlace}
            onChange={(e) => set('meetingPlace', e.currentTarget.value)}
            error={errors.meetingPlace}
          />
          <TextInput
            label="Address"
            description="Only the group's members see this"
            value={form.address}
            onChange={(e) => set('address', e.currentTarget.value)}
            error={errors.address}
          />
        </SimpleGrid>
        {zones && (
          <Select
            label="Zone"
            placeholder="Not in a zone"
            clearable
            data={zones.map((z) => ({ value: z.id, label: `${'— '.repeat(z.depth)}${z.name}` }))}
            value={form.networkId}
            onChange={(v) => set('networkId', v)}
            error={errors.networkId}
          />
        )}
        <NumberInput
          label="Capacity"
          description="Leave empty for no limit"
          min={1}
          max={500}
          value={form.capacity}
          onChange={(v) => set('capacity', v)}
          error={errors.capacity}
          maw={220}
        />
        <Checkbox
          label="Open: members can find this group and ask to join"
          checked={form.isOpen}
          onChange={(e) => set('isOpen', e.currentTarget.checked)}
        />
        <Checkbox
          label="Show who is in the group to people looking for one"
          checked={form.showMembers}
          disabled={!form.isOpen}
          onChange={(e) => set('showMembers', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {group ? 'Save changes' : 'Create group'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
