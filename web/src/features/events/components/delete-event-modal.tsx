import { useQuery } from '@tanstack/react-query';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import { notify } from '../../../lib/notify';
import { attendanceQuery, useDeleteEvent } from '../api/manage';

/**
 * Spec 001 §2: delete asks for confirmation first. Issue 31: administrators only (the caller shows the
 * button to them alone), and the confirmation names how many registrations and check-ins go with it.
 */
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
  const sheet = useQuery({ ...attendanceQuery(event?.id ?? ''), enabled: !!event });
  const counts = sheet.data
    ? EVENT_TEXTS.deleteCounts(sheet.data.registeredCount + sheet.data.waitlistedCount, sheet.data.checkedInCount)
    : null;
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
      message={counts ? `${EVENT_TEXTS.deleteConfirm} ${counts}` : EVENT_TEXTS.deleteConfirm}
      pending={del.isPending || (!!event && sheet.isPending)}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
