import { Button, Card, Checkbox, Group, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createPrayerRequest, PRAYER_PRIORITIES, PRAYER_TEXTS } from '@church/contract/prayers';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddPrayer } from '../api/manage';

/** /prayers/add: a leader records a request taken by phone or at the door, on someone's behalf. */
export function PrayerAddPage() {
  const navigate = useNavigate();
  const add = useAddPrayer();
  const [form, setForm] = useState({ title: '', description: '', onBehalfOf: '', priority: 'medium', isPublic: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const parsed = createPrayerRequest.safeParse({ ...form, onBehalfOf: form.onBehalfOf || undefined });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      const p = await add.mutateAsync(parsed.data);
      notify.success(PRAYER_TEXTS.added);
      navigate(paths.prayer(p.id));
    } catch (err) {
      notify.error(err instanceof ApiError && err.status === 400 ? err.message : 'Failed to add prayer request');
    }
  };
  return (
    <Stack>
      <Title order={1}>Add Prayer Request</Title>
      <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate maw={720}>
        <Stack>
          <TextInput label="Title" required value={form.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} />
          <Textarea
            label="Description"
            required
            autosize
            minRows={4}
            value={form.description}
            error={errors.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <TextInput
            label="On behalf of"
            description="The name of the person who asked; leave empty to submit it as yourself"
            value={form.onBehalfOf}
            error={errors.onBehalfOf}
            onChange={(e) => set('onBehalfOf', e.currentTarget.value)}
          />
          <Select
            label="Priority"
            data={PRAYER_PRIORITIES.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))}
            value={form.priority}
            allowDeselect={false}
            onChange={(v) => set('priority', v ?? 'medium')}
            maw={200}
          />
          <Checkbox
            label="Share publicly with church (after approval)"
            checked={form.isPublic}
            onChange={(e) => set('isPublic', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.prayers)}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Prayer Request
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
