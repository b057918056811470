import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { MEMBER_TEXTS } from '@church/contract/members-manage';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDeleteMember } from '../api/members';

/** Spec 001 §2 /members: delete asks for confirmation first. */
export function DeleteMemberModal({
  member,
  onClose,
  onDeleted,
}: {
  member: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteMember();
  const confirm = async () => {
    if (!member) return;
    try {
      await del.mutateAsync(member.id);
      notify.success(MEMBER_TEXTS.deleted);
      onClose();
      onDeleted?.();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403))
        notify.error(err instanceof ApiError && err.status === 400 ? err.message : MEMBER_TEXTS.deleteFailed);
    }
  };
  return (
    <ConfirmDeleteModal
      opened={!!member}
      title={`Delete ${member?.name ?? 'member'}?`}
      message={member ? MEMBER_TEXTS.deleteConfirm(member.name) : ''}
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
