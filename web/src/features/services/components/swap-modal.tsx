import { Alert, Button, Group, Loader, Modal, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { candidatesQuery } from '../api';

/** Hand a place to someone on the team who is free that day (the only people offered). */
export function SwapModal({
  assignmentId,
  onClose,
  onSwap,
  busy,
}: {
  assignmentId: string | null;
  onClose: () => void;
  onSwap: (userId: string) => void;
  busy: boolean;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const candidates = useQuery({ ...candidatesQuery(assignmentId ?? ''), enabled: !!assignmentId });
  return (
    <Modal opened={!!assignmentId} onClose={onClose} title="Swap with someone free that day" centered>
      <Stack>
        {candidates.isLoading && <Loader size="sm" aria-label="Loading team members" />}
        {candidates.isError && <Alert color="red">Could not load who is free. Try again.</Alert>}
        {candidates.data?.length === 0 && <Alert color="yellow">Nobody else on the team is free that day.</Alert>}
        {!!candidates.data?.length && (
          <Radio.Group label="Who takes your place?" value={choice} onChange={setChoice}>
            <Stack gap="xs" mt="xs">
              {candidates.data.map((c) => (
                <Radio key={c.id} value={c.id} label={c.name} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!choice} loading={busy} onClick={() => choice && onSwap(choice)}>
            Ask them
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
