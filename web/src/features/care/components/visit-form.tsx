import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CARE_KINDS, CARE_KIND_LABELS, CARE_TEXTS, careVisitRequest } from '@church/contract/care';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { memberLookupQuery, useRecordVisit } from '../api/care';

const today = () => new Date().toLocaleDateString('en-CA');

/** Record a pastoral visit or call: member, date, kind, notes (confidential), follow-up date. */
export function VisitForm({ preset }: { preset?: { id: string; name: string } | null }) {
  const record = useRecordVisit();
  const [search, setSearch] = useState(preset?.name ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery(memberLookupQuery(debounced));
  const [member, setMember] = useState<{ id: string; name: string } | null>(preset ?? null);
  const [form, setForm] = useState({ kind: 'visit', visitedOn: today(), notes: '', followUpOn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form | 'memberId', value: string) => {
    if (key !== 'memberId') setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const options = [
    ...(member ? [{ value: member.id, label: member.name }] : []),
    ...(found.data ?? []).filter((m) => m.id !== member?.id).map((m) => ({ value: m.id, label: `${m.name} (${m.email})` })),
  ];

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const body = { memberId: member?.id, ...form, followUpOn: form.followUpOn || null };
    const parsed = careVisitRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await record.mutateAsync(parsed.data);
      notify.success(CARE_TEXTS.visitRecorded);
      setForm({ kind: 'visit', visitedOn: today(), notes: '', followUpOn: '' });
      setMember(null);
      setSearch('');
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : CARE_TEXTS.visitFailed);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Title order={2} size="h4">
          Record a visit or call
        </Title>
        <Select
          label="Member"
          required
          placeholder="Type a name, e-mail or phone"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={member?.id ?? null}
          filter={({ options: o }) => o}
          nothingFoundMessage={debounced.trim().length >= 2 ? 'No member found' : 'Type at least 2 letters'}
          error={errors.memberId}
          onChange={(v) => {
            const picked = v ? (found.data?.find((m) => m.id === v) ?? (member?.id === v ? member : null)) : null;
            setMember(picked ? { id: picked.id, name: picked.name } : null);
            set('memberId', v ?? '');
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Date"
            type="date"
            required
            value={form.visitedOn}
            error={errors.visitedOn}
            onChange={(e) => set('visitedOn', e.currentTarget.value)}
          />
          <Select
            label="Kind"
            data={CARE_KINDS.map((k) => ({ value: k, label: CARE_KIND_LABELS[k] }))}
            value={form.kind}
            allowDeselect={false}
            onChange={(v) => set('kind', v ?? 'visit')}
          />
          <TextInput
            label="Follow-up date"
            type="date"
            value={form.followUpOn}
            error={errors.followUpOn}
            onChange={(e) => set('followUpOn', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          description="Confidential: only pastors and administrators can read care notes."
          autosize
          minRows={3}
          value={form.notes}
          error={errors.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            Record visit
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
