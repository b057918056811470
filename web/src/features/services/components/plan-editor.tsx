import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SERVICE_ITEM_KINDS, SERVICE_TEXTS, type ServiceDetail } from '@church/contract/services';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveItems } from '../api';

type Item = { kind: string; title: string; minutes: number; notes: string };
const KIND_LABELS: Record<string, string> = {
  song: 'Song',
  reading: 'Reading',
  sermon: 'Sermon',
  announcements: 'Announcements',
  prayer: 'Prayer',
  offering: 'Offering',
  other: 'Other',
};

/** The order of service: items with their length, moved up and down, saved as a whole. */
export function PlanEditor({ service }: { service: ServiceDetail }) {
  const save = useSaveItems();
  const [items, setItems] = useState<Item[]>([]);
  useEffect(
    () => setItems(service.items.map((i) => ({ kind: i.kind, title: i.title, minutes: i.minutes, notes: i.notes ?? '' }))),
    [service.items],
  );
  const set = (i: number, patch: Partial<Item>) => setItems((xs) => xs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const move = (i: number, by: number) =>
    setItems((xs) => {
      const ys = [...xs];
      const [x] = ys.splice(i, 1);
      ys.splice(i + by, 0, x!);
      return ys;
    });
  const total = items.reduce((n, i) => n + (Number(i.minutes) || 0), 0);
  const submit = async () => {
    try {
      await save.mutateAsync({
        id: service.id,
        items: items.map((i) => ({ kind: i.kind, title: i.title, minutes: Number(i.minutes) || 0, notes: i.notes || undefined })),
      });
      notify.success(SERVICE_TEXTS.planSaved);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not save the order of service');
    }
  };
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Order of service
        </Title>
        <Text size="sm" c={total > service.durationMinutes ? 'red' : 'dimmed'}>
          {total} of {service.durationMinutes} minutes
        </Text>
      </Group>
      <Stack gap="xs">
        {items.map((it, i) => (
          <Group key={i} gap="xs" wrap="wrap" align="end">
            <Select
              aria-label={`Item ${i + 1} kind`}
              w={150}
              data={SERVICE_ITEM_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k]! }))}
              value={it.kind}
              onChange={(v) => v && set(i, { kind: v })}
              allowDeselect={false}
            />
            <TextInput
              aria-label={`Item ${i + 1} title`}
              placeholder="Title"
              style={{ flex: 1, minWidth: 160 }}
              value={it.title}
              maxLength={200}
              onChange={(e) => set(i, { title: e.currentTarget.value })}
            />
            <NumberInput
              aria-label={`Item ${i + 1} minutes`}
              w={90}
              min={0}
              max={240}
              suffix=" min"
              value={it.minutes}
              onChange={(v) => set(i, { minutes: Number(v) || 0 })}
            />
            <TextInput
              aria-label={`Item ${i + 1} notes`}
              placeholder="Notes"
              w={180}
              value={it.notes}
              maxLength={1000}
              onChange={(e) => set(i, { notes: e.currentTarget.value })}
            />
            <ActionIcon variant="subtle" aria-label={`Move item ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move item ${i + 1} down`}
              disabled={i === items.length - 1}
              onClick={() => move(i, 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove item ${i + 1}`}
              onClick={() => setItems((xs) => xs.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setItems((xs) => [...xs, { kind: 'song', title: '', minutes: 5, notes: '' }])}
          >
            Add item
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save order of service
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
