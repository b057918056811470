import { Badge, Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ConnectionStatus as Status } from '../lib/chat-connection';

const COLORS: Record<Status, string> = { connected: 'green', connecting: 'yellow', disconnected: 'gray' };
const LABELS: Record<Status, string> = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected' };

/** The connection state, and a Reconnect button while disconnected (spec §2.3). */
export function ConnectionStatus({ status, lastClose, onReconnect }: { status: Status; lastClose: number | null; onReconnect(): void }) {
  // Before the first attempt (the 2 s auto-connect delay) the chat is on its way, not lost.
  const shown: Status = status === 'disconnected' && lastClose === null ? 'connecting' : status;
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={COLORS[shown]} variant="dot" data-testid="chat-status">
        {LABELS[shown]}
      </Badge>
      {shown === 'disconnected' && (
        <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onReconnect}>
          Reconnect
        </Button>
      )}
    </Group>
  );
}
