import { useEffect, useMemo, useState } from 'react';
import { Box, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CHAT, CHAT_TEXTS } from '@church/contract/chat/constants';
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

/** Spec 002 §2.3 desktop chat: rooms on the left (first selected), the room on the right with a 600 px message area. */
export function ChatPage() {
  const { user } = useSession();
  const rooms = useRooms();
  const { conn, ...snapshot } = useChatConnection();
  const [selectedId, setSelectedId] = useState<string | null>(null);

  useEffect(() => {
    if (!selectedId && rooms.data?.[0]) setSelectedId(rooms.data[0].id);
  }, [rooms.data, selectedId]);
  const room = useMemo(() => rooms.data?.find((r) => r.id === selectedId) ?? null, [rooms.data, selectedId]);
  const view = useChatRoom(conn, snapshot, room, { reloadAfterSend: true });
  const actions = useChatActions(conn, room?.id ?? null);
  const reply = useReplyTo(room?.id ?? null);
  const sending = view.messages.some((m) => m.status === 'sending');

  return (
    // Inside the member desktop shell (its navigation replaces the old Back to Dashboard link).
    <Box>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={1} size="h2">
            Church Chat
          </Title>
          <Text c="dimmed" size="sm">
            Fellowship, prayer and news with your church family
          </Text>
        </div>
        <ConnectionStatus status={snapshot.status} lastClose={snapshot.lastClose} onReconnect={() => conn.reconnect()} />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper withBorder p="sm" radius="md">
            <Text fw={700} size="sm" mb="xs">
              Chat Rooms
            </Text>
            <RoomList rooms={rooms} selectedId={selectedId} onSelect={(r) => setSelectedId(r.id)} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Paper withBorder radius="md">
            {room ? (
              <Stack gap={0}>
                <Box px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                  <Title order={4}>{room.name}</Title>
                  <Text size="sm" c="dimmed">
                    {room.description}
                  </Text>
                </Box>
                <MessageList
                  messages={view.messages}
                  meId={user?.id ?? null}
                  loading={!room.isMember || view.history.isPending}
                  error={view.history.isError}
                  onReload={() => view.history.refetch()}
                  onRetry={actions.retry}
                  onReact={actions.react}
                  onReply={room.canPost ? reply.startReply : undefined}
                  typing={view.typing}
                  hasOlder={view.hasOlder}
                  loadingOlder={view.loadingOlder}
                  onLoadOlder={view.loadOlder}
                  height={CHAT.chatAreaHeightPx}
                />
                <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                  <MessageInput
                    conn={conn}
                    room={room}
                    connected={snapshot.status === 'connected'}
                    sending={sending}
                    replyTo={reply.replyTo}
                    onCancelReply={reply.cancelReply}
                  />
                </Box>
              </Stack>
            ) : (
              <Stack align="center" justify="center" h={CHAT.chatAreaHeightPx} gap={4}>
                <Text c="dimmed">{CHAT_TEXTS.selectRoom}</Text>
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
