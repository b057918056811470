import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Goal } from '@church/contract/giving-reports';
import { formatRand } from '@church/contract/rules/money';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { fundsQuery } from '../api/admin';
import { goalQuery, goalsQuery, useSaveGoal } from '../api/reports';
import { todayInZone, useChurchTimeZone } from '../../../lib/church-time';

const STATE_COLOR = { upcoming: 'blue', active: 'green', ended: 'gray' } as const;
const day = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

/** Giving goals on /giving: progress against each target; a treasurer sets and changes them (history kept). */
export function GoalsPanel({ manage }: { manage: boolean }) {
  const q = useQuery(goalsQuery());
  const [editing, setEditing] = useState<Goal | 'new' | null>(null);
  return (
    <Card withBorder radius="md" data-testid="giving-goals">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Goals</Title>
        {manage && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            New goal
          </Button>
        )}
      </Group>
      {q.isError && <Alert color="red">Failed to load goals</Alert>}
      {q.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No goals yet.{manage ? ' Set one to follow a fund or a season against its target.' : ''}
        </Text>
      )}
      <Stack gap="md">
        {q.data?.map((g) => (
          <div key={g.id} data-testid="goal">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                {g.name}{' '}
                <Badge size="xs" color={STATE_COLOR[g.state]} variant="light">
                  {g.state}
                </Badge>
              </Text>
              {manage && (
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing(g)} aria-label={`Edit goal ${g.name}`}>
                  Edit
                </Button>
              )}
            </Group>
            <Progress
              value={Math.min(100, g.percent)}
              color={g.percent >= 100 ? 'teal' : 'green'}
              aria-label={`${g.name} progress`}
              mt={4}
            />
            <Text size="xs" c="dimmed" mt={2} data-testid="goal-progress">
              {formatRand(g.raised)} of {formatRand(g.target)} ({g.percent}%) · {g.fund ?? 'every fund'} · {day(g.startsOn)} –{' '}
              {day(g.endsOn)}
            </Text>
          </div>
        ))}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New goal' : 'Edit goal'} size="lg">
        {editing !== null && <GoalForm goal={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Card>
  );
}

function GoalForm({ goal, onDone }: { goal: Goal | null; onDone: () => void }) {
  const funds = useQuery(fundsQuery());
  const detail = useQuery({ ...goalQuery(goal?.id ?? ''), enabled: !!goal });
  const save = useSaveGoal(goal?.id);
  const today = todayInZone(useChurchTimeZone());
  const form = useForm({
    initialValues: {
      name: goal?.name ?? '',
      fund: goal?.fund ?? '',
      target: (goal?.target ?? '') as number | string,
      startsOn: goal?.startsOn ?? today,
      endsOn: goal?.endsOn ?? `${today.slice(0, 4)}-12-31`,
      reason: '',
    },
    validate: {
      name: (v) => (v.trim().length < 2 ? 'Goal name must be at least 2 characters' : null),
      target: (v) => (Number(v) >= 1 ? null : 'Target must be at least R 1.00'),
      endsOn: (v, all) => (v < all.startsOn ? 'The end date must be on or after the start date' : null),
    },
  });
  const submit = (values: typeof form.values, archived?: boolean) =>
    save.mutate(
      {
        name: values.name,
        fund: values.fund || null,
        target: Number(values.target),
        startsOn: values.startsOn,
        endsOn: values.endsOn,
        ...(goal && values.reason ? { reason: values.reason } : {}),
        ...(archived !== undefined ? { archived } : {}),
      },
      {
        onSuccess: () => {
          notify.success(goal ? 'Goal updated' : 'Goal saved');
          onDone();
        },
        onError: (err) => notify.error(err instanceof ApiError ? err.message : 'Could not save the goal'),
      },
    );
  return (
    <form onSubmit={form.onSubmit((v) => submit(v))} noValidate>
      <Stack gap="sm">
        <TextInput label="Goal name" placeholder="e.g. New roof" {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Fund"
            placeholder="Every fund"
            clearable
            data={(funds.data ?? []).map((f) => f.name)}
            value={form.values.fund || null}
            onChange={(v) => form.setFieldValue('fund', v ?? '')}
          />
          <NumberInput label="Target (R)" min={1} decimalScale={2} thousandSeparator="," {...form.getInputProps('target')} />
          <TextInput type="date" label="From" {...form.getInputProps('startsOn')} />
          <TextInput type="date" label="To" {...form.getInputProps('endsOn')} />
        </SimpleGrid>
        {goal && <TextInput label="Reason for the change (kept in the history)" {...form.getInputProps('reason')} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save goal
          </Button>
          {goal && (
            <Button variant="subtle" color="gray" onClick={() => submit(form.values, !goal.archived)}>
              {goal.archived ? 'Reopen' : 'Archive'}
            </Button>
          )}
        </Group>
        {detail.data && detail.data.history.length > 0 && (
          <Stack gap={2} data-testid="goal-history">
            <Text size="sm" fw={600}>
              History
            </Text>
            {detail.data.history.map((h, i) => (
              <Text key={i} size="xs" c="dimmed">
                {new Date(h.at).toLocaleString('en-ZA')} · {h.kind} by {h.actorName ?? 'someone'}
                {h.kind === 'changed' ? `: ${describe(h.before, h.after)}` : ''}
                {h.reason ? ` — ${h.reason}` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </form>
  );
}

/** "target R 5,000.00 → R 4,000.00" from the stored before/after (cents stay cents in the history). */
function describe(before: unknown, after: unknown) {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  return Object.keys(a)
    .map((k) =>
      k === 'targetCents'
        ? `target ${formatRand(Number(b[k]) / 100)} → ${formatRand(Number(a[k]) / 100)}`
        : `${k} ${String(b[k] ?? '—')} → ${String(a[k] ?? '—')}`,
    )
    .join(', ');
}
