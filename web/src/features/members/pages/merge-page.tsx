import { Alert, Button, Card, Group, Modal, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowsJoin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MERGE_FIELDS, MERGE_FIELD_LABELS, type MemberMerge, type MergeField } from '@church/contract/members-merge';
import type { MemberDetail } from '@church/contract/members-manage';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { memberQuery } from '../api/members';
import { useMerge } from '../api/merges';
import { MovedList, UndoMergeModal } from '../components/merge-summary';
import { mergeDefault, mergeLabel } from '@church/contract/rules/merge-defaults';
import { formatPhone } from '@church/contract/rules/phone';
import { formatDay, useChurchTimeZone } from '../../../lib/church-time';

type Side = 'a' | 'b';
type Choosable = MergeField | 'household';

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v));
const householdOf = (d: MemberDetail) =>
  d.household ? `${d.household.name}${d.member.householdRole ? ` (${d.member.householdRole})` : ''}` : 'No household';
const valueOf = (d: MemberDetail, f: Choosable) => (f === 'household' ? (d.household ? householdOf(d) : null) : d.member[f]);

function ChoiceRow({
  field,
  a,
  b,
  value,
  onChange,
}: {
  field: Choosable;
  a: MemberDetail;
  b: MemberDetail;
  value: Side;
  onChange: (s: Side) => void;
}) {
  const label = field === 'household' ? 'Household' : MERGE_FIELD_LABELS[field];
  const text = (d: MemberDetail) => (field === 'household' ? householdOf(d) : shown(valueOf(d, field)));
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as Side)} data-testid={`choose-${field}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
        {(['a', 'b'] as const).map((s) => (
          <Radio.Card key={s} value={s} radius="md" p="sm" aria-label={`${label}: ${text(s === 'a' ? a : b)} (record ${s.toUpperCase()})`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Record {s.toUpperCase()}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {text(s === 'a' ? a : b)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

function Done({ merge, message }: { merge: MemberMerge; message: string }) {
  const [undoing, setUndoing] = useState<MemberMerge | null>(null);
  const [undone, setUndone] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="merge-done">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {undone ? `Merge undone: ${merge.removedName} is back` : message}
        </Title>
        {!undone && (
          <>
            <Text size="sm">Moved to the kept record:</Text>
            <MovedList merge={merge} />
          </>
        )}
        <Group gap="sm" mt="sm" wrap="wrap">
          <Button component={Link} to={paths.member(merge.keptId)}>
            Open {merge.keptName ?? 'member'}
          </Button>
          {undone ? (
            <Button component={Link} to={paths.member(merge.removedId)} variant="light">
              Open {merge.removedName}
            </Button>
          ) : (
            <Button variant="light" color="orange" onClick={() => setUndoing(merge)}>
              Undo merge
            </Button>
          )}
          <Button component={Link} to={paths.memberDuplicates} variant="default">
            Back to duplicates
          </Button>
        </Group>
      </Stack>
      <UndoMergeModal merge={undoing} onClose={() => setUndoing(null)} onUndone={() => setUndone(true)} />
    </Card>
  );
}

/** Issue 10: both records side by side; the leader picks the record that stays and each field's value, then merges. */
export function MergePage() {
  const [params] = useSearchParams();
  const zone = useChurchTimeZone();
  const idA = params.get('keep') ?? '';
  const idB = params.get('remove') ?? '';
  const qa = useQuery({ ...memberQuery(idA), enabled: !!idA });
  const qb = useQuery({ ...memberQuery(idB), enabled: !!idB });
  const [keep, setKeep] = useState<Side>('a');
  const [choice, setChoice] = useState<Partial<Record<Choosable, Side>>>({});
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<{ merge: MemberMerge; message: string } | null>(null);
  const merge = useMerge();

  const header = (
    <Group justify="space-between" wrap="wrap">
      <Title order={1}>Merge Members</Title>
      <Button component={Link} to={paths.memberDuplicates} variant="default" leftSection={<IconArrowLeft size={16} />}>
        Back to duplicates
      </Button>
    </Group>
  );
  if (done)
    return (
      <Stack gap="lg">
        {header}
        <Done merge={done.merge} message={done.message} />
      </Stack>
    );
  if (!idA || !idB || idA === idB)
    return (
      <Stack gap="lg">
        {header}
        <Alert color="yellow">Choose two different members to merge from the list of possible duplicates.</Alert>
      </Stack>
    );
  if (qa.isPending || qb.isPending)
    return (
      <Stack gap="lg">
        {header}
        <Skeleton height={360} />
      </Stack>
    );
  if (qa.isError || qb.isError)
    return (
      <Stack gap="lg">
        {header}
        <Alert color="red" title="Failed to get member">
          One of these records could not be loaded; it may have been merged or deleted already.
        </Alert>
      </Stack>
    );

  const a = qa.data;
  const b = qb.data;
  const other: Side = keep === 'a' ? 'b' : 'a';
  const kept = keep === 'a' ? a : b;
  const removed = keep === 'a' ? b : a;
  const fields: Choosable[] = [...MERGE_FIELDS, 'household'];
  const differs = (f: Choosable) => JSON.stringify(valueOf(a, f)) !== JSON.stringify(valueOf(b, f));
  // Unless told otherwise: the filled value, the earlier join date, a yes for volunteer (contract rules/merge-defaults).
  const sideOf = (f: Choosable): Side => choice[f] ?? (mergeDefault(f, valueOf(kept, f), valueOf(removed, f)) === 'remove' ? other : keep);
  const choosable = fields.filter(differs);
  const same = fields.filter((f) => !differs(f));

  const submit = async () => {
    const side = (f: Choosable) => (sideOf(f) === keep ? 'keep' : 'remove');
    try {
      const res = await merge.mutateAsync({
        keepId: kept.member.id,
        removeId: removed.member.id,
        fields: Object.fromEntries(MERGE_FIELDS.filter(differs).map((f) => [f, side(f)])),
        household: differs('household') ? side('household') : 'keep',
      });
      notify.success(res.message);
      setConfirming(false);
      setDone({ merge: res.data.merge, message: res.message });
    } catch (err) {
      setConfirming(false);
      if (!(err instanceof ApiError && err.status === 403)) notify.error(err instanceof ApiError ? err.message : 'Failed to merge members');
    }
  };

  return (
    <Stack gap="lg">
      {header}
      <Card withBorder radius="md" padding="md">
        <Radio.Group
          label="Which record stays?"
          description="The other record is removed; everything linked to it moves to the one that stays."
          value={keep}
          onChange={(v) => setKeep(v as Side)}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
            {(
              [
                ['a', a],
                ['b', b],
              ] as const
            ).map(([s, d]) => (
              <Radio.Card key={s} value={s} radius="md" p="sm" aria-label={`Keep record ${s.toUpperCase()}: ${d.member.name}`}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed">
                      Record {s.toUpperCase()} · added {formatDay(d.member.createdAt, zone)}
                    </Text>
                    <Text fw={600} size="sm">
                      {d.member.name}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {d.member.email ?? (d.member.phone ? formatPhone(d.member.phone) : 'No e-mail or phone')}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Choose each value
          </Title>
          {choosable.length === 0 ? (
            <Text size="sm">Both records hold the same values.</Text>
          ) : (
            choosable.map((f) => (
              <ChoiceRow key={f} field={f} a={a} b={b} value={sideOf(f)} onChange={(s) => setChoice((c) => ({ ...c, [f]: s }))} />
            ))
          )}
          {same.length > 0 && (
            <Text size="sm" c="dimmed">
              The same in both: {same.map((f) => (f === 'household' ? 'Household' : MERGE_FIELD_LABELS[f])).join(', ')}.
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Spiritual gifts and ministry interests of both are kept together. Prayers, gifts, event registrations and check-ins, chat
            messages, care notes and notifications of both stay, on the record that stays.
          </Text>
        </Stack>
      </Card>

      <Group justify="flex-end">
        <Button leftSection={<IconArrowsJoin size={16} />} onClick={() => setConfirming(true)}>
          Merge records
        </Button>
      </Group>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Merge ${mergeLabel(removed.member, formatPhone)} into ${mergeLabel(kept.member, formatPhone)}?`}
        centered
      >
        <Text size="sm">
          {`${removed.member.name}'s record is removed and everything linked to it moves to ${kept.member.name}. You can undo this from the list of recent merges.`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button loading={merge.isPending} onClick={submit}>
            Merge
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
