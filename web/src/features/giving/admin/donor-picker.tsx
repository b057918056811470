import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createDonorRequest, donorResponse, type Donor } from '@church/contract/giving-batches';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { donorsQuery } from '../api/batches';

const optionLabel = (d: Donor) => [d.name, d.phone, d.envelopeNumber ? `envelope ${d.envelopeNumber}` : null].filter(Boolean).join(' · ');

/**
 * The counters' member picker: type a name, a phone number in any form or an envelope number; a person
 * not found yet is added on the spot (name, e-mail, phone, envelope) and picked.
 */
export function DonorPicker({ value, onChange }: { value: Donor | null; onChange: (d: Donor | null) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 200);
  const found = useQuery(donorsQuery(q));
  const [adding, setAdding] = useState(false);
  const options = [...(value ? [value] : []), ...(found.data ?? []).filter((d) => d.id !== value?.id)];
  return (
    <Group align="end" gap="xs" wrap="wrap">
      <Select
        label="Member"
        placeholder="Name, phone or envelope number"
        searchable
        clearable
        w={280}
        data={options.map((d) => ({ value: d.id, label: optionLabel(d) }))}
        // The server already matched (phone digits, envelope numbers): show its answer as it is.
        filter={({ options: o }) => o}
        value={value?.id ?? null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(id) => onChange(options.find((d) => d.id === id) ?? null)}
        nothingFoundMessage={q.trim().length >= 2 && !found.isFetching ? 'Nobody found. Add a new person.' : undefined}
        data-testid="donor-picker"
      />
      <Button variant="light" onClick={() => setAdding(true)}>
        Add a new person
      </Button>
      <AddPerson
        opened={adding}
        initialName={/\d/.test(search) ? '' : search}
        onClose={() => setAdding(false)}
        onAdded={(d) => {
          onChange(d);
          setAdding(false);
        }}
      />
    </Group>
  );
}

function AddPerson(props: { opened: boolean; initialName: string; onClose: () => void; onAdded: (d: Donor) => void }) {
  const [form, setForm] = useState({ name: '', email: '', phone: '', envelopeNumber: '' });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (k: keyof typeof form) => ({
    value: form[k],
    error: errors[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.currentTarget.value }),
  });
  const save = async () => {
    const body = { ...form, phone: form.phone || null, envelopeNumber: form.envelopeNumber || null };
    // The contract's own rules, checked before sending: each field says what is wrong beside it.
    const parsed = createDonorRequest.safeParse(body);
    const fieldErrors: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) fieldErrors[String(i.path[0])] ??= i.message;
    setErrors(fieldErrors);
    if (!parsed.success) return;
    setSaving(true);
    try {
      const res = await api('/giving/donors', { method: 'POST', body, schema: donorResponse });
      notify.success(res.message);
      setForm({ name: '', email: '', phone: '', envelopeNumber: '' });
      props.onAdded(res.data.donor);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'Could not add the person');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Add a new person"
      onFocus={() => !form.name && props.initialName && setForm({ ...form, name: props.initialName })}
    >
      <Stack>
        <TextInput label="Full name" required {...field('name')} data-autofocus />
        <TextInput label="E-mail" type="email" required {...field('email')} />
        <TextInput label="Phone" placeholder="082 555 1234" {...field('phone')} />
        <TextInput label="Envelope number" {...field('envelopeNumber')} />
        <Button loading={saving} onClick={save}>
          Add person
        </Button>
      </Stack>
    </Modal>
  );
}
