import { Modal, Stack, Text } from '@mantine/core';
import type { Sermon } from '@church/contract/sermons';
import { SermonPlayer } from './sermon-player';

/** Spec 001 §2: player state none / video / audio. */
export type PlayerState = { sermon: Sermon; kind: 'video' | 'audio' } | null;

/** The library's player dialog (the player itself: sermon-player.tsx). */
export function SermonPlayerModal({ state, onClose }: { state: PlayerState; onClose: () => void }) {
  return (
    <Modal opened={!!state} onClose={onClose} title={state?.sermon.title} size="xl" centered radius="lg">
      {state && (
        <Stack>
          <SermonPlayer sermon={state.sermon} kind={state.kind} />
          <Text size="sm" c="dimmed">
            {state.sermon.speaker}
            {state.sermon.series ? ` · ${state.sermon.series}` : ''}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
