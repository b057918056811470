import { Button, Group, List, Modal, Text } from '@mantine/core';
import { MOVED_LABELS, type MemberMerge } from '@church/contract/members-merge';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUndoMerge } from '../api/merges';

/** "3 prayer requests", "1 gift" … from a merge's per-table counts. */
export function movedLines(merge: Pick<MemberMerge, 'moved' | 'dropped'>): string[] {
  const lines: string[] = [];
  for (const [where, n] of Object.entries(merge.moved)) {
    const [one, many] = MOVED_LABELS[where] ?? [
      `${where.split('.')[0]!.replace(/_/g, ' ')} record`,
      `${where.split('.')[0]!.replace(/_/g, ' ')} records`,
    ];
    lines.push(`${n} ${n === 1 ? one : many}`);
  }
  const dropped = Object.values(merge.dropped).reduce((a, b) => a + b, 0);
  if (dropped)
    lines.push(`${dropped} duplicate ${dropped === 1 ? 'entry' : 'entries'} already held by the kept record (kept aside for an undo)`);
  return lines;
}

export function MovedList({ merge }: { merge: Pick<MemberMerge, 'moved' | 'dropped'> }) {
  const lines = movedLines(merge);
  if (!lines.length) return <Text size="sm">No related records needed moving.</Text>;
  return (
    <List size="sm" spacing={2} data-testid="merge-moved">
      {lines.map((l) => (
        <List.Item key={l}>{l}</List.Item>
      ))}
    </List>
  );
}

/** Undo asks first: the removed person comes back with exactly the records that moved. */
export function UndoMergeModal({ merge, onClose, onUndone }: { merge: MemberMerge | null; onClose: () => void; onUndone?: () => void }) {
  const undo = useUndoMerge();
  const confirm = async () => {
    if (!merge) return;
    try {
      const res = await undo.mutateAsync(merge.id);
      notify.success(res.message);
      onClose();
      onUndone?.();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403))
        notify.error(err instanceof ApiError ? err.message : 'Failed to undo the merge');
    }
  };
  return (
    <Modal opened={!!merge} onClose={onClose} title="Undo this merge?" centered>
      <Text size="sm">
        {merge
          ? `${merge.removedName} comes back as a separate member, with exactly the records that were moved to ${merge.keptName ?? 'the kept member'}; ${merge.keptName ?? 'the kept member'} gets back the values it had before.`
          : ''}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="orange" loading={undo.isPending} onClick={confirm}>
          Undo merge
        </Button>
      </Group>
    </Modal>
  );
}
