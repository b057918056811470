import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
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
    <ConfirmDeleteModal
      opened={!!event}
      title={`Delete ${event?.title ?? 'event'}?`}
      message={EVENT_TEXTS.deleteConfirm}
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
