import { ActionIcon, Button, Checkbox, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CHECKIN_TEXTS, type Family } from '@church/contract/checkin';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveFamily } from '../api';

type Kid = { firstName: string; birthDate: string; grade: number | string; allergies: string; medicalNotes: string };
type Collector = { name: string; phone: string; relationship: string; authorised: boolean };
const kid = (): Kid => ({ firstName: '', birthDate: '', grade: '', allergies: '', medicalNotes: '' });

/** A first-time family in under a minute: a parent with a phone, the children (allergies, medical notes), who may collect. */
export function FamilyForm({ serviceId, onSaved }: { serviceId?: string; onSaved: (f: Family) => void }) {
  const save = useSaveFamily(serviceId);
  const [name, setName] = useState('');
  const [guardian, setGuardian] = useState({ name: '', phone: '' });
  const [kids, setKids] = useState<Kid[]>([kid()]);
  const [collectors, setCollectors] = useState<Collector[]>([]);
  const setKid = (i: number, p: Partial<Kid>) => setKids((xs) => xs.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const setCol = (i: number, p: Partial<Collector>) => setCollectors((xs) => xs.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const submit = async () => {
    try {
      const family = await save.mutateAsync({
        body: {
          name,
          guardians: [guardian],
          children: kids.map((k) => ({
            firstName: k.firstName,
            birthDate: k.birthDate || null,
            grade: k.grade === '' ? null : Number(k.grade),
            allergies: k.allergies || undefined,
            medicalNotes: k.medicalNotes || undefined,
          })),
          collectors: collectors.map((c) => ({
            name: c.name,
            phone: c.phone || undefined,
            relationship: c.relationship || undefined,
            authorised: c.authorised,
          })),
        },
      });
      notify.success(CHECKIN_TEXTS.familyAdded);
      onSaved(family);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { details?: { message: string }[] } | undefined) : undefined;
      notify.error(
        err instanceof ApiError && err.status < 500 ? (body?.details?.[0]?.message ?? err.message) : 'Could not save the family',
      );
    }
  };
  return (
    <Stack gap="sm" maw={760}>
      <Group grow align="end" wrap="wrap">
        <TextInput label="Family name" required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} />
        <TextInput
          label="Parent or guardian"
          required
          value={guardian.name}
          onChange={(e) => setGuardian({ ...guardian, name: e.currentTarget.value })}
          maxLength={80}
        />
        <TextInput
          label="Phone"
          required
          type="tel"
          placeholder="082 555 1234"
          value={guardian.phone}
          onChange={(e) => setGuardian({ ...guardian, phone: e.currentTarget.value })}
          maxLength={40}
        />
      </Group>
      <Title order={3} size="h5">
        Children
      </Title>
      {kids.map((k, i) => (
        <Group key={i} align="end" gap="xs" wrap="wrap">
          <TextInput
            label="First name"
            required
            w={150}
            value={k.firstName}
            onChange={(e) => setKid(i, { firstName: e.currentTarget.value })}
            maxLength={80}
          />
          <TextInput
            label="Birth date"
            type="date"
            w={160}
            value={k.birthDate}
            onChange={(e) => setKid(i, { birthDate: e.currentTarget.value })}
          />
          <NumberInput label="Grade" w={80} min={0} max={12} value={k.grade} onChange={(v) => setKid(i, { grade: v })} />
          <TextInput
            label="Allergies"
            w={160}
            value={k.allergies}
            onChange={(e) => setKid(i, { allergies: e.currentTarget.value })}
            maxLength={500}
          />
          <TextInput
            label="Medical notes"
            w={160}
            value={k.medicalNotes}
            onChange={(e) => setKid(i, { medicalNotes: e.currentTarget.value })}
            maxLength={500}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove child ${i + 1}`}
            disabled={kids.length === 1}
            onClick={() => setKids((xs) => xs.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} />} onClick={() => setKids((xs) => [...xs, kid()])}>
        Add child
      </Button>
      <Title order={3} size="h5">
        Who may collect
      </Title>
      {collectors.length === 0 && (
        <Text size="sm" c="dimmed">
          Only the parent with the tag, unless you add someone.
        </Text>
      )}
      {collectors.map((c, i) => (
        <Group key={i} align="end" gap="xs" wrap="wrap">
          <TextInput label="Name" w={180} value={c.name} onChange={(e) => setCol(i, { name: e.currentTarget.value })} maxLength={80} />
          <TextInput
            label="Relationship"
            w={140}
            value={c.relationship}
            onChange={(e) => setCol(i, { relationship: e.currentTarget.value })}
            maxLength={40}
          />
          <TextInput
            label="Phone"
            type="tel"
            w={150}
            value={c.phone}
            onChange={(e) => setCol(i, { phone: e.currentTarget.value })}
            maxLength={40}
          />
          <Checkbox
            label="May NOT collect"
            checked={!c.authorised}
            onChange={(e) => setCol(i, { authorised: !e.currentTarget.checked })}
            mb={8}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove collector ${i + 1}`}
            onClick={() => setCollectors((xs) => xs.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} />}
        onClick={() => setCollectors((xs) => [...xs, { name: '', phone: '', relationship: '', authorised: true }])}
      >
        Add collector
      </Button>
      <Button onClick={submit} loading={save.isPending} w="fit-content">
        Save family
      </Button>
    </Stack>
  );
}
