import { Button, Group, Modal, Text } from '@mantine/core';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import { notify } from '../../../lib/notify';
import { useDeleteEvent } from '../api/manage';

/** Spec 001 §2: delete asks for confirmation first. */
export function DeleteEventModal({
  event,
  onClose,
  onDeleted,
}: {
  event: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteEvent();
  const confirm = async () => {
    if (!event) return;
    try {
      await del.mutateAsync(event.id);
      notify.success(EVENT_TEXTS.deleted);
      onClose();
      onDeleted?.();
    } catch {
      notify.error(EVENT_TEXTS.deleteFailed);
    }
  };
  return (
    <Modal opened={!!event} onClose={onClose} title={`Delete ${event?.title ?? 'event'}?`} centered>
      <Text size="sm">{EVENT_TEXTS.deleteConfirm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={del.isPending} onClick={confirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
