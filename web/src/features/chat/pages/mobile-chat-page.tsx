import { useMemo, useState } from 'react';
import { ActionIcon, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useSession } from '../../../lib/session';
import { useRooms } from '../api/chat-api';
import { useChatConnection } from '../hooks/use-chat-connection';
import { useChatRoom } from '../hooks/use-chat-room';
import { useChatActions } from '../hooks/use-chat-actions';
import { useReplyTo } from '../hooks/use-reply-to';
import { RoomList } from '../components/room-list';
import { MessageList } from '../components/message-list';
import { MessageInput } from '../components/message-input';
import { ConnectionStatus } from '../components/connection-status';
import { RoomInfo } from '../components/room-info';

type View = { kind: 'list' } | { kind: 'room'; roomId: string } | { kind: 'info'; roomId: string };

/** Spec 002 §2.3 mobile chat: room list, then the room, then its info with Leave Room. */
export function MobileChatPage() {
  const { user } = useSession();
  const rooms = useRooms();
  const { conn, ...snapshot } = useChatConnection();
  const [view, setView] = useState<View>({ kind: 'list' });
  const roomId = view.kind === 'list' ? null : view.roomId;
  const room = useMemo(() => rooms.data?.find((r) => r.id === roomId) ?? null, [rooms.data, roomId]);
  const chat = useChatRoom(conn, snapshot, view.kind === 'room' ? room : null);
  const actions = useChatActions(conn, room?.id ?? null);
  const reply = useReplyTo(room?.id ?? null);
  const sending = chat.messages.some((m) => m.status === 'sending');

  if (view.kind === 'info' && room) {
    return <RoomInfo room={room} onBack={() => setView({ kind: 'room', roomId: room.id })} onLeft={() => setView({ kind: 'list' })} />;
  }

  if (view.kind === 'room' && room) {
    return (
      <Stack gap={0} h="calc(100dvh - 130px)" style={{ minHeight: 360 }}>
        <Group px="sm" py={8} gap="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <ActionIcon variant="subtle" aria-label="Back to rooms" onClick={() => setView({ kind: 'list' })}>
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} truncate>
              {room.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {room.memberCount} members
            </Text>
          </Box>
          <ConnectionStatus status={snapshot.status} lastClose={snapshot.lastClose} onReconnect={() => conn.reconnect()} />
          <ActionIcon variant="subtle" aria-label="Room info" onClick={() => setView({ kind: 'info', roomId: room.id })}>
            <IconInfoCircle size={20} />
          </ActionIcon>
        </Group>
        <Box style={{ flex: 1, minHeight: 0 }}>
          <MessageList
            messages={chat.messages}
            meId={user?.id ?? null}
            loading={!room.isMember || chat.history.isPending}
            error={chat.history.isError}
            onReload={() => chat.history.refetch()}
            onRetry={actions.retry}
            onReact={actions.react}
            onReply={room.canPost ? reply.startReply : undefined}
            typing={chat.typing}
            hasOlder={chat.hasOlder}
            loadingOlder={chat.loadingOlder}
            onLoadOlder={chat.loadOlder}
            height="100%"
          />
        </Box>
        <Box p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <MessageInput
            conn={conn}
            room={room}
            connected={snapshot.status === 'connected'}
            sending={sending}
            compact
            replyTo={reply.replyTo}
            onCancelReply={reply.cancelReply}
          />
        </Box>
      </Stack>
    );
  }

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Church Chat
        </Title>
        <ConnectionStatus status={snapshot.status} lastClose={snapshot.lastClose} onReconnect={() => conn.reconnect()} />
      </Group>
      <RoomList rooms={rooms} selectedId={null} onSelect={(r) => setView({ kind: 'room', roomId: r.id })} />
    </Stack>
  );
}
