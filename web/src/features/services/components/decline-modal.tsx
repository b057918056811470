import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SERVICE_LIMITS } from '@church/contract/services';
import { candidatesQuery } from '../api';

/** Decline with an optional reason and a proposed substitute among the free team members. */
export function DeclineModal({
  assignmentId,
  onClose,
  onDecline,
  busy,
}: {
  assignmentId: string | null;
  onClose: () => void;
  onDecline: (body: { reason?: string; substituteId?: string }) => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [substitute, setSubstitute] = useState<string | null>(null);
  const candidates = useQuery({ ...candidatesQuery(assignmentId ?? ''), enabled: !!assignmentId });
  return (
    <Modal opened={!!assignmentId} onClose={onClose} title="Decline" centered>
      <Stack>
        <Textarea
          label="Reason (optional)"
          maxLength={SERVICE_LIMITS.reasonMax}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Select
          label="Suggest someone free that day (optional)"
          placeholder={candidates.data?.length === 0 ? 'Nobody on the team is free' : 'Choose a team member'}
          data={(candidates.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={substitute}
          onChange={setSubstitute}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => onDecline({ reason: reason.trim() || undefined, substituteId: substitute ?? undefined })}
          >
            Decline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
