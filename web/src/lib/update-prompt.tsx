import { Button, Group, Text } from '@mantine/core';
import { notify } from './notify';

export const UPDATE_TEXT = 'A new version of the app is available.';

/** The toast a member sees after a deploy: the new version starts when they choose, not mid-task. */
export function showUpdatePrompt(onReload: () => void) {
  notify.custom({
    id: 'app-update',
    autoClose: false,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{UPDATE_TEXT}</Text>
        {/* The text wraps on a phone; the button keeps its whole label. */}
        <Button size="compact-sm" onClick={onReload} style={{ flexShrink: 0 }}>
          Reload
        </Button>
      </Group>
    ),
  });
}
