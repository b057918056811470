import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCancelEvent } from '../api/manage';

/** Issue 31: cancel, not only delete — the event stays listed as cancelled and those registered are told why. */
export function CancelEventModal({ event, onClose }: { event: { id: string; title: string } | null; onClose: () => void }) {
  const cancel = useCancelEvent();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const confirm = async () => {
    if (!event) return;
    try {
      await cancel.mutateAsync({ id: event.id, reason });
      notify.success(EVENT_TEXTS.cancelled);
      close();
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : EVENT_TEXTS.cancelFailed);
    }
  };
  return (
    <Modal opened={!!event} onClose={close} title={`Cancel ${event?.title ?? 'event'}?`} centered>
      <Text size="sm">{EVENT_TEXTS.cancelConfirm}</Text>
      <Textarea
        mt="md"
        label="Reason (told to those registered)"
        maxLength={500}
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          Keep event
        </Button>
        <Button color="orange" loading={cancel.isPending} onClick={confirm}>
          Cancel event
        </Button>
      </Group>
    </Modal>
  );
}
