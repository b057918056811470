import { Button, Group, Modal, Text } from '@mantine/core';

/** The one "Delete …?" confirmation (spec 001: delete asks first); each feature supplies its texts and its call. */
export function ConfirmDeleteModal({
  opened,
  title,
  message,
  pending,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  message: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
