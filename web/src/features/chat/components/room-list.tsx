import { Alert, Badge, Button, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconHash, IconSpeakerphone } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ChatRoom } from '@church/contract/chat/rooms';
import { DEFAULT_ROOMS } from '@church/contract/chat/rooms';
import { CHAT_TEXTS } from '@church/contract/chat/constants';
import { can } from '@church/contract/roles';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/notify';
import { useInitializeRooms } from '../api/chat-api';

interface Props {
  rooms: UseQueryResult<ChatRoom[]>;
  selectedId: string | null;
  onSelect(room: ChatRoom): void;
}

/** The room list of both screens, with its loading, error and empty states. */
export function RoomList({ rooms, selectedId, onSelect }: Props) {
  const { user } = useSession();
  const init = useInitializeRooms();
  if (rooms.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading chat rooms">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (rooms.isError) {
    return (
      <Alert color="red" title={CHAT_TEXTS.loadRoomsFailed}>
        <Button size="xs" variant="light" color="red" onClick={() => rooms.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (rooms.data.length === 0) {
    // Spec §2.3: the default rooms are shown when the backend has none; admin-type roles may create them.
    return (
      <Stack gap={4}>
        {DEFAULT_ROOMS.map((r) => (
          <NavLink key={r.name} label={r.name} description={r.description} disabled leftSection={<IconHash size={16} />} />
        ))}
        {can(user, 'chat:initialize') ? (
          <Button
            mt="sm"
            loading={init.isPending}
            onClick={() => init.mutate(undefined, { onError: () => notify.error(CHAT_TEXTS.loadRoomsFailed) })}
          >
            Initialize Rooms
          </Button>
        ) : (
          <Text size="sm" c="dimmed" mt="sm">
            Chat rooms have not been set up yet. Ask a church administrator to open them.
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4} role="list" aria-label="Chat rooms">
      {rooms.data.map((room) => (
        <NavLink
          key={room.id}
          role="listitem"
          active={room.id === selectedId}
          onClick={() => onSelect(room)}
          label={
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} truncate>
                {room.name}
              </Text>
              {room.unreadCount > 0 && (
                <Badge size="sm" circle={room.unreadCount < 10} color="red" aria-label={`${room.unreadCount} unread`}>
                  {room.unreadCount}
                </Badge>
              )}
            </Group>
          }
          description={`${room.memberCount} member${room.memberCount === 1 ? '' : 's'}${room.isMember ? '' : ' · tap to join'}`}
          leftSection={room.type === 'announcement' ? <IconSpeakerphone size={16} /> : <IconHash size={16} />}
          styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
        />
      ))}
    </Stack>
  );
}
